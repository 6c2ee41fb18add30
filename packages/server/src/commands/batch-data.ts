/** The rows of `pictor batch DATA` file, by its extension (the parsing is src/batches/batch-rows.ts, shared with the studio). */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { type BatchRow, type BatchRowsFormat, parseBatchRows } from '../batches/batch-rows.js';

export { type BatchRow, parseCsv } from '../batches/batch-rows.js';

const FORMATS: Record<string, BatchRowsFormat> = {
  '.csv': 'csv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};

/** Read the rows of `file` by its extension (.csv, .json, .ndjson or .jsonl). @throws Error naming the row */
export async function readBatchRows(file: string): Promise<BatchRow[]> {
  const format = FORMATS[extname(file).toLowerCase()];
  if (!format) throw new Error(`${file}: the data file must end in .csv, .json, .ndjson or .jsonl`);
  return parseBatchRows(await readFile(file, 'utf8'), format, file);
}
