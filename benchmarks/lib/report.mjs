/** Shared by the benchmarks: percentiles, machine description, markdown tables. */
import { execFileSync } from 'node:child_process';
import { loadavg, cpus, totalmem } from 'node:os';

/** The q-quantile (0..1) of a list of numbers, nearest-rank on the sorted list. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/** Median and p95 of a list of numbers. */
export function summarize(values) {
  return { median: quantile(values, 0.5), p95: quantile(values, 0.95), n: values.length };
}

/** A number with `digits` decimals, or `–` when it is not a number. */
export function fmt(value, digits = 1) {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

/** Bytes as KB with one decimal. */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A markdown table from a header row and rows of cells. */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The current 1-minute load average, for noting how quiet the machine was. */
export function load1() {
  return loadavg()[0];
}

/** One line describing the machine: cores, CPU model, memory, Node, load average at start. */
export function machineLine() {
  let nproc = String(cpus().length);
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {}
  const model = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  return `nproc ${nproc} (${model}), ${memory} RAM, Node ${process.version}, load average at start ${load}`;
}

/** Peak resident set size of this process so far, in MiB. */
export function peakRssMiB() {
  return process.resourceUsage().maxRSS / 1024;
}
