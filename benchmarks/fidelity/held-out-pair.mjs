/**
 * Paired reading of the wider corpus's held-out part: two saved runs of `run.mjs --corpus=wider --held-out=only`
 * (their `out/results-wider.json`, e.g. this build and an earlier stop's build scored against the SAME Chromium
 * references with `--pictor-only --reuse-reference`) compared group by group — kind, document sub-kind, and the
 * cases a named list says joined later. Only aggregates of three or more cases are printed and no case is named
 * (wider/README.md, "Held-out part"): a case Pictor did not render counts as 0.
 *
 * Usage: node benchmarks/fidelity/held-out-pair.mjs <results-b.json> [<results-a.json>] [--new=<file of names>]
 *   prints, per group: cases, B's mean dSSIM, cases under 0.85; with A: A's mean on the same cases, and how many
 *   cases moved by more than 0.0005 either way.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupOf, isHeldOut } from './corpus-split.mjs';
import { LOW } from './report-kinds.mjs';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'wider');
const MIN_GROUP = 3;
const MOVED = 0.0005;

/**
 * A document's sub-kind, from its case.json `kind` and `description` (words the import scripts write): invoices and
 * tickets first, then résumés, then print documents, the rest articles. Stated here because the sub-kind figures of
 * RESULTS-wider.md depend on it.
 */
export function subKind(meta) {
  const group = groupOf(meta);
  if (group !== 'document') return group;
  const words = `${meta.kind ?? ''} ${meta.description ?? ''}`.toLowerCase();
  if (/invoice|receipt|estimate|packing|boarding|ticket/.test(words)) return 'invoices, receipts, tickets';
  if (/résumé|resume|\bcv\b|curriculum/.test(words)) return 'résumés';
  if (
    /print|book|chapter|slide|poster|flyer|brochure|menu|certificate|letter|report|handout|proposal|form/.test(
      words,
    )
  )
    return 'print documents';
  return 'articles';
}

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
const newFile = args.find((a) => a.startsWith('--new='))?.slice('--new='.length);
if (files.length < 1 || files.length > 2) {
  console.error(
    'usage: node benchmarks/fidelity/held-out-pair.mjs <results-b.json> [<results-a.json>] [--new=<names>]',
  );
  process.exit(2);
}
const load = (file) => new Map(JSON.parse(readFileSync(file, 'utf8')).rows.map((row) => [row.name, row]));
const [runB, runA] = files.map(load);
const joinedLater = new Set(newFile ? readFileSync(newFile, 'utf8').split(/\s+/).filter(Boolean) : []);
const score = (row) => (row?.pictor && !row.pictor.error ? row.pictor.dssim : 0);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

const groups = new Map();
const addTo = (label, name) => groups.set(label, [...(groups.get(label) ?? []), name]);
for (const name of runB.keys()) {
  if (!isHeldOut(name)) continue;
  const meta = JSON.parse(readFileSync(join(corpusDir, name, 'case.json'), 'utf8'));
  addTo('all held out', name);
  addTo(`kind: ${groupOf(meta)}`, name);
  if (groupOf(meta) === 'document') addTo(`document sub-kind: ${subKind(meta)}`, name);
  if (newFile) addTo(joinedLater.has(name) ? 'joined later (--new)' : 'earlier', name);
}

for (const [label, names] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  if (names.length < MIN_GROUP) {
    console.log(`${label}: ${names.length} cases (fewer than ${MIN_GROUP}: not reported)`);
    continue;
  }
  const b = names.map((name) => score(runB.get(name)));
  let text = `${label}: ${names.length} cases, mean ${mean(b).toFixed(4)}, under ${LOW}: ${b.filter((s) => s < LOW).length}`;
  if (runA) {
    const paired = names.filter((name) => runA.has(name));
    const a = paired.map((name) => score(runA.get(name)));
    const bPaired = paired.map((name) => score(runB.get(name)));
    const up = paired.filter((_, i) => bPaired[i] - a[i] > MOVED).length;
    const down = paired.filter((_, i) => a[i] - bPaired[i] > MOVED).length;
    text += ` | paired ${paired.length}: ${mean(a).toFixed(4)} → ${mean(bPaired).toFixed(4)} (up ${up}, down ${down})`;
  }
  console.log(text);
}
