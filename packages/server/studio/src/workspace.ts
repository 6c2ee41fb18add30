/**
 * One template open for work: the HTML and variable editors with size, format and quality; the live preview with
 * sample values and named sample sets; draft and status actions; history and copy-ready snippets beside it.
 */
import type { EditorView } from '@codemirror/view';
import {
  call,
  type ImageFormat,
  StudioError,
  type TemplateRecord,
  type TemplateVersion,
  templatePath,
  type VariableDefinition,
} from './api.js';
import { batchPanel } from './batch.js';
import { field, formatBytes, h, replaceChildren } from './dom.js';

/** The output formats (core's FORMATS, written out: the studio bundle does not import the engine). */
const OUTPUT_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp', 'avif'];
import { createEditor, setText, showProblem } from './editor.js';
import { type DraftFields, fieldsOf, parseDefinitions, parseVariants, requestPreview } from './draft.js';
import { historyPanel } from './history.js';
import { deleteSampleSet, loadSampleSets, saveSampleSet } from './samples.js';
import { tabs } from './tabs.js';
import { snippetsPanel } from './use-it.js';
import { initialValues, markVariableProblem, type Values, valuesForm } from './values-form.js';

export interface WorkspaceContext {
  /** Say something in the page's live region. */
  announce(message: string): void;
  /** The template changed on the server: refresh the list (and usage). */
  changed(record: TemplateRecord): void;
  /** The largest width or height the server takes (the session's `maxDimension`, from `PICTOR_MAX_DIMENSION`). */
  maxDimension: number;
}

/** Debounce of the live preview after the last edit. */
const PREVIEW_DELAY_MS = 300;

/** Open `record` in `container`; returns a function that closes it. */
export function openWorkspace(
  container: HTMLElement,
  initial: TemplateRecord,
  context: WorkspaceContext,
  initialValuesOverride?: Values,
): { close: () => void; isDirty: () => boolean } {
  let record = initial;
  let saved: DraftFields = fieldsOf((record.draft ?? record.published) as TemplateVersion);
  let fields: DraftFields = { ...saved };
  let definitions: Record<string, VariableDefinition> = parseDefinitionsOr(fields.variablesText);
  const sets = loadSampleSets(record.id);
  let values: Values = initialValuesOverride ?? sets.default ?? initialValues(definitions);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  function parseDefinitionsOr(text: string): Record<string, VariableDefinition> {
    const parsed = parseDefinitions(text);
    return parsed.ok ? parsed.value : {};
  }

  // --- Header: name, status, actions -------------------------------------------------------------------------
  const statusBadge = h('span', { class: 'badge' });
  const dirtyMark = h('span', { class: 'dirty', 'aria-live': 'polite' });
  const actionButtons = {
    save: h('button', { type: 'button', class: 'primary', onclick: () => void saveDraft() }, 'Save draft'),
    publish: h('button', { type: 'button', onclick: () => void act('publish') }, 'Publish'),
    unpublish: h('button', { type: 'button', onclick: () => void act('unpublish') }, 'Unpublish'),
    discard: h(
      'button',
      { type: 'button', onclick: () => confirmThen(actionButtons.discard, 'discard') },
      'Discard draft',
    ),
    archive: h(
      'button',
      { type: 'button', class: 'danger', onclick: () => confirmThen(actionButtons.archive, 'archive') },
      'Archive',
    ),
  };
  const header = h(
    'div',
    { class: 'workspace-header' },
    h('h2', {}, record.name, ' ', h('code', { class: 'muted' }, record.id)),
    statusBadge,
    dirtyMark,
    h(
      'div',
      { class: 'actions', role: 'group', 'aria-label': 'Template actions' },
      ...Object.values(actionButtons),
    ),
  );

  /** Archive and discard ask for a second click within 4 s. */
  function confirmThen(button: HTMLButtonElement, action: 'archive' | 'discard'): void {
    if (button.dataset.armed === 'true') {
      delete button.dataset.armed;
      button.textContent = action === 'archive' ? 'Archive' : 'Discard draft';
      void act(action);
      return;
    }
    button.dataset.armed = 'true';
    button.textContent = action === 'archive' ? 'Click again to archive' : 'Click again to discard';
    setTimeout(() => {
      if (button.dataset.armed !== 'true') return;
      delete button.dataset.armed;
      button.textContent = action === 'archive' ? 'Archive' : 'Discard draft';
    }, 4000);
  }

  function dirty(): boolean {
    return JSON.stringify(fields) !== JSON.stringify(saved);
  }

  function refreshHeader(): void {
    statusBadge.textContent = record.status;
    statusBadge.className = `badge status-${record.status}`;
    dirtyMark.textContent = dirty() ? 'Unsaved changes' : record.draft ? 'Draft saved' : '';
    const archived = record.status === 'archived';
    actionButtons.save.disabled = archived;
    actionButtons.publish.disabled = archived || (!record.draft && !dirty());
    actionButtons.unpublish.disabled = record.status !== 'published';
    actionButtons.discard.disabled = archived || !record.draft;
    actionButtons.archive.disabled = archived;
  }

  // --- Editors -----------------------------------------------------------------------------------------------
  const htmlHost = h('div', { class: 'editor-host' });
  const variablesHost = h('div', { class: 'editor-host' });
  const problems = h('div', {
    class: 'problems',
    role: 'status',
    'aria-live': 'polite',
    'aria-label': 'Problems',
  });

  const htmlEditor: EditorView = createEditor({
    parent: htmlHost,
    language: 'html',
    label: 'Template HTML with Mustache tags',
    doc: fields.content,
    onChange: (text) => {
      fields.content = text;
      edited();
    },
  });
  const variablesEditor: EditorView = createEditor({
    parent: variablesHost,
    language: 'json',
    label: 'Variable definitions (JSON)',
    doc: fields.variablesText,
    onChange: (text) => {
      fields.variablesText = text;
      const parsed = parseDefinitions(text);
      if (parsed.ok) {
        definitions = parsed.value;
        rebuildValuesForm();
      }
      edited();
    },
  });

  const widthInput = h('input', {
    type: 'number',
    min: 1,
    max: context.maxDimension,
    step: 1,
    value: fields.width,
  });
  const heightInput = h('input', {
    type: 'number',
    min: 1,
    max: context.maxDimension,
    step: 1,
    value: fields.height,
  });
  const formatSelect = h(
    'select',
    {},
    ...OUTPUT_FORMATS.map((f) => h('option', { value: f, selected: f === fields.format }, f)),
  );
  const qualityInput = h('input', {
    type: 'number',
    min: 0,
    max: 100,
    step: 1,
    value: fields.quality ?? '',
    placeholder: 'default (80)',
  });
  const readSettings = () => {
    fields.width = Number(widthInput.value) || 1;
    fields.height = Number(heightInput.value) || 1;
    fields.format = formatSelect.value as ImageFormat;
    fields.quality = qualityInput.value === '' ? null : Number(qualityInput.value);
    edited();
  };
  for (const input of [widthInput, heightInput, qualityInput]) input.addEventListener('input', readSettings);
  formatSelect.addEventListener('change', readSettings);
  const variantsInput = h('textarea', {
    class: 'variants-input',
    rows: 5,
    spellcheck: false,
    placeholder: '{"square": {"width": 1080, "height": 1080}}',
  }) as HTMLTextAreaElement;
  variantsInput.value = fields.variantsText;
  variantsInput.addEventListener('input', () => {
    fields.variantsText = variantsInput.value;
    edited();
  });
  const settings = h(
    'div',
    { class: 'settings' },
    field('Width (CSS px)', widthInput),
    field('Height (CSS px)', heightInput),
    field('Format', formatSelect),
    field('Quality (jpeg, webp, avif)', qualityInput, '0–100; empty for the default'),
    field(
      'Variants (JSON)',
      variantsInput,
      'Named sizes, previewed side by side; @media (orientation: portrait) and the like lay the HTML out for each',
    ),
  );

  const editorTabs = tabs('Template parts', [
    { label: 'HTML', panel: h('div', { class: 'panel' }, htmlHost) },
    {
      label: 'Variables',
      panel: h(
        'div',
        { class: 'panel' },
        h(
          'p',
          { class: 'hint' },
          'Definitions by name: type, required, default, minLength, maxLength, pattern, enum, minimum, maximum, items, maxItems.',
        ),
        variablesHost,
      ),
    },
    { label: 'Size & format', panel: h('div', { class: 'panel' }, settings) },
  ]);

  function loadFields(next: DraftFields): void {
    fields = { ...next };
    definitions = parseDefinitionsOr(fields.variablesText);
    setText(htmlEditor, fields.content);
    setText(variablesEditor, fields.variablesText);
    widthInput.value = String(fields.width);
    heightInput.value = String(fields.height);
    formatSelect.value = fields.format;
    qualityInput.value = fields.quality === null ? '' : String(fields.quality);
    variantsInput.value = fields.variantsText;
    rebuildValuesForm();
    refreshHeader();
    schedulePreview(0);
  }

  function edited(): void {
    refreshHeader();
    schedulePreview(PREVIEW_DELAY_MS);
  }

  // --- Preview -----------------------------------------------------------------------------------------------
  const previewImage = h('img', {
    class: 'preview-image',
    alt: 'Preview of the template with the sample values',
  });
  const previewMeta = h('p', { class: 'preview-meta', 'aria-live': 'polite' }, 'Rendering…');
  /** One preview per variant, side by side, under the main one. */
  const variantStrip = h('div', { class: 'variant-strip', role: 'group', 'aria-label': 'Variants' });
  const valuesHost = h('div', {});
  const setSelect = h('select', {});
  const setName = h('input', { type: 'text', placeholder: 'e.g. long title' });

  function refreshSets(): void {
    const names = Object.keys(loadSampleSets(record.id));
    replaceChildren(
      setSelect,
      h('option', { value: '' }, names.length ? '(choose a set)' : '(no saved sets)'),
      ...names.map((name) => h('option', { value: name }, name)),
    );
  }
  setSelect.addEventListener('change', () => {
    const chosen = loadSampleSets(record.id)[setSelect.value];
    if (!chosen) return;
    values = { ...chosen };
    setName.value = setSelect.value;
    rebuildValuesForm();
    schedulePreview(0);
  });

  function rebuildValuesForm(): void {
    replaceChildren(
      valuesHost,
      valuesForm(definitions, values, (next) => {
        values = next;
        schedulePreview(PREVIEW_DELAY_MS);
      }),
    );
  }

  const samplesSection = h(
    'section',
    { class: 'samples', 'aria-label': 'Sample values' },
    h('h3', {}, 'Sample values'),
    h(
      'div',
      { class: 'sets' },
      field('Saved sets', setSelect),
      field('Set name', setName),
      h(
        'div',
        { class: 'set-actions' },
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              const name = setName.value.trim();
              if (!name) return context.announce('Give the set a name first.');
              saveSampleSet(record.id, name, values);
              refreshSets();
              setSelect.value = name;
              context.announce(`Saved the values as "${name}".`);
            },
          },
          'Save values',
        ),
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              if (!setSelect.value) return;
              const name = setSelect.value;
              deleteSampleSet(record.id, name);
              refreshSets();
              context.announce(`Deleted the set "${name}".`);
            },
          },
          'Delete set',
        ),
      ),
    ),
    valuesHost,
  );

  function showProblems(error: StudioError | null, warnings: string[]): void {
    const items: HTMLElement[] = [];
    if (error) {
      const where = error.problem.line ? ` (line ${error.problem.line})` : '';
      items.push(h('li', { class: 'error' }, `${error.message}${where}`));
    }
    for (const warning of warnings) items.push(h('li', { class: 'warning' }, warning));
    replaceChildren(problems, items.length ? h('ul', {}, ...items) : h('p', { class: 'ok' }, 'No problems.'));
    markVariableProblem(valuesHost, error?.problem.field, error ? error.message : null);
    const onContent = error && (error.problem.field === 'content' || error.problem.line !== undefined);
    showProblem(htmlEditor, onContent ? error.message : null, onContent ? error.problem.line : undefined);
  }

  function schedulePreview(delay: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => void runPreview(), delay);
  }

  async function runPreview(): Promise<void> {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    previewMeta.textContent = 'Rendering…';
    container.setAttribute('aria-busy', 'true');
    try {
      const preview = await requestPreview(fields, values, controller.signal);
      if (controller.signal.aborted) return;
      previewImage.src = preview.image;
      previewImage.hidden = false;
      previewImage.dataset.width = String(preview.width);
      previewImage.dataset.height = String(preview.height);
      previewMeta.textContent = `${preview.width} × ${preview.height} px · ${preview.contentType.replace('image/', '')} · ${formatBytes(preview.bytes)} · rendered in ${Math.round(preview.renderMs)} ms`;
      previewImage.classList.remove('stale');
      showProblems(null, preview.warnings);
      await previewVariants(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      const problem =
        error instanceof StudioError
          ? error
          : new StudioError(0, -1, `preview failed: ${(error as Error).message}`);
      previewImage.classList.add('stale');
      previewMeta.textContent = `Not rendered: ${problem.message}`;
      showProblems(problem, []);
    } finally {
      if (inFlight === controller) container.removeAttribute('aria-busy');
    }
  }

  /** Render each variant of the draft (its size, the same content and values) into the strip, side by side. */
  async function previewVariants(signal: AbortSignal): Promise<void> {
    const parsed = parseVariants(fields.variantsText);
    if (!parsed.ok) {
      replaceChildren(variantStrip, h('p', { class: 'error' }, `variants: ${parsed.message}`));
      return;
    }
    const entries = Object.entries(parsed.value);
    const figures = await Promise.all(
      entries.map(async ([name, size]) => {
        try {
          const preview = await requestPreview({ ...fields, ...size }, values, signal);
          return h(
            'figure',
            { class: 'variant', 'data-variant': name },
            h('img', {
              src: preview.image,
              alt: `Preview of the ${name} variant`,
              'data-width': preview.width,
              'data-height': preview.height,
            }),
            h('figcaption', {}, `${name} · ${preview.width} × ${preview.height}`),
          );
        } catch (error) {
          return h(
            'figure',
            { class: 'variant', 'data-variant': name },
            h('figcaption', { class: 'error' }, `${name}: ${(error as Error).message}`),
          );
        }
      }),
    );
    if (signal.aborted) return;
    replaceChildren(variantStrip, ...figures);
  }

  // --- Saving and status -------------------------------------------------------------------------------------
  async function saveDraft(): Promise<boolean> {
    const parsed = parseDefinitions(fields.variablesText);
    if (!parsed.ok) {
      context.announce(`Not saved: variables: ${parsed.message}`);
      return false;
    }
    const variants = parseVariants(fields.variantsText);
    if (!variants.ok) {
      context.announce(`Not saved: variants: ${variants.message}`);
      return false;
    }
    try {
      record = await call<TemplateRecord>('PUT', templatePath(record, '/draft'), {
        content: fields.content,
        variables: parsed.value,
        width: fields.width,
        height: fields.height,
        format: fields.format,
        quality: fields.quality,
        variants: variants.value,
      });
      saved = { ...fields };
      refreshHeader();
      context.changed(record);
      context.announce('Draft saved.');
      return true;
    } catch (error) {
      context.announce(`Not saved: ${(error as Error).message}`);
      return false;
    }
  }

  /** "Published version 2.": the count of published versions, as the history numbers them. */
  async function publishedAs(published: TemplateRecord): Promise<string> {
    try {
      const listed = await call<TemplateRecord>('GET', `/templates/${encodeURIComponent(published.id)}`);
      const revisions = listed.revisions ?? [];
      const at = revisions.findIndex((r) => r.revision === published.published?.revision);
      return at < 0 ? 'Published.' : `Published version ${revisions.length - at}.`;
    } catch {
      return 'Published.';
    }
  }

  async function act(action: 'publish' | 'unpublish' | 'archive' | 'discard'): Promise<void> {
    if (action === 'publish' && dirty() && !(await saveDraft())) return;
    try {
      const path = templatePath(record, `/${action === 'discard' ? 'draft' : action}`);
      record = await call<TemplateRecord>(action === 'discard' ? 'DELETE' : 'POST', path);
      if (action === 'discard' && record.published) {
        saved = fieldsOf(record.published);
        loadFields(saved);
      }
      refreshHeader();
      context.changed(record);
      const done = {
        publish: 'Published',
        unpublish: 'Unpublished',
        archive: 'Archived',
        discard: 'Draft discarded',
      };
      context.announce(action === 'publish' ? await publishedAs(record) : `${done[action]}.`);
    } catch (error) {
      context.announce(`${action}: ${(error as Error).message}`);
    }
  }

  // --- Layout ------------------------------------------------------------------------------------------------
  const previewPanel = h(
    'div',
    { class: 'panel' },
    h('div', { class: 'preview-frame' }, previewImage),
    previewMeta,
    variantStrip,
    samplesSection,
  );
  const history = historyPanel({
    record: () => record,
    draft: () => fields,
    values: () => values,
    restored: (next) => {
      record = next;
      saved = fieldsOf(next.draft as TemplateVersion);
      loadFields(saved);
      context.changed(next);
    },
    announce: context.announce,
  });
  const useIt = snippetsPanel({ record: () => record, values: () => values });
  const batch = batchPanel({
    record: () => record,
    announce: context.announce,
    finished: () => context.changed(record),
  });
  const asideTabs = tabs('Preview and use', [
    { label: 'Preview', panel: previewPanel },
    { label: 'History', panel: history.panel, onShow: () => void history.refresh() },
    { label: 'Use it', panel: useIt.panel, onShow: () => void useIt.refresh() },
    { label: 'Batch', panel: batch.panel, onShow: () => batch.refresh() },
  ]);

  const onKey = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's') {
      event.preventDefault();
      void saveDraft();
    }
  };
  document.addEventListener('keydown', onKey);

  replaceChildren(
    container,
    h(
      'section',
      { class: 'editor-column', 'aria-label': 'Editor' },
      header,
      editorTabs.element,
      h('h3', { class: 'problems-title' }, 'Problems'),
      problems,
    ),
    h('section', { class: 'preview-column', 'aria-label': 'Preview' }, asideTabs.element),
  );
  refreshSets();
  rebuildValuesForm();
  refreshHeader();
  schedulePreview(0);

  return {
    close: () => {
      clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener('keydown', onKey);
      htmlEditor.destroy();
      variablesEditor.destroy();
      history.destroy();
      batch.destroy();
    },
    isDirty: dirty,
  };
}
