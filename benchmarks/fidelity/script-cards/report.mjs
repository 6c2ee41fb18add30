/**
 * The script cards' report (issue 40's outside check): per script or feature, mean and lowest Pictor dSSIM against
 * both Chromium references — the cards with their faces as they name them (local faces by family, or their own
 * `@font-face` rules) and with every named family loaded as a web font (`--web-fonts`, web-fonts.mjs) — the tuning
 * part and the held-out part apart. Held-out cards are never named. Then the issue's targets, checked.
 */
import { classify } from '../report-kinds.mjs';

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(4) : '–');
const meanOf = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const minOf = (xs) => (xs.length ? Math.min(...xs) : Number.NaN);

function line(label, rows, named) {
  const local = rows.filter((r) => r.pictor && !r.pictor.error).map((r) => r.pictor.dssim);
  const web = rows.filter((r) => r.web && !r.web.error).map((r) => r.web.dssim);
  const base = rows.filter((r) => r.baseline && !r.baseline.error).map((r) => r.baseline.dssim);
  const lowest = rows
    .filter((r) => r.pictor && !r.pictor.error)
    .reduce((a, r) => (!a || r.pictor.dssim < a.pictor.dssim ? r : a), undefined);
  const gap = meanOf(web) - meanOf(local);
  return `| ${label} | ${rows.length} | ${local.length}/${rows.length} | ${fmt(meanOf(local))} | ${fmt(minOf(local))}${named && lowest ? ` (${lowest.name})` : ''} | ${fmt(meanOf(web))} | ${fmt(minOf(web))} | ${Number.isFinite(gap) ? (gap >= 0 ? '+' : '') + gap.toFixed(4) : '–'} | ${fmt(meanOf(base))} |`;
}

/** Markdown lines for the rows of a `--corpus=scripts` run (each with pictor, web and baseline scores). */
export function scriptCardsReport(corpusDir, rows) {
  const info = new Map(rows.map((r) => [r.name, classify('scripts', corpusDir, r.name)]));
  const header = [
    '| script or feature | cards | Pictor renders | local faces: mean dSSIM | lowest | web faces: mean dSSIM | lowest | web − local | satori-html + satori (local) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const out = [];
  for (const [part, heldOut] of [
    ['tuning', false],
    ['held out (never tuned on; not named)', true],
  ]) {
    const partRows = rows.filter((r) => info.get(r.name).heldOut === heldOut);
    if (partRows.length === 0) continue;
    out.push(`### Script cards, ${part}: ${partRows.length} cards`, '', ...header);
    const scripts = [...new Set(partRows.map((r) => info.get(r.name).script))].sort();
    for (const script of scripts)
      out.push(
        line(
          script,
          partRows.filter((r) => info.get(r.name).script === script),
          !heldOut,
        ),
      );
    out.push(line('**all**', partRows, !heldOut), '');
    const local = partRows.filter((r) => r.pictor && !r.pictor.error);
    const webGaps = partRows
      .filter((r) => r.web && !r.web.error && r.pictor && !r.pictor.error && !r.web.same)
      .map((r) => r.web.dssim - r.pictor.dssim);
    out.push(
      `Targets (issue 40) on this part: every card renders — ${local.length}/${partRows.length}; mean ≥ 0.95 — ${fmt(meanOf(local.map((r) => r.pictor.dssim)))}; no card below 0.90 — ${local.filter((r) => r.pictor.dssim < 0.9).length} below; web faces within 0.01 of local — ${webGaps.length ? `${webGaps.filter((g) => Math.abs(g) <= 0.01).length}/${webGaps.length} cards, largest gap ${fmt(Math.max(...webGaps.map(Math.abs)))}` : 'not measured (run with --web-fonts)'}.`,
      '',
    );
  }
  return out;
}
