/** Building DOM nodes without HTML strings: text is always set as text, so nothing a user typed can become markup. */

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/** `h('button', { type: 'button', onclick }, 'Save')`: attributes, `on…` listeners, children as nodes or text. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'value' && 'value' in element) {
      (element as HTMLInputElement).value = String(value);
    } else if (name === 'checked' && element instanceof HTMLInputElement) {
      element.checked = value === true;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, ...children);
  return element;
}

/** Append children (text as text nodes). */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replace every child of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

let idCounter = 0;
/** A unique element id, for `<label for>`. */
export function uid(prefix: string): string {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** A labelled control: `<div class=field><label for=id>text</label>control</div>`. */
export function field(labelText: string, control: HTMLElement, hint?: string): HTMLDivElement {
  if (!control.id) control.id = uid('field');
  return h(
    'div',
    { class: 'field' },
    h('label', { for: control.id }, labelText),
    control,
    hint ? h('span', { class: 'hint' }, hint) : null,
  );
}

/** A count with its noun: "1 render", "2 renders". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Bytes as "12.3 KB". */
export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** An ISO time as the reader's local date and time. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
