/** `pictor render INPUT -o OUT`: render a local HTML file or template file to an image file, without a server. */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import {
  compileTemplate,
  createRenderer,
  EXTENSION_OF_FORMAT,
  formatOfExtension,
  type ImageFormat,
  type VariableDefinition,
} from '@pictor/core';
import type { Command } from 'commander';
import { maxBytesArg, positiveInt, qualityArg } from './context.js';
import { readTemplateFile } from './template-file.js';
import { formatOption } from './templates.js';
import { parseAssignments } from './url-keys.js';

interface RenderFlags {
  output: string;
  baseDir?: string;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  maxBytes?: number;
  vars?: string;
  var: string[];
}

/** The output file extensions: each format's (core's map), and `.jpeg` beside `.jpg`. */
const EXTENSIONS = Object.values(EXTENSION_OF_FORMAT)
  .flatMap((ext) => (ext === 'jpg' ? ['jpg', 'jpeg'] : [ext]))
  .map((ext) => `.${ext}`);

/**
 * The format the output file's extension names; `--format` must agree with it.
 * @throws Error naming the extensions that work, or the disagreement
 */
export function outputFormat(output: string, flag: ImageFormat | undefined): ImageFormat {
  const extension = extname(output).toLowerCase();
  const format = extension === '.jpeg' ? 'jpeg' : formatOfExtension(extension.slice(1));
  if (!format) {
    throw new Error(
      `-o ${output}: the file name must end in ${EXTENSIONS.join(', ')} (the format follows it)${extension ? `, not ${extension}` : ''}`,
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
  return { ...variables, ...parseAssignments(flags.var) };
}

/** The first Mustache tag of an HTML file, and the name in it. */
const MUSTACHE_TAG = /\{\{\{?\s*[#^/&]?\s*([A-Za-z0-9_.-]+)/;

/**
 * Definitions for the variables given to an HTML file, which has none of its own: each value is drawn as it was
 * given (text, a number, true or false), escaped like any `{{name}}`.
 * @throws Error naming a value of another kind (lists and objects need a template file with definitions)
 */
export function definitionsOfValues(variables: Record<string, unknown>): Record<string, VariableDefinition> {
  const definitions: Record<string, VariableDefinition> = {};
  for (const [name, value] of Object.entries(variables)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') {
      throw new Error(
        `${name}: an HTML file takes text, numbers and true/false as variables; for lists and objects write a template file (.json) with definitions`,
      );
    }
    definitions[name] = { type: type as 'string' | 'number' | 'boolean' };
  }
  return definitions;
}

/** Render `input` (a `.json` template file, or HTML; templates are filled with the variables) to `flags.output`. */
export async function renderFile(
  input: string,
  flags: RenderFlags,
): Promise<{
  file: string;
  width: number;
  height: number;
  format: ImageFormat;
  bytes: number;
  quality?: number;
  colours?: number;
}> {
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
      const variables = await readVariables(flags);
      if (Object.keys(variables).length > 0) {
        // An HTML file with --var/--vars is a Mustache template: fill its tags with the values given.
        html = compileTemplate({ content: html, variables: definitionsOfValues(variables) }).fill(variables);
      } else {
        const tag = MUSTACHE_TAG.exec(html);
        if (tag) {
          process.stderr.write(
            `pictor: ${input} has Mustache tags ({{${tag[1]}}}) and no --var or --vars: they are drawn as written\n`,
          );
        }
      }
    }
    const result = await renderer.render({
      html,
      width: flags.width ?? defaults.width,
      height: flags.height ?? defaults.height,
      format,
      quality: flags.quality ?? defaults.quality,
      ...(flags.maxBytes === undefined ? {} : { maxBytes: flags.maxBytes }),
    });
    const file = resolve(flags.output);
    await writeFile(file, result.data);
    return {
      file,
      width: result.width,
      height: result.height,
      format: result.format,
      bytes: result.data.length,
      ...(result.budget?.quality === undefined ? {} : { quality: result.budget.quality }),
      ...(result.budget?.colours === undefined ? {} : { colours: result.budget.colours }),
    };
  } finally {
    await renderer.close();
  }
}

/** Register `render`. */
export function registerRenderCommand(program: Command): void {
  program
    .command('render <input>')
    .description(
      'Render a local HTML file or a template file (.json) to an image file; --var and --vars fill the Mustache tags of either',
    )
    .requiredOption(
      '-o, --output <file>',
      'image file to write: .png, .jpg (.jpeg), .webp or .avif, which sets the format',
    )
    .option(
      '--base-dir <dir>',
      "folder that relative URLs (images, fonts, style sheets) are read from (default: the input file's)",
    )
    .option('--width <px>', 'width (default: the template default, or the content width)', positiveInt)
    .option('--height <px>', 'height (default: the template default, or the content height)', positiveInt)
    .addOption(formatOption().default(undefined, 'the -o extension'))
    .option('--quality <q>', 'quality 0..100 (jpeg, webp, avif)', qualityArg)
    .option(
      '--max-bytes <n>',
      'byte budget (at least 1024): the highest quality (png: the most colours) that fits',
      maxBytesArg,
    )
    .option('--vars <file>', 'JSON file of template variables')
    .option('--var <name=value>', 'one template variable (repeatable)', collect, [])
    .action(async (input: string, flags: RenderFlags) => {
      const result = await renderFile(input, flags);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    });
}
