#!/usr/bin/env node
/**
 * Render every example template in ./templates with its sample variables into ./out/.
 *
 *   pnpm --filter @pictor/core build      # once: the examples import the built package
 *   node examples/render-examples.mjs     # or: pnpm --filter @pictor/examples render
 *
 * Options: --format png|jpeg|webp (override every template's format), --only <id>.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileTemplate, createRenderer, PictorError } from '@pictor/core';

const here = dirname(fileURLToPath(import.meta.url));
const templatesDir = join(here, 'templates');
const outDir = join(here, 'out');
const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp' };

const { values: args } = parseArgs({
  options: { format: { type: 'string' }, only: { type: 'string' } },
});
if (args.format && !(args.format in EXTENSIONS)) {
  console.error(`--format must be png, jpeg or webp (got ${args.format})`);
  process.exit(2);
}

/** Every `<id>.json` template with its `<id>.variables.json` sample. */
async function loadExamples() {
  const files = (await readdir(templatesDir)).filter(
    (f) => f.endsWith('.json') && !f.endsWith('.variables.json'),
  );
  const examples = [];
  for (const file of files.sort()) {
    const id = file.slice(0, -'.json'.length);
    if (args.only && args.only !== id) continue;
    const definition = JSON.parse(await readFile(join(templatesDir, file), 'utf8'));
    const variables = JSON.parse(await readFile(join(templatesDir, `${id}.variables.json`), 'utf8'));
    examples.push({ id, definition, variables });
  }
  return examples;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const examples = await loadExamples();
if (examples.length === 0) {
  console.error(`no templates found in ${templatesDir}${args.only ? ` with id ${args.only}` : ''}`);
  process.exit(1);
}
await mkdir(outDir, { recursive: true });
const renderer = createRenderer();
let failed = 0;
try {
  for (const { id, definition, variables } of examples) {
    try {
      // Compile once (checks the definitions, parses Mustache, compiles the JSON Schema); a server keeps this.
      const template = compileTemplate(definition);
      const input = { template, variables, ...(args.format ? { format: args.format } : {}) };
      // The first render of a worker also loads fonts and emoji; the second shows the steady-state time.
      let started = performance.now();
      await renderer.renderTemplate(input);
      const firstMs = performance.now() - started;
      started = performance.now();
      const result = await renderer.renderTemplate(input);
      const ms = performance.now() - started;
      const name = `out/${id}.${EXTENSIONS[result.format]}`;
      await writeFile(join(here, name), result.data);
      const stages = ['parse', 'layout', 'raster', 'encode']
        .map((stage) => `${stage} ${(result.timings?.[stage] ?? 0).toFixed(1)}`)
        .join(', ');
      console.log(
        `${name.padEnd(24)} ${`${result.width}×${result.height}`.padEnd(10)} ${kb(result.data.length).padStart(9)}` +
          `  ${ms.toFixed(0).padStart(4)} ms (first ${firstMs.toFixed(0)} ms; ${stages} ms)`,
      );
      for (const warning of result.warnings) console.log(`  warning: ${warning}`);
    } catch (error) {
      failed++;
      const what = error instanceof PictorError ? `${error.code}: ${error.message}` : (error?.stack ?? error);
      console.error(`${id}: failed — ${what}`);
    }
  }
} finally {
  await renderer.close();
}
process.exitCode = failed > 0 ? 1 : 0;
