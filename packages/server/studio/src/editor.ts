/** CodeMirror editors: the template's HTML (Mustache tags marked), the variable definitions as JSON, and diffs. */
import { html } from '@codemirror/lang-html';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { type Diagnostic, setDiagnostics } from '@codemirror/lint';
import { MergeView } from '@codemirror/merge';
import { Annotation, EditorState, type Extension } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { basicSetup } from 'codemirror';

/** Marks every `{{…}}` / `{{{…}}}` tag so Mustache stands out from the HTML around it. */
const mustacheTags = new MatchDecorator({
  regexp: /\{\{\{?[^{}]*\}?\}\}/g,
  decoration: (match) =>
    Decoration.mark({
      class:
        match[0].startsWith('{{#') || match[0].startsWith('{{/') || match[0].startsWith('{{^')
          ? 'cm-mustache cm-mustache-section'
          : 'cm-mustache',
    }),
});

const mustachePlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = mustacheTags.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = mustacheTags.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** Syntax colours with at least 4.5:1 contrast on white (CodeMirror's default has a few lighter ones). */
const readableHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.keyword, color: '#7c1d6f' },
    { tag: [tags.tagName, tags.angleBracket], color: '#075985' },
    { tag: [tags.attributeName, tags.propertyName], color: '#6b21a8' },
    { tag: [tags.string, tags.attributeValue], color: '#9a3412' },
    { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#166534' },
    { tag: tags.comment, color: '#4b5563', fontStyle: 'italic' },
    { tag: [tags.variableName, tags.typeName, tags.className], color: '#1e40af' },
    { tag: [tags.operator, tags.punctuation, tags.separator, tags.bracket], color: '#334155' },
    { tag: tags.invalid, color: '#b91c1c' },
    { tag: [tags.unit, tags.color, tags.literal, tags.special(tags.string)], color: '#854d0e' },
    { tag: tags.meta, color: '#374151' },
  ]),
);

/** Marks a change made by the page (loading a template), not by the person typing. */
const loaded = Annotation.define<boolean>();

function label(text: string): Extension {
  return EditorView.contentAttributes.of({ 'aria-label': text });
}

/** An editor in `parent` calling `onChange(text)` on every edit. */
export function createEditor(options: {
  parent: HTMLElement;
  language: 'html' | 'json';
  label: string;
  doc: string;
  onChange: (text: string) => void;
}): EditorView {
  return new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        basicSetup,
        readableHighlight,
        options.language === 'html' ? [html(), mustachePlugin] : json(),
        EditorView.lineWrapping,
        label(options.label),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((t) => t.annotation(loaded))) {
            options.onChange(update.state.doc.toString());
          }
        }),
      ],
    }),
  });
}

/** Replace the whole text, as loaded by the page: `onChange` is not called for it. */
export function setText(view: EditorView, text: string): void {
  if (view.state.doc.toString() === text) return;
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    annotations: loaded.of(true),
  });
}

/** Show one problem at a 1-based `line` (or none when `line` is undefined or `message` null). */
export function showProblem(view: EditorView, message: string | null, line?: number): void {
  const diagnostics: Diagnostic[] = [];
  if (message !== null && line !== undefined && line >= 1 && line <= view.state.doc.lines) {
    const at = view.state.doc.line(line);
    diagnostics.push({ from: at.from, to: at.to, severity: 'error', message });
  }
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

/** A read-only side-by-side diff of two texts in `parent`. */
export function createDiff(parent: HTMLElement, a: string, b: string, labels: [string, string]): MergeView {
  const readOnly = [
    basicSetup,
    // The same readable colours as the editors: CodeMirror's default ones fail contrast on the changed text's tint.
    readableHighlight,
    html(),
    mustachePlugin,
    EditorView.editable.of(false),
    EditorState.readOnly.of(true),
  ];
  return new MergeView({
    parent,
    a: { doc: a, extensions: [...readOnly, label(labels[0])] },
    b: { doc: b, extensions: [...readOnly, label(labels[1])] },
    collapseUnchanged: { margin: 3, minSize: 6 },
  });
}
