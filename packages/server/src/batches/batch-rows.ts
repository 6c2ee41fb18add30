/**
 * Batch rows from text, without Node (the CLI's `pictor batch DATA` and the studio's Batch tab both read them): CSV (a
 * header row; every value is text, so numbers and booleans need JSON), a JSON array (or `{items: [...]}`), or NDJSON
 * (one object per line). A row is an item (`{variables, id?, …}`) when it has `variables`; otherwise the row is the
 * variables, and an `id` column or key is the item's id.
 */

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

/** The kinds of row text. */
export type BatchRowsFormat = 'csv' | 'json' | 'ndjson';

/**
 * The rows of `text` in `format`; `label` starts each error (a file name, or "data").
 * @throws Error naming the row (CSV rows are counted with the header as row 1; NDJSON by line; JSON items from 0)
 */
export function parseBatchRows(text: string, format: BatchRowsFormat, label: string): BatchRow[] {
  if (format === 'csv') {
    const [header, ...rows] = parseCsv(text);
    if (!header) throw new Error(`${label}: the CSV text is empty (it needs a header row of variable names)`);
    return rows.map((cells, index) => {
      if (cells.length !== header.length)
        throw new Error(`${label}: row ${index + 2} has ${cells.length} fields, the header ${header.length}`);
      return toRow(
        Object.fromEntries(header.map((name, i) => [name, cells[i]])),
        `${label}: row ${index + 2}`,
      );
    });
  }
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`${label}: not JSON (${(error as Error).message})`);
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown })?.items;
    if (!Array.isArray(list)) throw new Error(`${label}: must be a JSON array of rows, or {"items": [...]}`);
    return list.map((value, index) => toRow(value, `${label}: item ${index}`));
  }
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== '')
    .map(({ line, index }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new Error(`${label}: line ${index + 1} is not JSON (${(error as Error).message})`);
      }
      return toRow(value, `${label}: line ${index + 1}`);
    });
}
