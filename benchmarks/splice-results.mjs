/**
 * Copy the latest render and HTTP results into benchmarks/RESULTS.md, between their section headings, one level
 * down (`## Latency` → `### Latency`). The hand-written parts (commands, analysis, soak, fidelity) stay as they are.
 *
 *   node benchmarks/render/run.mjs && node benchmarks/http/run.mjs && node benchmarks/splice-results.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, 'RESULTS.md');

const sections = [
  { heading: '## Render: the reference card (issue 2)', source: join(here, 'render/RESULTS.md') },
  { heading: '## HTTP: operations A and B (issue 3)', source: join(here, 'http/RESULTS.md') },
];

/** A sub-result without its title, headings one level down. */
function body(file) {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  if (lines[0]?.startsWith('# ')) lines.shift();
  return lines
    .map((line) => (line.startsWith('## ') ? `#${line}` : line))
    .join('\n')
    .trim();
}

let text = readFileSync(target, 'utf8');
for (const { heading, source } of sections) {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`${target}: no "${heading}" section`);
  const afterHeading = start + heading.length + 1;
  const next = text.indexOf('\n## ', afterHeading);
  const end = next < 0 ? text.length : next + 1;
  text = `${text.slice(0, afterHeading)}\n${body(source)}\n\n${text.slice(end)}`;
}
writeFileSync(target, text);
console.error(`updated ${target}`);
