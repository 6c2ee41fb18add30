/**
 * Per-kind and per-script report of a corpus run: mean and lowest Pictor dSSIM for each kind of document (cards,
 * e-mails, framework pages, documents) and each script of the right-to-left / complex-script set, the held-out
 * part apart from the tuning part, and the tuning cases under 0.85. Held-out cases are never named (a name invites
 * looking at it): only their counts and means are reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupOf, isHeldOut } from './corpus-split.mjs';

/** Corpora whose cases are split by the held-out rule (the others are all tuning). */
export const SPLIT_CORPORA = new Set(['wider', 'scripts']);

const KIND_ORDER = ['card', 'e-mail', 'framework page', 'document'];
export const LOW = 0.85;

/** A row's kind, script and part, from its case.json. */
export function classify(corpusName, corpusDir, name) {
  const file = join(corpusDir, name, 'case.json');
  const meta = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return {
    group: groupOf(meta),
    script: meta.script,
    heldOut: SPLIT_CORPORA.has(corpusName) && isHeldOut(name),
  };
}

/** Whether a case passes the run's `--kind=` and `--held-out=` options. */
export function selected(info, { kind, heldOut }) {
  if (kind && info.group !== kind && info.script !== kind) return false;
  if (heldOut === 'only' && !info.heldOut) return false;
  if (heldOut === 'exclude' && info.heldOut) return false;
  return true;
}

const scored = (rows) => rows.filter((r) => r.pictor && !r.pictor.error);
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(4) : '–');

function line(label, part, rows, named) {
  const ok = scored(rows);
  const mean = ok.reduce((s, r) => s + r.pictor.dssim, 0) / Math.max(1, ok.length);
  const lowest = ok.reduce((a, r) => (!a || r.pictor.dssim < a.pictor.dssim ? r : a), undefined);
  const base = rows.filter((r) => r.baseline && !r.baseline.error);
  const baseMean = base.reduce((s, r) => s + r.baseline.dssim, 0) / Math.max(1, base.length);
  const under = ok.filter((r) => r.pictor.dssim < LOW).length;
  const min = lowest ? `${fmt(lowest.pictor.dssim)}${named ? ` (${lowest.name})` : ''}` : '–';
  return `| ${label} | ${part} | ${rows.length} | ${ok.length}/${rows.length} | ${ok.length ? fmt(mean) : '–'} | ${min} | ${under} | ${base.length ? fmt(baseMean) : '–'} |`;
}

/**
 * Markdown lines for one corpus's rows (each row: name, pictor {dssim|error}, baseline {dssim|error}).
 * `corpusDir` holds the case folders (their case.json says kind and script).
 */
export function kindReport(corpusName, corpusDir, rows) {
  const info = new Map(rows.map((r) => [r.name, classify(corpusName, corpusDir, r.name)]));
  const parts = SPLIT_CORPORA.has(corpusName)
    ? [
        ['tuning', rows.filter((r) => !info.get(r.name).heldOut), true],
        ['held out', rows.filter((r) => info.get(r.name).heldOut), false],
      ]
    : [['all (tuning)', rows, true]];
  const header = [
    '| kind | part | cases | Pictor renders | Pictor mean dSSIM | lowest | under 0.85 | satori-html + satori mean |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const kinds = [...new Set(rows.map((r) => info.get(r.name).group))].sort(
    (a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b),
  );
  const out = [`### ${corpusName}: per kind`, '', ...header];
  for (const [part, partRows, named] of parts) {
    for (const kind of kinds) {
      const of = partRows.filter((r) => info.get(r.name).group === kind);
      if (of.length) out.push(line(kind, part, of, named));
    }
    if (partRows.length) out.push(line('**all**', part, partRows, named));
  }
  const scripts = [...new Set(rows.map((r) => info.get(r.name).script).filter(Boolean))].sort();
  if (scripts.length) {
    out.push('', `### ${corpusName}: per script (right-to-left and complex scripts)`, '', ...header);
    for (const [part, partRows, named] of parts) {
      for (const script of scripts) {
        const of = partRows.filter((r) => info.get(r.name).script === script);
        if (of.length) out.push(line(script, part, of, named));
      }
    }
  }
  const low = parts
    .filter(([, , named]) => named)
    .flatMap(([, partRows]) => partRows)
    .filter((r) => !r.pictor || r.pictor.error || r.pictor.dssim < LOW)
    .sort((a, b) => (a.pictor?.dssim ?? -1) - (b.pictor?.dssim ?? -1));
  out.push(
    '',
    `Tuning cases under ${LOW} dSSIM or not rendered (${low.length}): ${
      low.map((r) => `${r.name} ${r.pictor?.error ? 'fails' : fmt(r.pictor.dssim)}`).join(', ') || 'none'
    }.`,
  );
  if (SPLIT_CORPORA.has(corpusName)) {
    const held = parts[1][1];
    const heldLow = held.filter((r) => !r.pictor || r.pictor.error || r.pictor.dssim < LOW).length;
    out.push(`Held-out cases under ${LOW} or not rendered: ${heldLow} of ${held.length} (not named).`);
  }
  return out;
}
