/**
 * The rows of `pictor batch DATA`: a CSV file (a header row; every value is text, so numbers and booleans need JSON),
 * a JSON array (or `{items: [...]}`), or NDJSON (one object per line). A row is an item (`{variables, id?, …}`) when it
 * has `variables`; otherwise the row is the variables, and an `id` column or key is the item's id.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';

/** One item as the API takes it. */
export interface BatchRow {
  id?: string;
  variables: Record<string, unknown>;
  [field: string]: unknown;
}

/** RFC 4180 CSV: fields separated by commas, quoted with `"` (a quote doubled inside), rows by CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

function toRow(value: unknown, where: string): BatchRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where}: must be an object (the variables, or {variables, id?, …})`);
  const record = value as Record<string, unknown>;
  if (typeof record.variables === 'object' && record.variables !== null) return record as BatchRow;
  const { id, ...variables } = record;
  return id === undefined ? { variables } : { id: String(id), variables };
}

/** Read the rows of `file` by its extension (.csv, .json, .ndjson or .jsonl). @throws Error naming the row */
export async function readBatchRows(file: string): Promise<BatchRow[]> {
  const text = await readFile(file, 'utf8');
  const extension = extname(file).toLowerCase();
  if (extension === '.csv') {
    const [header, ...rows] = parseCsv(text);
    if (!header) throw new Error(`${file}: the CSV file is empty (it needs a header row of variable names)`);
    return rows.map((cells, index) => {
      if (cells.length !== header.length)
        throw new Error(`${file}: row ${index + 2} has ${cells.length} fields, the header ${header.length}`);
      return toRow(
        Object.fromEntries(header.map((name, i) => [name, cells[i]])),
        `${file}: row ${index + 2}`,
      );
    });
  }
  if (extension === '.json') {
    const parsed = JSON.parse(text) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown })?.items;
    if (!Array.isArray(list)) throw new Error(`${file}: must be a JSON array of rows, or {"items": [...]}`);
    return list.map((value, index) => toRow(value, `${file}: item ${index}`));
  }
  if (extension === '.ndjson' || extension === '.jsonl') {
    return text
      .split(/\r?\n/)
      .map((line, index) => ({ line: line.trim(), index }))
      .filter(({ line }) => line !== '')
      .map(({ line, index }) => toRow(JSON.parse(line), `${file}: line ${index + 1}`));
  }
  throw new Error(`${file}: the data file must end in .csv, .json, .ndjson or .jsonl`);
}
