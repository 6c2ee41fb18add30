/**
 * The Batch tab: rows pasted or uploaded (CSV, JSON or NDJSON), checked by the server against the template's
 * variables (each problem names its row and field), then started as a batch, followed until it ends, cancelled,
 * and downloaded as a zip. The rows are parsed as `pictor batch` parses them; the checks are the server's own.
 */
import { type BatchRow, type BatchRowsFormat, parseBatchRows } from '../../src/batches/batch-rows.js';
import type { BatchObject, ItemProblem } from '../../src/batches/batch-shapes.js';
import { call, StudioError, type TemplateRecord, templatePath } from './api.js';
import { field, h, plural, replaceChildren, uid } from './dom.js';

/** How often a running batch is asked for its progress. */
const POLL_MS = 1000;

/** The format of pasted text: JSON when it is an array or `{items}`, NDJSON when it starts with an object, else CSV. */
export function detectFormat(text: string): BatchRowsFormat {
  const start = text.trimStart();
  if (start.startsWith('[')) return 'json';
  if (!start.startsWith('{')) return 'csv';
  try {
    JSON.parse(start);
    return 'json';
  } catch {
    return 'ndjson';
  }
}

const EXTENSIONS: Record<string, BatchRowsFormat> = {
  csv: 'csv',
  json: 'json',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
};

/** `items[2].variables.title: …` → the item index and the rest of the message. */
function itemOf(message: string): { item: number; rest: string } | undefined {
  const match = /^items\[(\d+)\]\.(.*)$/s.exec(message);
  return match ? { item: Number(match[1]), rest: match[2] as string } : undefined;
}

export function batchPanel(options: {
  record: () => TemplateRecord;
  announce: (message: string) => void;
  /** A batch ended (done or cancelled): the account's units changed. */
  finished: () => void;
}) {
  const text = h('textarea', {
    rows: 8,
    spellcheck: 'false',
    class: 'batch-rows',
    placeholder: 'id,title\na,First card\nb,Second card',
  });
  const formatSelect = h(
    'select',
    {},
    h('option', { value: '' }, 'Automatic'),
    h('option', { value: 'csv' }, 'CSV'),
    h('option', { value: 'json' }, 'JSON'),
    h('option', { value: 'ndjson' }, 'NDJSON'),
  );
  const upload = h('input', { type: 'file', accept: '.csv,.json,.ndjson,.jsonl,text/csv,application/json' });
  const useDraft = h('input', { type: 'checkbox', id: uid('batch-draft') });
  const checkButton = h('button', { type: 'button', onclick: () => void check() }, 'Check rows');
  const startButton = h(
    'button',
    { type: 'button', class: 'primary', onclick: () => void start() },
    'Start batch',
  );
  const problems = h('div', { class: 'batch-problems', role: 'status', 'aria-label': 'Row problems' });
  const progress = h('progress', { max: 1, value: 0, 'aria-label': 'Batch progress' });
  const progressText = h('p', { class: 'batch-progress-text', 'aria-live': 'polite' });
  const cancelButton = h(
    'button',
    { type: 'button', class: 'danger', onclick: () => void cancel() },
    'Cancel batch',
  );
  const download = h('a', { class: 'button-link', download: '' }, 'Download the zip');
  const progressSection = h(
    'section',
    { class: 'batch-progress', 'aria-label': 'Batch' },
    h('h3', {}, 'Progress'),
    progress,
    progressText,
    h('div', { class: 'actions' }, cancelButton, download),
  );
  progressSection.hidden = true;

  /** The rows and settings a passing check was made for: Start is offered only for those. */
  let checked: string | undefined;
  let rows: BatchRow[] = [];
  let batch: BatchObject | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const record = options.record;
  const accountQuery = () => `?accountId=${encodeURIComponent(record().accountId)}`;
  const batchPath = (id: string, suffix = '') =>
    `/batches/${encodeURIComponent(id)}${suffix}${accountQuery()}`;
  const key = () => JSON.stringify([text.value, formatSelect.value, useDraft.checked, record().id]);

  function refreshButtons(): void {
    const running = batch !== undefined && (batch.status === 'queued' || batch.status === 'running');
    startButton.disabled = checked !== key() || running;
    cancelButton.disabled = !running;
  }

  function invalidate(): void {
    checked = undefined;
    refreshButtons();
  }
  text.addEventListener('input', invalidate);
  formatSelect.addEventListener('change', invalidate);
  useDraft.addEventListener('change', invalidate);
  upload.addEventListener('change', async () => {
    const file = upload.files?.[0];
    if (!file) return;
    text.value = await file.text();
    formatSelect.value = EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
    invalidate();
    options.announce(`Read ${file.name}.`);
  });

  /** "Row 2 (id "b"): variables.title: must NOT …" */
  function rowLabel(item: number): string {
    const id = rows[item]?.id;
    return `Row ${item + 1}${id === undefined ? '' : ` (id "${id}")`}`;
  }

  function showProblems(list: { item?: number; message: string; field?: string }[], more = false): void {
    const items = list.map((p) => {
      const at = p.item === undefined ? undefined : itemOf(p.message);
      const text = p.item === undefined ? p.message : `${rowLabel(p.item)}: ${at ? at.rest : p.message}`;
      return h(
        'li',
        {
          class: 'error',
          'data-row': p.item === undefined ? null : p.item + 1,
          'data-field': p.field ?? null,
        },
        text,
      );
    });
    if (more) items.push(h('li', { class: 'error' }, 'More rows have problems: fix these and check again.'));
    replaceChildren(problems, h('ul', {}, ...items));
  }

  function parsed(): { items: BatchRow[]; useDraft: boolean } | undefined {
    const format = (formatSelect.value || detectFormat(text.value)) as BatchRowsFormat;
    try {
      rows = parseBatchRows(text.value, format, format.toUpperCase());
    } catch (error) {
      showProblems([{ message: (error as Error).message }]);
      return undefined;
    }
    if (rows.length === 0) {
      showProblems([{ message: 'No rows: paste or upload at least one row under the header.' }]);
      return undefined;
    }
    return { items: rows, useDraft: useDraft.checked };
  }

  /** A refused body names its item (`items[2].id: …`): shown on its row. */
  function showRefusal(error: unknown): void {
    const message = (error as Error).message;
    const at = itemOf(message);
    showProblems([at ? { item: at.item, message } : { message }]);
  }

  async function check(): Promise<boolean> {
    const body = parsed();
    if (!body) return false;
    const checkedKey = key();
    replaceChildren(problems, h('p', { class: 'hint' }, `Checking ${body.items.length} rows…`));
    try {
      const answer = await call<{ total: number; problems: ItemProblem[]; more: boolean }>(
        'POST',
        templatePath(record(), '/batches/check'),
        body,
      );
      if (answer.problems.length > 0) {
        showProblems(answer.problems, answer.more);
        options.announce(
          answer.more
            ? `More than ${plural(answer.problems.length, 'row')} have problems.`
            : `${plural(answer.problems.length, 'row')} with problems.`,
        );
        return false;
      }
      checked = checkedKey;
      replaceChildren(problems, h('p', { class: 'ok' }, `${answer.total} rows ready: no problems.`));
      return true;
    } catch (error) {
      showRefusal(error);
      return false;
    } finally {
      refreshButtons();
    }
  }

  async function start(): Promise<void> {
    const body = parsed();
    if (!body) return;
    startButton.disabled = true;
    try {
      batch = await call<BatchObject>('POST', templatePath(record(), '/batches'), body);
      options.announce(`Batch started: ${batch.total} images.`);
      progressSection.hidden = false;
      showBatch();
      schedulePoll();
    } catch (error) {
      showRefusal(error);
      refreshButtons();
    }
  }

  function finished(): boolean {
    return batch?.status === 'done' || batch?.status === 'cancelled';
  }

  function showBatch(): void {
    if (!batch) return;
    const ended = batch.done + batch.failed + batch.cancelled;
    progress.max = batch.total;
    progress.value = ended;
    const parts = [`${batch.done} of ${batch.total} rendered`];
    if (batch.failed) parts.push(`${batch.failed} failed`);
    if (batch.cancelled) parts.push(`${batch.cancelled} cancelled`);
    const status = batch.status.charAt(0).toUpperCase() + batch.status.slice(1);
    progressText.textContent = `${status}: ${parts.join(' · ')}`;
    progressSection.dataset.status = batch.status;
    download.href = `/studio/api${batchPath(batch.id, '/archive')}`;
    download.hidden = batch.done === 0;
    refreshButtons();
  }

  function schedulePoll(): void {
    clearTimeout(timer);
    if (!batch || finished()) return;
    timer = setTimeout(() => void poll(), POLL_MS);
  }

  async function poll(): Promise<void> {
    if (!batch) return;
    try {
      batch = await call<BatchObject>('GET', batchPath(batch.id));
      showBatch();
      if (finished()) {
        options.announce(`Batch ${batch.status}: ${batch.done} of ${batch.total} rendered.`);
        options.finished();
      }
    } catch (error) {
      if (error instanceof StudioError && error.status === 404) return;
      progressText.textContent = `Progress unknown: ${(error as Error).message}; retrying`;
    }
    schedulePoll();
  }

  async function cancel(): Promise<void> {
    if (!batch) return;
    try {
      batch = await call<BatchObject>('DELETE', batchPath(batch.id));
      showBatch();
      options.announce(`Batch cancelled: ${batch.done} of ${batch.total} rendered.`);
      options.finished();
    } catch (error) {
      options.announce(`Not cancelled: ${(error as Error).message}`);
    }
  }

  const panel = h(
    'div',
    { class: 'panel batch' },
    h(
      'p',
      { class: 'hint' },
      'One image per row. CSV: a header row of variable names (and an optional id column); every value is text. JSON: an array of objects. NDJSON: one object per line. Each image uses a unit of the account.',
    ),
    field('Rows', text),
    h('div', { class: 'settings' }, field('Rows format', formatSelect), field('Upload a file', upload)),
    h('div', { class: 'check-row' }, useDraft, h('label', { for: useDraft.id }, 'Render the saved draft')),
    h('div', { class: 'actions' }, checkButton, startButton),
    problems,
    progressSection,
  );

  return {
    panel,
    /** Shown: a template never published renders its draft. */
    refresh(): void {
      const { published, draft } = record();
      if (!published) useDraft.checked = true;
      if (!draft) useDraft.checked = false;
      useDraft.disabled = !published || !draft;
      refreshButtons();
    },
    destroy(): void {
      clearTimeout(timer);
    },
  };
}
