/**
 * The history of a template: its published revisions, a side-by-side text diff of any two (content and
 * definitions), their previews side by side with the same sample values, and restoring one as the draft.
 */
import type { MergeView } from '@codemirror/merge';
import { call, type TemplateRecord, type TemplateVersion, templatePath } from './api.js';
import { field, formatTime, h, replaceChildren } from './dom.js';
import { createDiff } from './editor.js';
import type { Values } from './values-form.js';
import { type DraftFields, fieldsOf, requestPreview } from './draft.js';

const DRAFT = 'draft';

/** The text a diff compares: the HTML, then the definitions and settings. */
function diffText(fields: DraftFields): string {
  return [
    fields.content,
    '',
    '<!-- variable definitions -->',
    fields.variablesText,
    `<!-- ${fields.width} × ${fields.height} ${fields.format}${fields.quality === null ? '' : ` quality ${fields.quality}`} -->`,
  ].join('\n');
}

export function historyPanel(options: {
  record: () => TemplateRecord;
  draft: () => DraftFields;
  values: () => Values;
  restored: (record: TemplateRecord) => void;
  announce: (message: string) => void;
}) {
  const list = h('ol', { class: 'revisions' });
  const selectA = h('select', {});
  const selectB = h('select', {});
  const diffHost = h('div', { class: 'diff' });
  const previews = h('div', { class: 'compare-previews' });
  let merge: MergeView | undefined;
  const versions = new Map<number, TemplateVersion>();
  /** Version numbers by revision: published revisions counted 1, 2, 3… in the order they were published. */
  let ordinals = new Map<number, number>();

  async function version(key: string): Promise<DraftFields> {
    if (key === DRAFT) return options.draft();
    const revision = Number(key);
    let found = versions.get(revision);
    if (!found) {
      found = await call<TemplateVersion>('GET', templatePath(options.record(), `/revisions/${revision}`));
      versions.set(revision, found);
    }
    return fieldsOf(found);
  }

  function labelOf(key: string): string {
    return key === DRAFT ? 'the draft being edited' : `version ${ordinals.get(Number(key)) ?? '?'}`;
  }

  async function compare(): Promise<void> {
    const [a, b] = await Promise.all([version(selectA.value), version(selectB.value)]);
    merge?.destroy();
    replaceChildren(diffHost);
    merge = createDiff(diffHost, diffText(a), diffText(b), [labelOf(selectA.value), labelOf(selectB.value)]);
    const figure = (key: string, fields: DraftFields) => {
      const image = h('img', { alt: `Preview of ${labelOf(key)}` });
      const caption = h('figcaption', {}, `${labelOf(key)}: rendering…`);
      requestPreview(fields, options.values())
        .then((preview) => {
          image.src = preview.image;
          caption.textContent = `${labelOf(key)}: ${preview.width} × ${preview.height} px`;
        })
        .catch((error: Error) => {
          caption.textContent = `${labelOf(key)}: not rendered: ${error.message}`;
        });
      return h('figure', {}, image, caption);
    };
    replaceChildren(previews, figure(selectA.value, a), figure(selectB.value, b));
  }

  async function restore(): Promise<void> {
    if (selectA.value === DRAFT) return options.announce('Choose a published version as A to restore it.');
    try {
      const record = await call<TemplateRecord>('POST', templatePath(options.record(), '/restore'), {
        revision: Number(selectA.value),
      });
      options.restored(record);
      const restored = labelOf(selectA.value);
      options.announce(`${restored[0]?.toUpperCase()}${restored.slice(1)} restored as the draft.`);
    } catch (error) {
      options.announce(`Not restored: ${(error as Error).message}`);
    }
  }

  async function refresh(): Promise<void> {
    const record = await call<TemplateRecord>('GET', templatePath(options.record()));
    const revisions = record.revisions ?? [];
    // Newest first; draft saves between publications leave gaps in revision numbers, so versions are counted.
    ordinals = new Map(revisions.map((r, i) => [r.revision, revisions.length - i]));
    replaceChildren(
      list,
      ...(revisions.length
        ? revisions.map((r) =>
            h(
              'li',
              {},
              `Version ${ordinals.get(r.revision)} — published ${formatTime(r.publishedAt)}`,
              record.published?.revision === r.revision && record.status === 'published' ? ' (live)' : '',
              h('span', { class: 'muted' }, ` · revision ${r.revision} in image URLs (_v)`),
            ),
          )
        : [h('li', { class: 'muted' }, 'Not published yet.')]),
    );
    const options_ = () => [
      h('option', { value: DRAFT }, 'Draft being edited'),
      ...revisions.map((r) =>
        h('option', { value: String(r.revision) }, `Version ${ordinals.get(r.revision)}`),
      ),
    ];
    const keepA = selectA.value;
    const keepB = selectB.value;
    replaceChildren(selectA, ...options_());
    replaceChildren(selectB, ...options_());
    selectA.value = keepA || (revisions[0] ? String(revisions[0].revision) : DRAFT);
    selectB.value = keepB || DRAFT;
    if (!selectA.value) selectA.value = DRAFT;
    if (!selectB.value) selectB.value = DRAFT;
  }

  const panel = h(
    'div',
    { class: 'panel history' },
    h('h3', {}, 'Published versions'),
    list,
    h(
      'div',
      { class: 'compare-controls' },
      field('Compare A', selectA),
      field('with B', selectB),
      h('button', { type: 'button', onclick: () => void compare() }, 'Compare'),
      h('button', { type: 'button', onclick: () => void restore() }, 'Restore A as draft'),
    ),
    previews,
    diffHost,
  );
  return { panel, refresh, destroy: () => merge?.destroy() };
}
