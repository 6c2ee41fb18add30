/** `pictor render INPUT -o OUT`: render a local HTML file or template file to an image file, without a server. */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { compileTemplate, createRenderer, type ImageFormat } from '@pictor/core';
import type { Command } from 'commander';
import { positiveInt, qualityArg } from './context.js';
import { readTemplateFile } from './template-file.js';
import { formatOption } from './templates.js';

interface RenderFlags {
  output: string;
  baseDir?: string;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  vars?: string;
  var: string[];
}

const FORMAT_OF_EXTENSION: Record<string, ImageFormat> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
};

/**
 * The format the output file's extension names; `--format` must agree with it.
 * @throws Error naming the extensions that work, or the disagreement
 */
export function outputFormat(output: string, flag: ImageFormat | undefined): ImageFormat {
  const extension = extname(output).toLowerCase();
  const format = FORMAT_OF_EXTENSION[extension];
  if (!format) {
    throw new Error(
      `-o ${output}: the file name must end in .png, .jpg, .jpeg or .webp (the format follows it)${extension ? `, not ${extension}` : ''}`,
    );
  }
  if (flag !== undefined && flag !== format) {
    throw new Error(`--format ${flag} does not match -o ${output} (${format}): change one of them`);
  }
  return format;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Variables from `--vars FILE.json` then each `--var name=value` (string values). */
async function readVariables(flags: RenderFlags): Promise<Record<string, unknown>> {
  const variables: Record<string, unknown> = flags.vars
    ? JSON.parse(await readFile(resolve(flags.vars), 'utf8'))
    : {};
  for (const pair of flags.var) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`--var ${pair}: must be name=value`);
    variables[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return variables;
}

/** Render `input` (a `.json` template file, or HTML; templates are filled with the variables) to `flags.output`. */
export async function renderFile(
  input: string,
  flags: RenderFlags,
): Promise<{ file: string; width: number; height: number; format: ImageFormat; bytes: number }> {
  const format = outputFormat(flags.output, flags.format);
  const isTemplate = extname(input).toLowerCase() === '.json';
  // Images, fonts and style sheets named relative to the file are read from its folder, and from nowhere else.
  const renderer = createRenderer({ workers: 0, baseDir: resolve(flags.baseDir ?? dirname(resolve(input))) });
  try {
    let html: string;
    let defaults: { width?: number; height?: number; quality?: number } = {};
    if (isTemplate) {
      const t = await readTemplateFile(input);
      const compiled = compileTemplate({ content: t.content, variables: t.variables });
      html = compiled.fill(await readVariables(flags));
      defaults = { width: t.width, height: t.height, quality: t.quality };
    } else {
      html = await readFile(resolve(input), 'utf8');
    }
    const result = await renderer.render({
      html,
      width: flags.width ?? defaults.width,
      height: flags.height ?? defaults.height,
      format,
      quality: flags.quality ?? defaults.quality,
    });
    const file = resolve(flags.output);
    await writeFile(file, result.data);
    return {
      file,
      width: result.width,
      height: result.height,
      format: result.format,
      bytes: result.data.length,
    };
  } finally {
    await renderer.close();
  }
}

/** Register `render`. */
export function registerRenderCommand(program: Command): void {
  program
    .command('render <input>')
    .description('Render a local HTML file, or a template file (.json) with variables, to an image file')
    .requiredOption(
      '-o, --output <file>',
      'image file to write: .png, .jpg (.jpeg) or .webp, which sets the format',
    )
    .option(
      '--base-dir <dir>',
      "folder that relative URLs (images, fonts, style sheets) are read from (default: the input file's)",
    )
    .option('--width <px>', 'width (default: the template default, or the content width)', positiveInt)
    .option('--height <px>', 'height (default: the template default, or the content height)', positiveInt)
    .addOption(formatOption().default(undefined, 'the -o extension'))
    .option('--quality <q>', 'quality 0..100 (jpeg, webp)', qualityArg)
    .option('--vars <file>', 'JSON file of template variables')
    .option('--var <name=value>', 'one template variable (repeatable)', collect, [])
    .action(async (input: string, flags: RenderFlags) => {
      const result = await renderFile(input, flags);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    });
}
