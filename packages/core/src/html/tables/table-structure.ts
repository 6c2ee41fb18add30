/**
 * What part of a table each box is, and the children of a table, row group or row as the table model sees them: an
 * HTML `<table>` by its elements' tags; a CSS table (`display: table` on another element, or the anonymous table
 * around table boxes whose parent is no table) by the display its elements' CSS gives them, with the anonymous rows
 * and cells CSS 2.1 §17.2.1 adds where a table holds cells or other boxes directly, or a row holds other boxes.
 */
import {
  type Element,
  type Node,
  type ParentNode,
  childElements,
  isAnonymous,
  isElement,
  isText,
  markAnonymous,
} from '../dom.js';

/** A part of a table. */
export type TablePart =
  | 'table'
  | 'row-group'
  | 'header-group'
  | 'footer-group'
  | 'row'
  | 'cell'
  | 'caption'
  | 'column'
  | 'column-group';

/** How the table layer reads one table. */
export interface TableStructure {
  /** An HTML table: its UA styles apply (2px border spacing, 1px cell padding, cells centred vertically). */
  html: boolean;
  /** An inline-level table (`inline-table`, or the anonymous table around table boxes in an inline box). */
  inline?: boolean;
  /** The part an element is of the table (undefined: none, a box an anonymous cell holds). */
  part(el: Element): TablePart | undefined;
  /** The element children of a table, row group or row, anonymous rows and cells included. */
  children(el: Element): Element[];
  /**
   * Pictor (table-display-block): the `<table>` element this anonymous table lies in, when CSS displays that element
   * as a block container (pandoc's `table { display: block }`): its rows are an HTML table's, its table properties
   * (border-collapse, border-spacing) inherited from the element.
   */
  wrapper?: Element;
}

const HTML_PARTS: Record<string, TablePart> = {
  table: 'table',
  thead: 'header-group',
  tbody: 'row-group',
  tfoot: 'footer-group',
  tr: 'row',
  td: 'cell',
  th: 'cell',
  caption: 'caption',
  col: 'column',
  colgroup: 'column-group',
};

/** The structure of an HTML `<table>`: parts by tag, children as in the document. */
export const HTML_TABLE: TableStructure = {
  html: true,
  part: (el) => HTML_PARTS[el.tagName],
  children: childElements,
};

/**
 * Pictor (table-display-block): the anonymous table inside a `<table>` element that CSS makes a block container
 * (`display: block`, `inline-block`, `flow-root`, `list-item`): CSS 2.1 §17.2.1 wraps its caption, row groups and
 * rows, which keep their table displays, in an anonymous table sized to its content, as Chromium does.
 */
export function anonymousTableInside(table: Element): { table: Element; structure: TableStructure } {
  return {
    table: anonymousBox(ANONYMOUS_TABLE, table, table.childNodes),
    structure: { ...HTML_TABLE, wrapper: table },
  };
}

const CSS_PARTS: Record<string, TablePart> = {
  table: 'table',
  'inline-table': 'table',
  'table-row-group': 'row-group',
  'table-header-group': 'header-group',
  'table-footer-group': 'footer-group',
  'table-row': 'row',
  'table-cell': 'cell',
  'table-caption': 'caption',
  'table-column': 'column',
  'table-column-group': 'column-group',
};

/** The table part a CSS `display` value makes a box, or undefined. */
export function cssTablePart(display: string | undefined): TablePart | undefined {
  return display === undefined ? undefined : CSS_PARTS[display.trim().toLowerCase()];
}

/** Element types of the anonymous boxes of CSS tables (no author selector reaches them). */
export const ANONYMOUS_TABLE = 'pictor-table';
export const ANONYMOUS_ROW = 'pictor-row';
export const ANONYMOUS_CELL = 'pictor-table-cell';
const ANONYMOUS_TYPES = new Set([ANONYMOUS_TABLE, ANONYMOUS_ROW, ANONYMOUS_CELL]);

/** True for an anonymous box of a CSS table, which is not in the document. */
export function isAnonymousTableBox(el: Element): boolean {
  return ANONYMOUS_TYPES.has(el.tagName) && isAnonymous(el);
}

/**
 * A box that is not in the document: its parent is `parent` (for what it inherits), its children are `childNodes`
 * (which keep their own parent, so the page's selectors match them as written).
 */
export function anonymousBox(tagName: string, parent: ParentNode, childNodes: Node[]): Element {
  return markAnonymous({
    nodeName: tagName,
    tagName,
    attrs: [],
    namespaceURI: 'http://www.w3.org/1999/xhtml' as Element['namespaceURI'],
    childNodes,
    parentNode: parent,
  } as Element);
}

/** What `cssTableStructure` asks of the page: the display each element's CSS gives it, as written. */
export type DisplayOf = (el: Element) => string | undefined;

/** True when a node renders nothing between table boxes: white space, a comment, an element `display: none`. */
function ignorable(node: Node, displayOf: DisplayOf): boolean {
  if (isText(node)) return /^[ \t\n\r\f]*$/.test(node.value);
  if (!isElement(node)) return true;
  return displayOf(node)?.trim().toLowerCase() === 'none';
}

/** The proper children of a table (CSS 2.1 §17.2.1): what it holds without an anonymous row around it. */
const PROPER_TABLE_CHILDREN = new Set<TablePart>([
  'row-group',
  'header-group',
  'footer-group',
  'row',
  'caption',
  'column',
  'column-group',
]);

/**
 * The structure of a CSS table `table` (an element whose display is `table` or `inline-table`, or an anonymous
 * table around table boxes): in the table (and each row group), consecutive boxes that are not rows go into an
 * anonymous row; in a row, consecutive boxes that are not cells go into an anonymous cell. A run of such boxes that
 * is all white space (or hidden) makes none.
 */
export function cssTableStructure(table: Element, displayOf: DisplayOf, inline = false): TableStructure {
  const parts = new Map<Element, TablePart>();
  const kids = new Map<Element, Element[]>();
  const part = (el: Element): TablePart | undefined => parts.get(el) ?? cssTablePart(displayOf(el));

  /** Runs of consecutive nodes of `box` that `wrap` says need a box around them, split from the others. */
  const runs = (box: Element, wrap: (el: Element | null) => boolean, make: (run: Node[]) => Element) => {
    const out: Element[] = [];
    let run: Node[] = [];
    const close = () => {
      if (run.some((node) => !ignorable(node, displayOf))) out.push(make(trimmed(run, displayOf)));
      run = [];
    };
    for (const node of box.childNodes) {
      const el = isElement(node) ? node : null;
      if (el && !wrap(el)) {
        close();
        if (displayOf(el)?.trim().toLowerCase() !== 'none' || part(el)) out.push(el);
      } else if (el || isText(node)) run.push(node);
    }
    close();
    return out;
  };

  const row = (el: Element): void => {
    kids.set(
      el,
      runs(
        el,
        (child) => part(child as Element) !== 'cell',
        (run) => {
          const cell = anonymousBox(ANONYMOUS_CELL, el, run);
          parts.set(cell, 'cell');
          return cell;
        },
      ),
    );
  };
  const anonymousRow = (parent: Element, run: Node[]): Element => {
    const box = anonymousBox(ANONYMOUS_ROW, parent, run);
    parts.set(box, 'row');
    row(box);
    return box;
  };
  const group = (el: Element): void => {
    const children = runs(
      el,
      (child) => part(child as Element) !== 'row',
      (run) => anonymousRow(el, run),
    );
    for (const child of children) if (part(child) === 'row' && !kids.has(child)) row(child);
    kids.set(el, children);
  };

  const children = runs(
    table,
    (child) => !PROPER_TABLE_CHILDREN.has(part(child as Element) as TablePart),
    (run) => anonymousRow(table, run),
  );
  for (const child of children) {
    const p = part(child);
    if (p === 'row' && !kids.has(child)) row(child);
    else if (p === 'row-group' || p === 'header-group' || p === 'footer-group') group(child);
  }
  kids.set(table, children);
  parts.set(table, 'table');
  return {
    html: false,
    inline,
    part,
    children: (el) => kids.get(el) ?? childElements(el),
  };
}

/** A run without the white space at its ends. */
function trimmed(run: Node[], displayOf: DisplayOf): Node[] {
  let start = 0;
  let end = run.length;
  while (start < end && isText(run[start] as Node) && ignorable(run[start] as Node, displayOf)) start++;
  while (end > start && isText(run[end - 1] as Node) && ignorable(run[end - 1] as Node, displayOf)) end--;
  return run.slice(start, end);
}

/**
 * The runs of `parent`'s children that need an anonymous table (CSS 2.1 §17.2.1): consecutive table boxes (rows,
 * row groups, cells, captions, columns; not tables) whose parent is no table, with the white space between them; the other
 * children as they are. `parent` must not be a table, row group or row itself (the table layer lays those out).
 */
export function tableRuns(parent: ParentNode, displayOf: DisplayOf): (Node | Node[])[] | undefined {
  const isTableBox = (node: Node) => {
    const part = isElement(node) ? cssTablePart(displayOf(node)) : undefined;
    return part !== undefined && part !== 'table';
  };
  if (!parent.childNodes.some(isTableBox)) return undefined;
  const out: (Node | Node[])[] = [];
  let run: Node[] | undefined;
  let pending: Node[] = [];
  for (const node of parent.childNodes) {
    if (isTableBox(node)) {
      if (run) run.push(...pending);
      else {
        out.push(...pending);
        run = [];
        out.push(run);
      }
      pending = [];
      run.push(node);
    } else if (run && ignorable(node, displayOf)) {
      pending.push(node);
    } else {
      out.push(...pending, node);
      pending = [];
      run = undefined;
    }
  }
  out.push(...pending);
  return out;
}
