import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriElement } from '../src/html/types.js';
import { all, kids } from './helpers/tree.js';

function style(el: SatoriElement): Record<string, unknown> {
  return (el.props.style ?? {}) as Record<string, unknown>;
}

function table(html: string): SatoriElement {
  const { root } = parseHtml(html);
  return all(root, 'table')[0]!;
}

describe('tables → grid', () => {
  it('lays a table out as a grid with rows and row groups as display: contents', () => {
    const t = table(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    expect(style(t)).toMatchObject({
      display: 'grid',
      gridTemplateColumns: 'auto auto',
      columnGap: '2px',
      rowGap: '2px',
      padding: '2px 2px',
    });
    for (const tag of ['thead', 'tbody', 'tr'])
      for (const el of all(t, tag)) expect(style(el).display).toBe('contents');
    const cells = [...all(t, 'th'), ...all(t, 'td')];
    expect(cells.map((c) => [style(c).gridRow, style(c).gridColumn])).toEqual([
      ['1 / span 1', '1 / span 1'],
      ['1 / span 1', '2 / span 1'],
      ['2 / span 1', '1 / span 1'],
      ['2 / span 1', '2 / span 1'],
    ]);
  });

  it('places colspan and rowspan cells and skips the slots a rowspan takes', () => {
    const t = table(`<table>
      <tr><td id="a" rowspan="2">a</td><td id="b" colspan="2">b</td></tr>
      <tr><td id="c">c</td><td id="d">d</td></tr>
      <tr><td id="e" colspan="3">e</td></tr></table>`);
    const place = Object.fromEntries(
      all(t, 'td').map((c) => [c.props.id, [style(c).gridRow, style(c).gridColumn]]),
    );
    expect(place).toEqual({
      a: ['1 / span 2', '1 / span 1'],
      b: ['1 / span 1', '2 / span 2'],
      c: ['2 / span 1', '2 / span 1'],
      d: ['2 / span 1', '3 / span 1'],
      e: ['3 / span 1', '1 / span 3'],
    });
    expect(style(t).gridTemplateColumns).toBe('auto auto auto');
  });

  it('puts thead rows first and tfoot rows last whatever the source order', () => {
    const t = table(
      '<table><tfoot><tr><td id="f">f</td></tr></tfoot><tbody><tr><td id="b">b</td></tr></tbody><thead><tr><td id="h">h</td></tr></thead></table>',
    );
    const rows = Object.fromEntries(all(t, 'td').map((c) => [c.props.id, style(c).gridRow]));
    expect(rows).toEqual({ h: '1 / span 1', b: '2 / span 1', f: '3 / span 1' });
  });

  it('emulates border-collapse: no spacing, and an edge of two borders shows one instead of doubling', () => {
    const t = table(
      '<style>table{border-collapse:collapse} td{border:1px solid #ccc} .w{border-top-width:3px}</style><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td class="w">d</td></tr></table>',
    );
    // Half of the outer cells' side borders lies in the table's edge, outside the columns (Chrome's geometry).
    expect(style(t)).toMatchObject({ columnGap: '0px', rowGap: '0px', padding: '0px 0.5px 0px 0.5px' });
    const [a, b, c, d] = all(t, 'td');
    expect(style(a!)).toMatchObject({ marginLeft: '-0.5px', marginRight: '-0.5px' });
    expect(style(a!).borderLeftWidth).toBeUndefined();
    // As wide as the neighbour's, above or before: the neighbour's border is drawn, this cell's not; the boundary
    // of the columns runs through the middle of it, as in Chrome.
    expect(style(b!)).toMatchObject({ borderLeftWidth: '0px', marginLeft: '0.5px', marginRight: '-0.5px' });
    expect(style(c!)).toMatchObject({ borderTopWidth: '0px' });
    // Wider than the neighbour's: drawn over it, across the line between the rows (2px above it, 1px below, as the
    // 1px edge beside it lies; collapsed-row-edges), the cell above leaving room for it.
    expect(style(d!)).toMatchObject({ borderLeftWidth: '0px', marginTop: '-2px' });
    expect(style(d!).borderTopWidth).toBeUndefined();
    expect(style(b!).marginBottom).toBe('1px');
  });

  it('centres a wider collapsed edge on the line between two rows, half in each (collapsed-row-edges)', () => {
    const t = table(
      '<style>table{border-collapse:collapse} td{border:1px solid #ccc} .thick{border-bottom:8px solid red}' +
        ' .wide{border-left:8px solid green}</style><table><tr><td>a</td><td class="thick">b</td></tr>' +
        '<tr><td>c</td><td>d</td></tr><tr><td>e</td><td class="wide">f</td></tr></table>',
    );
    const [a, b, c, d, e, f] = all(t, 'td').map(style);
    // The 8px edge beside 1px ones: 3px of it reach into the row below (the cell below starts after it), so the
    // row above holds 5px, and the 1px edges beside it lie at the line as before.
    expect(b!.marginBottom).toBe('-3px');
    expect(d!).toMatchObject({ borderTopWidth: '0px', marginTop: '3px' });
    expect(a!.marginBottom).toBeUndefined();
    expect(c!.marginTop).toBeUndefined();
    // An 8px start border beside a 1px one: centred on the boundary of the columns, the cell before leaving room.
    expect(f!.marginLeft).toBe('-4px');
    expect(e!.marginRight).toBe('3px');
  });

  it('draws the start border of a cell spanning rows where a lower row has none before it (collapsed-spanning-start-edge)', () => {
    const css =
      '<style>table{border-collapse:collapse} td{border-left:2px solid blue;border-right:2px solid blue}' +
      ' td:last-child{border-right:none}</style>';
    // Row 2's only cell is its last child (no end border): the spanning cell's start border wins beside it.
    const spanning = table(
      `${css}<table><tr><td>a</td><td rowspan="2">span</td><td>b</td></tr><tr><td>c</td></tr></table>`,
    );
    const [a, span] = all(spanning, 'td').map(style);
    expect(span!.borderLeftWidth).toBeUndefined();
    // Drawn over the boundary where the cell before draws its own, its content where it was.
    expect(span!.marginLeft).toBe('-1px');
    expect(a!.marginRight).toBe('-1px');
    // Where every row's cell before it draws an end border as wide, that one is drawn and this one is not.
    const covered = table(
      `${css}<table><tr><td>a</td><td rowspan="2">span</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>`,
    );
    const [, coveredSpan] = all(covered, 'td').map(style);
    expect(coveredSpan!).toMatchObject({ borderLeftWidth: '0px', marginLeft: '1px' });
  });

  it("draws an outer cell border wider than the table's over the table's (collapsed-row-edges)", () => {
    const t = table(
      '<style>table{border-collapse:collapse;border:2px solid} td{border:1px solid #ccc} .top{border-top:6px solid}</style>' +
        '<table><tr><td>a</td><td class="top">b</td></tr></table>',
    );
    const [a, b] = all(t, 'td').map(style);
    expect(b!.marginTop).toBe('-2px');
    expect(a!.borderTopWidth).toBe('0px');
  });

  it('gives a collapsed edge with a border on one side only the width of that border (no overlap)', () => {
    const t = table(
      '<style>table{border-collapse:collapse} .t{border-top:2px dashed #ccc}</style><table><tr><td>a</td></tr><tr><td class="t">b</td></tr></table>',
    );
    const [, b] = all(t, 'td');
    expect(style(b!).marginTop).toBeUndefined();
    expect(style(b!).borderTopWidth).toBeUndefined();
  });

  it("puts the border spacing at the table's edges inside its padding", () => {
    const reset = table('<style>* { padding: 0 }</style><table><tr><td>a</td></tr></table>');
    expect(style(reset).padding).toBe('2px 2px');
    const padded = table('<table cellspacing="4" style="padding: 6px 12px 0"><tr><td>a</td></tr></table>');
    expect(style(padded).padding).toBe('10px 16px 4px 16px');
    const em = table('<table style="padding-left: 1em"><tr><td>a</td></tr></table>');
    expect(style(em).padding).toBe('2px 2px 2px calc(1em + 2px)');
    const none = table('<table cellspacing="0" style="padding: 5px"><tr><td>a</td></tr></table>');
    expect(style(none).padding).toBe('5px 5px');
    const collapsed = table(
      '<table style="border-collapse: collapse; padding: 5px"><tr><td>a</td></tr></table>',
    );
    expect(style(collapsed).padding).toBe('0px');
  });

  it('collapses the borders of a table with a valid rules attribute, unless CSS says otherwise (table-rules-collapse)', () => {
    // Docutils' HTML4 writer: `<table frame="void" rules="none">` has no border spacing in browsers.
    const docinfo = table('<table frame="void" rules="none"><tr><th>Author:</th><td>a</td></tr></table>');
    expect(style(docinfo)).toMatchObject({ columnGap: '0px', rowGap: '0px', padding: '0px' });
    expect(style(table('<table rules="ALL"><tr><td>a</td></tr></table>')).columnGap).toBe('0px');
    const separate = table(
      '<style>table { border-collapse: separate }</style><table rules="none"><tr><td>a</td></tr></table>',
    );
    expect(style(separate)).toMatchObject({ columnGap: '2px', padding: '2px 2px' });
    expect(style(table('<table rules="bogus"><tr><td>a</td></tr></table>')).columnGap).toBe('2px');
  });

  it('uses border-spacing and the cellspacing / cellpadding / border attributes', () => {
    const t1 = table('<table style="border-spacing: 6px 3px"><tr><td>a</td></tr></table>');
    expect(style(t1)).toMatchObject({ columnGap: '6px', rowGap: '3px', padding: '3px 6px' });
    const t2 = table('<table border="1" cellspacing="0" cellpadding="5"><tr><td>a</td></tr></table>');
    expect(style(t2)).toMatchObject({
      columnGap: '0px',
      border: '1px solid',
      borderColor: '#a8a8a8 #545454 #545454 #a8a8a8',
    });
    expect(style(all(t2, 'td')[0]!)).toMatchObject({
      paddingTop: '5px',
      paddingRight: '5px',
      paddingBottom: '5px',
      paddingLeft: '5px',
      border: '1px solid',
    });
  });

  it('gives cellpadding only to the sides the cell’s own CSS leaves unset (a sheet’s or style’s padding-top stays)', () => {
    const t = table(
      '<style>.pl{padding-left:40px}</style><table cellpadding="0"><tr><td style="padding-top:30px" class="pl">a</td><td style="padding:7px">b</td></tr></table>',
    );
    const [a, b] = all(t, 'td');
    expect(style(a!)).toMatchObject({ paddingTop: '30px', paddingRight: '0px', paddingBottom: '0px' });
    expect(style(a!).paddingLeft).not.toBe('0px');
    expect(style(b!).paddingTop).not.toBe('0px');
  });

  it('draws row and row-group backgrounds (including :nth-child zebra rules) as backdrops behind the cells', () => {
    const t = table(`<style>tbody tr:nth-child(even){background:#eee} thead{background-color:navy}</style>
      <table><thead><tr><th>h</th></tr></thead><tbody><tr><td>1</td></tr><tr><td>2</td></tr><tr><td>3</td></tr></tbody></table>`);
    const backdrops = kids(t).filter(
      (c): c is SatoriElement => typeof c === 'object' && !!c && 'data-pictor-backdrop' in c.props,
    );
    expect(backdrops.map((b) => b.props.style)).toEqual([
      { display: 'block', backgroundColor: 'navy', gridRow: '1 / span 1', gridColumn: '1 / span 1' },
      { display: 'block', background: '#eee', gridRow: '3 / span 1', gridColumn: '1 / span 1' },
    ]);
    // Anonymous boxes: not divs, so no author rule for div reaches them.
    expect(backdrops.map((b) => b.type)).toEqual(['pictor-backdrop', 'pictor-backdrop']);
    // Backdrops come before the cells, so the cells paint over them.
    expect(kids(t).indexOf(backdrops[0]!)).toBeLessThan(
      kids(t).findIndex((c) => typeof c === 'object' && c?.type === 'thead'),
    );
  });

  it('draws collapsed row borders written with logical names (Vivliostyle: border-block-end-*) on their cells', () => {
    const t = table(`<style>:root { --w: 1px; --c: collapse } table{border-collapse:var(--c)}
      :where(tr:not(:last-child)) { border-block-end-color: #333; border-block-end-style: solid;
        border-block-end-width: var(--w) }
      .both { border-block: 2px dotted red } .later { border-bottom: 3px solid } .later { border-block-end-width: 0 }</style>
      <table><tr><td>1</td></tr><tr class="later"><td>2</td></tr><tr><td>3</td></tr><tr class="both"><td>4</td></tr></table>`);
    const edges = all(t, 'td').map((cell) => {
      const { borderTop, borderBottom, borderBottomWidth, borderBottomStyle, borderBottomColor } =
        style(cell);
      return { borderTop, borderBottom, borderBottomWidth, borderBottomStyle, borderBottomColor };
    });
    const none = { borderTop: undefined, borderBottom: undefined, borderBottomWidth: undefined };
    expect(edges).toEqual([
      { ...none, borderBottomWidth: 'var(--w)', borderBottomStyle: 'solid', borderBottomColor: '#333' },
      // The later logical 0 wins over the physical 3px: no border.
      { ...none, borderBottomStyle: undefined, borderBottomColor: undefined },
      { ...none, borderBottomWidth: 'var(--w)', borderBottomStyle: 'solid', borderBottomColor: '#333' },
      // `border-block` (the last row: no row line) draws both sides.
      {
        borderTop: '2px dotted red',
        borderBottom: '2px dotted red',
        borderBottomWidth: undefined,
        borderBottomStyle: undefined,
        borderBottomColor: undefined,
      },
    ]);
  });

  it('draws collapsed row borders on the edges of their cells, from shorthands, longhands and nested rules (Tailwind divide-y)', () => {
    const t = table(`<style>table{border-collapse:collapse} *{border:0 solid}
      .divide-y { :where(& > :not(:last-child)) { border-bottom-width: 1px; border-color: #eee } }
      thead { border-bottom: 2px solid navy } .boxed { border: 2px dashed red } .own { border-bottom: 3px solid }</style>
      <table><thead><tr><th>h</th></tr></thead><tbody class="divide-y"><tr><td>1</td></tr><tr><td class="own">2</td></tr>
      <tr><td>3</td></tr></tbody><tfoot><tr class="boxed"><td>f</td></tr></tfoot></table>`);
    const edges = [...all(t, 'th'), ...all(t, 'td')].map((cell) => {
      const { borderTop, borderBottom, borderBottomWidth, borderBottomColor } = style(cell);
      return { borderTop, borderBottom, borderBottomWidth, borderBottomColor };
    });
    expect(edges).toEqual([
      // The head's last row takes the group's bottom border (the row declares only the preflight's 0).
      {
        borderTop: undefined,
        borderBottom: '2px solid navy',
        borderBottomWidth: undefined,
        borderBottomColor: undefined,
      },
      // divide-y: every body row but the last; the preflight's `border: 0 solid` style completes it.
      { borderTop: undefined, borderBottom: '0 solid', borderBottomWidth: '1px', borderBottomColor: '#eee' },
      // A cell's own wider border wins the edge.
      {
        borderTop: undefined,
        borderBottom: undefined,
        borderBottomWidth: undefined,
        borderBottomColor: undefined,
      },
      {
        borderTop: undefined,
        borderBottom: undefined,
        borderBottomWidth: undefined,
        borderBottomColor: undefined,
      },
      {
        borderTop: '2px dashed red',
        borderBottom: '2px dashed red',
        borderBottomWidth: undefined,
        borderBottomColor: undefined,
      },
    ]);
    // Nothing of the borders is left to the backdrops (they would take no room).
    expect(kids(t).some((c) => typeof c === 'object' && !!c && 'data-pictor-backdrop' in c.props)).toBe(
      false,
    );
  });

  it('paints a row background behind the cells that start in that row, rowspans included', () => {
    const t = table(`<style>tr.hi{background:#ff0}</style>
      <table><tr><td rowspan="2">a</td><td>b</td></tr><tr class="hi"><td>c</td></tr></table>`);
    const backdrops = kids(t).filter(
      (c): c is SatoriElement => typeof c === 'object' && !!c && 'data-pictor-backdrop' in c.props,
    );
    // Only cell c: the rowspan cell a belongs to the first row, which has no background.
    expect(backdrops.map((b) => [style(b).gridRow, style(b).gridColumn])).toEqual([
      ['2 / span 1', '2 / span 1'],
    ]);
  });

  it('sizes columns of a full-width table in proportion to their content', () => {
    const t = table(
      '<table style="width:100%"><tr><td>A much longer description</td><td>1</td></tr></table>',
    );
    const tracks = String(style(t).gridTemplateColumns).split(/\s(?=minmax)/);
    const weights = tracks.map((tr) => Number(/([\d.]+)fr/.exec(tr)![1]));
    expect(weights[0]! / weights[1]!).toBeGreaterThan(5);
  });

  it('keeps percentage and fixed column widths from <col> and cells', () => {
    const t = table(
      '<table><colgroup><col style="width:40%"><col><col></colgroup><tr><td>a</td><td width="120">b</td><td>c</td></tr></table>',
    );
    // A px width is the column's preferred width (content box: 120 px and the UA's 1 px padding each side), not its
    // minimum: the column shrinks to its content when the table is too narrow, as in Chrome.
    // The percentage is of the table's width less its border spacing (the UA's 2px between the columns), as in Chrome.
    expect(style(t).gridTemplateColumns).toMatch(
      /^calc\(40% - 1.6px\) minmax\(min-content, 122px\) minmax\(min-content, [\d.]+fr\)$/,
    );
    // Every column with a px width, in a table with a width of its own: they share it in proportion.
    const fixed = table(
      '<table width="500" cellpadding="0"><tr><td width="100">a</td><td width="150">b</td></tr></table>',
    );
    expect(style(fixed).gridTemplateColumns).toBe('minmax(min-content, 100fr) minmax(min-content, 150fr)');
  });

  it('sizes a column to its <col> width in px, em or rem as a border box (col-border-box-width)', () => {
    // The cells' 12px padding each side is not added, unlike a cell's own width; `em` is of the table's font size
    // (0.9em of 15px), an exact preferred width like a px one, not a minimum that grows to the content.
    const t = table(
      '<body style="font-size:15px"><table style="width:100%;font-size:0.9em"><colgroup><col style="width:12em">' +
        '<col width="200"><col style="width:2rem"><col></colgroup><tr><td style="padding:8px 12px">a</td>' +
        '<td style="padding:8px 12px">b</td><td style="padding:8px 12px">c</td><td>d</td></tr></table></body>',
    );
    expect(style(t).gridTemplateColumns).toMatch(
      /^minmax\(min-content, 162px\) minmax\(min-content, 200px\) minmax\(min-content, 32px\) minmax\(min-content, [\d.]+fr\)$/,
    );
    // A cell's own px width is still a content-box width (its padding on top).
    const cell = table('<table><tr><td width="120" style="padding:0 10px">a</td><td>b</td></tr></table>');
    expect(String(style(cell).gridTemplateColumns).startsWith('minmax(min-content, 140px) ')).toBe(true);
  });

  it('reads em and rem widths of cells and fixed-layout columns as lengths (cell-em-width)', () => {
    // A cell's 6em (of its 10px font) is its column's preferred content width, padding on top, and the cell fills it.
    const t = table(
      '<table style="font-size:10px"><tr><td>a</td><td style="width:6em;padding:0 5px">b</td><td style="width:2rem">c</td></tr></table>',
    );
    expect(style(t).gridTemplateColumns).toBe('auto minmax(min-content, 70px) minmax(min-content, 34px)');
    expect(style(all(t, 'td')[1]!).width).toBe('auto');
    // A fixed-layout table's em <col> takes its width (border box); the auto columns share the rest equally.
    const fixed = table(
      '<table style="table-layout:fixed;width:500px;font-size:10px"><colgroup><col style="width:12em"><col><col></colgroup>' +
        '<tr><td>a</td><td>b</td><td>c</td></tr></table>',
    );
    expect(style(fixed).gridTemplateColumns).toBe('120px minmax(0px, 1fr) minmax(0px, 1fr)');
  });

  it('reads rem widths of cells and columns as of the root font size (rem-of-root)', () => {
    // `html { font-size: 62.5% }`: 1rem is 10px, not 16px, for a fixed-layout <col> and a cell's width.
    const fixed = table(
      '<!doctype html><style>html{font-size:62.5%}</style><table style="table-layout:fixed;width:500px"><colgroup>' +
        '<col style="width:12rem"><col><col></colgroup><tr><td>a</td><td>b</td><td>c</td></tr></table>',
    );
    expect(style(fixed).gridTemplateColumns).toBe('120px minmax(0px, 1fr) minmax(0px, 1fr)');
    const auto = table(
      '<!doctype html><html style="font-size:20px"><table><tr><td>a</td><td style="width:3rem;padding:0 5px">b</td></tr></table>',
    );
    expect(style(auto).gridTemplateColumns).toBe('auto minmax(min-content, 70px)');
  });

  it("draws a collapsed table's own wider border alone at its outer edges (collapsed-table-border)", () => {
    const t = table(
      '<!doctype html><style>table { border-collapse: collapse; border-top: 4px solid; border-bottom: 4px solid } ' +
        'td { border: 1px solid #ccc } td.wide { border-bottom: 6px solid }</style>' +
        '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td class="wide">d</td></tr></table>',
    );
    const [a, b, c, d] = all(t, 'td').map(style);
    // The first row's top and the last row's bottom are the table's 4px border: the cells draw none there, but
    // the 6px cell border wins over the table's and stays. No table border on the sides: the cells' stay.
    expect(a!.borderTopWidth).toBe('0px');
    expect(b!.borderTopWidth).toBe('0px');
    expect(c!.borderBottomWidth).toBe('0px');
    expect(d!.borderBottomWidth).toBeUndefined();
    expect(a!.borderLeftWidth).toBeUndefined();
    expect(a!.borderBottomWidth).toBeUndefined();
  });

  it('paints column group and column backgrounds under the rows, on the cells that start in them (column-backgrounds)', () => {
    const t = table(
      '<table><colgroup style="background:#0f0"><col style="background:#f00"><col></colgroup><col span="2" style="background-color:#00f">' +
        '<tr style="background:#ff0"><td>a</td><td>b</td><td>c</td><td>d</td></tr><tr><td colspan="3">e</td><td>f</td></tr></table>',
    );
    const painted = all(t, 'pictor-backdrop').map((b) => {
      const s = style(b);
      return `${s.gridRow} ${s.gridColumn} ${s.background ?? s.backgroundColor}`;
    });
    // The group's under its two columns, the columns' over it, the row's last; a spanning cell whole, with the
    // backgrounds of the column and group it starts in.
    expect(painted).toEqual([
      '1 / span 1 1 / span 1 #0f0',
      '1 / span 1 2 / span 1 #0f0',
      '2 / span 1 1 / span 3 #0f0',
      '1 / span 1 1 / span 1 #f00',
      '2 / span 1 1 / span 3 #f00',
      '1 / span 1 3 / span 1 #00f',
      '1 / span 1 4 / span 1 #00f',
      '2 / span 1 4 / span 1 #00f',
      '1 / span 1 1 / span 1 #ff0',
      '1 / span 1 2 / span 1 #ff0',
      '1 / span 1 3 / span 1 #ff0',
      '1 / span 1 4 / span 1 #ff0',
    ]);
  });

  it('reads em padding and em widths of cells at their computed font size (table-font-size-chain)', () => {
    // 75% of the body's 14px (its `font` shorthand): 10.5px. The 6em cell is 63px, its 1em paddings 10.5px each.
    const shorthand = table(
      '<!doctype html><style>body { font: 14px/18px sans-serif } table { font-size: 75% } td.w { width: 6em; padding: 0 1em }</style>' +
        '<table><tr><td class="w">a</td><td>b</td></tr></table>',
    );
    expect(String(style(shorthand).gridTemplateColumns)).toMatch(/^minmax\(min-content, 84px\) /);
    // An em table in an em section: 0.875 × 0.8 × 16px = 11.2px, so the 100px cell's 1em paddings are 11.2px each.
    const nested = table(
      '<!doctype html><style>section { font-size: 0.8em } table { font-size: .875em } td { padding: 0 1em }</style>' +
        '<section><table><tr><td style="width:100px">a</td><td>b</td></tr></table></section>',
    );
    expect(String(style(nested).gridTemplateColumns)).toMatch(/^minmax\(min-content, 122.4px\) /);
  });

  it("sizes a column to a cell's width with its padding and side borders (cell-width-borders)", () => {
    const separate = table(
      '<table><tr><td width="120" style="padding:0 10px;border:3px solid">a</td><td>b</td></tr></table>',
    );
    expect(String(style(separate).gridTemplateColumns).startsWith('minmax(min-content, 146px) ')).toBe(true);
    // Half of each border in the collapsing model; a border-box cell's width has them in already.
    const collapsed = table(
      '<table style="border-collapse:collapse"><tr><td style="width:8em;font-size:10px;padding:0 10px;border:4px solid">a</td>' +
        '<td style="width:50px;box-sizing:border-box;border:4px solid">b</td><td>c</td></tr></table>',
    );
    expect(String(style(collapsed).gridTemplateColumns)).toMatch(
      /^minmax\(min-content, 104px\) minmax\(min-content, 50px\) /,
    );
  });

  it('gives the width a definite table has left to auto columns, else fixed ones, else percentage ones', () => {
    // Only percentages: they grow in proportion (e-mail's lone `width: 87.5%` cell fills its table).
    const percent = table('<table width="480"><tr><td style="width:87.5%">a</td></tr></table>');
    expect(style(percent).gridTemplateColumns).toBe('minmax(min-content, 87.5fr)');
    // A percentage beside a fixed column: the fixed one takes the rest.
    const fixed = table(
      '<table width="480" cellpadding="0"><tr><td width="40%">a</td><td width="120">b</td></tr></table>',
    );
    expect(style(fixed).gridTemplateColumns).toBe('calc(40% - 0.8px) minmax(min-content, 120fr)');
    // With an auto column, percentages stay as they are.
    const auto = table('<table width="480"><tr><td width="40%">a</td><td>b</td></tr></table>');
    expect(style(auto).gridTemplateColumns).toMatch(/^calc\(40% - 0.8px\) minmax\(min-content, [\d.]+fr\)$/);
    // A table sized by its content is as wide as the percentage asks (table-percent-columns-fill): the column fills it.
    expect(style(table('<table><tr><td width="40%">a</td></tr></table>')).gridTemplateColumns).toBe(
      'minmax(min-content, 40fr)',
    );
  });

  it("shares a spanning cell's percentage among the columns it spans, by their content or width", () => {
    const t = table(
      '<table width="480" cellpadding="0"><tr><td colspan="2" width="60%">a</td><td width="20%">b</td></tr>' +
        '<tr><td>x</td><td>x</td><td>c</td></tr></table>',
    );
    expect(style(t).gridTemplateColumns).toBe(
      'minmax(min-content, 30fr) minmax(min-content, 30fr) minmax(min-content, 20fr)',
    );
    // A fixed column under it becomes a percentage column too: 70% less the other column's 50%.
    const fixed = table(
      '<table width="460" cellspacing="0"><tr><td width="100">a</td><td width="50%">b</td><td>c</td></tr>' +
        '<tr><td colspan="2" width="70%">d</td><td>e</td></tr></table>',
    );
    expect(String(style(fixed).gridTemplateColumns).startsWith('20% 50% ')).toBe(true);
  });

  it('centres cell content vertically like vertical-align: middle, unless told otherwise', () => {
    const t = table('<table><tr><td>a <b>b</b></td><td style="vertical-align:top">c</td></tr></table>');
    const [mid, top] = all(t, 'td');
    expect(style(mid!)).toMatchObject({ display: 'flex', flexDirection: 'column', justifyContent: 'center' });
    const wrapper = mid!.props.children as SatoriElement;
    expect(wrapper.props.children).toEqual(['a ', { type: 'b', props: { children: 'b' } }]);
    expect(style(top!).display).toBeUndefined();
  });

  it('maps align as Chrome does: legacy alignment that places narrower blocks and stops at each table', () => {
    const { root } = parseHtml(
      '<div align="center"><table id="outer" width="400"><tr align="right"><td id="a" style="margin:20px">' +
        '<table id="inner"><tr><td id="b">x</td><td id="c" align="middle">y</td></tr></table>' +
        '<div id="box" style="width:50px"></div></td></tr></table></div>' +
        '<table id="own" align="center"><tr valign="bottom"><td id="d">z</td></tr></table>',
    );
    const byId = (id: string) =>
      ['table', 'td', 'div'].flatMap((t) => all(root, t)).find((e) => e.props.id === id)!;
    // The div's centre places the table in it; the table resets the alignment its cells inherit.
    expect(style(byId('outer'))).toMatchObject({
      marginLeft: 'auto',
      marginRight: 'auto',
      textAlign: 'start',
    });
    // The row's align reaches its cell; a cell's margin is ignored, as CSS ignores it on table cells.
    expect(style(byId('a'))).toMatchObject({ textAlign: 'right', margin: '0px' });
    expect(style(byId('inner'))).toMatchObject({ marginLeft: 'auto', textAlign: 'start' });
    expect(style(byId('inner')).marginRight).toBeUndefined();
    expect(style(byId('b')).textAlign).toBeUndefined();
    expect(style(byId('c')).textAlign).toBe('center');
    expect(style(byId('box')).marginLeft).toBe('auto');
    expect(style(byId('own'))).toMatchObject({ marginLeft: 'auto', marginRight: 'auto' });
    expect(style(byId('d')).justifyContent).toBe('flex-end');
  });

  it("leaves the text alignment the page's CSS sets alone; a legacy centre still places a table with margins", () => {
    const { root } = parseHtml(
      '<style>.l{text-align:left}</style><div align="center"><table class="l" style="margin:0"><tr><td align="center">a</td></tr></table></div>',
    );
    const [t] = all(root, 'table');
    expect(style(t!).textAlign).toBeUndefined();
    // Chrome adds the free width to the table's own margins (`margin: 0` of e-mail resets does not stop it).
    expect(style(t!)).toMatchObject({ marginLeft: 'auto', marginRight: 'auto' });
  });

  it("places a block under a legacy centre by half the difference of its own margins; an auto margin is CSS's", () => {
    const { root } = parseHtml(
      '<div align="center"><table id="m" style="margin: 0 10px 0 30px"><tr><td>a</td></tr></table>' +
        '<table id="a" style="margin: 0 auto 0 0"><tr><td>a</td></tr></table>' +
        '<table id="f" style="float: left"><tr><td>a</td></tr></table></div>' +
        '<div align="right"><div id="r" style="width: 10px; margin-right: 5px">b</div>' +
        '<div id="ib" style="display: inline-block; width: 10px; margin: 0 -2px">c</div></div>',
    );
    const byId = (id: string) =>
      all(root, 'table')
        .concat(all(root, 'div'))
        .find((e) => e.props.id === id)!;
    expect(style(byId('m'))).toMatchObject({
      marginLeft: 'auto',
      marginRight: 'auto',
      position: 'relative',
      left: '10px',
    });
    expect(style(byId('a')).margin).toBe('0 auto 0 0');
    expect(style(byId('a')).marginLeft).toBeUndefined();
    expect(style(byId('f')).marginLeft).toBeUndefined();
    expect(style(byId('r'))).toMatchObject({ marginLeft: 'auto', marginRight: '5px' });
    // An inline-block sits on its line (hybrid e-mails' columns): its margins stay.
    expect(style(byId('ib')).marginLeft).toBeUndefined();
  });

  it('floats or aligns an image by its align attribute, as Chrome does', () => {
    const { root } = parseHtml(
      '<p><img id="l" align="left" src="a.png"><img id="m" align="middle" src="a.png"><img id="s" align="right" style="float:none" src="a.png"></p>',
    );
    const [l, m, s] = all(root, 'img');
    expect(style(l!).float).toBe('left');
    expect(style(m!).verticalAlign).toBe('middle');
    expect(style(s!).float).toBe('none');
  });

  it('maps nowrap, table height and background, hspace, vspace and border of images; names what it does not draw', () => {
    const { root, warnings } = parseHtml(
      '<table height="90" background="bg.png"><tr height="30"><td nowrap><img src="a.png" width="10" hspace="4" vspace="2" border="1"></td></tr></table>',
    );
    const [t] = all(root, 'table');
    // A table's height is a minimum (its rows may make it taller), as a row's: a grid track at least that tall.
    expect(style(t!)).toMatchObject({
      height: 'auto',
      minHeight: '90px',
      gridTemplateRows: 'minmax(30px, auto)',
    });
    expect(style(all(root, 'td')[0]!).whiteSpace).toBe('nowrap');
    expect(style(all(root, 'img')[0]!)).toMatchObject({
      marginLeft: '4px',
      marginRight: '4px',
      marginTop: '2px',
      marginBottom: '2px',
      border: '1px solid',
    });
    expect(style(t!).backgroundImage).toBe('url("bg.png")');
    expect(warnings).toEqual([]);
  });

  it('leaves out rows and cells the author hides with display: none: they take no row and no column', () => {
    const t = table(
      '<style>.gone{display:none}</style><table><tr class="gone"><td>a</td></tr><tr><td style="display:none">b</td><td>c</td></tr></table>',
    );
    const [tr1] = all(t, 'tr');
    expect(style(tr1!).display).toBe('none');
    // Only c is left, in the first row and column (e-mail's hidden `<td class="hide">` no longer pushes a button
    // cell one column along).
    const cells = all(t, 'td');
    expect(cells).toHaveLength(1);
    expect(style(cells[0]!)).toMatchObject({
      display: 'flex',
      gridRow: '1 / span 1',
      gridColumn: '1 / span 1',
    });
    expect(String(style(t).gridTemplateColumns).split(' ')).toHaveLength(1);
    expect(style(table('<table style="display:none"><tr><td>x</td></tr></table>')).display).toBe('none');
  });

  it("weighs auto columns by their text's width and their padding, Tailwind 4's padding-inline of var(--spacing) included", () => {
    const t = table(
      '<style>:root{--spacing:.25rem}.px-3{padding-inline:calc(var(--spacing) * 3)}</style>' +
        '<table style="width:600px"><tr><td class="px-3">Nandor the Relentless</td><td class="px-3">04/06/1262</td></tr></table>',
    );
    const weights = [...String(style(t).gridTemplateColumns).matchAll(/(\d+)fr/g)].map((m) => Number(m[1]));
    // Chromium: the texts are 164 and 89 px wide in Inter 16px; each cell has 12 px of padding on either side.
    expect(weights).toHaveLength(2);
    expect(Math.abs(weights[0]! - (164 + 24))).toBeLessThanOrEqual(3);
    expect(Math.abs(weights[1]! - (89 + 24))).toBeLessThanOrEqual(3);
    // Medium (500, through var()) is 1.2% wider than Regular in Inter, bold 3.6%: 164 px of text → 166 and 170.
    const weighted = table(
      '<style>:root{--w:500}</style><table style="width:600px"><tr><th>Nandor the Relentless</th>' +
        '<td style="font-weight:var(--w)">Nandor the Relentless</td><td>Nandor the Relentless</td></tr></table>',
    );
    const [bold, medium, regular] = [...String(style(weighted).gridTemplateColumns).matchAll(/(\d+)fr/g)].map(
      (m) => Number(m[1]),
    );
    expect(medium! - regular!).toBe(2);
    expect(bold! - regular!).toBe(6);
  });

  it('sizes a table of width: auto to its content, as browsers do (an e-mail button in a full-width cell)', () => {
    const t = table('<table style="width:auto"><tr><td>Call To Action</td></tr></table>');
    expect(style(t).width).toBe('fit-content');
    expect(style(table('<table style="width:50%"><tr><td>x</td></tr></table>')).width).toBe('50%');
  });

  it('sizes a table to its content when its width is a var() of nothing or a logical inline-size: auto', () => {
    // Vivliostyle's themes: `inline-size: var(--vs--table-size-inline)` with the variable undefined (width: auto).
    for (const declaration of [
      'inline-size: var(--undefined-size)',
      'width: var(--undefined-size)',
      'inline-size: auto',
      'width: 100%; inline-size: var(--size, auto)',
    ]) {
      const t = table(`<style>table { ${declaration} }</style><table><tr><td>a</td></tr></table>`);
      expect(style(t).width, declaration).toBe('fit-content');
    }
    // A later `width` wins over `inline-size`; a defined variable is the table's own width.
    const later = table(
      '<style>table { inline-size: auto; width: 60% }</style><table><tr><td>a</td></tr></table>',
    );
    expect(style(later).width).not.toBe('fit-content');
    const defined = table(
      '<style>:root { --w: 300px } table { inline-size: var(--w) }</style><table><tr><td>a</td></tr></table>',
    );
    expect(style(defined).width).not.toBe('fit-content');
  });

  it('adds the table UA styles once, with zero specificity, in the first cascade layer', () => {
    const { root } = parseHtml(
      '<div><table><tr><td>a</td></tr></table><table><tr><td>b</td></tr></table></div>',
    );
    const styles = all(root, 'style');
    expect(styles).toHaveLength(1);
    // In the document's first cascade layer, so author rules in their own layers still win.
    expect(String(styles[0]!.props.children)).toMatch(/^@layer pictor-ua \{\n:where\(table\)\{/);
    expect(String(styles[0]!.props.children).match(/:where\(table\)\{/g)).toHaveLength(1);
  });
});

describe('caption-side-bottom', () => {
  const page = (css: string) =>
    table(
      `<style>${css}</style><table><caption>Note</caption><thead><tr><th>a</th></tr></thead><tbody><tr><td rowspan="2">1</td></tr><tr></tr><tr><td>2</td></tr></tbody></table>`,
    );
  it('puts a caption with caption-side: bottom below the rows', () => {
    const t = page('caption { caption-side: bottom }');
    expect(style(all(t, 'caption')[0]!).gridRow).toBe('5');
    expect(style(all(t, 'th')[0]!).gridRow).toBe('1 / span 1');
  });
  it('inherits caption-side from the table', () => {
    expect(style(all(page('table { caption-side: bottom }'), 'caption')[0]!).gridRow).toBe('5');
  });
  it('keeps the caption above by default', () => {
    const t = page('');
    expect(style(all(t, 'caption')[0]!).gridRow).toBe('1');
    expect(style(all(t, 'th')[0]!).gridRow).toBe('2 / span 1');
  });
});

describe('caption-outside-spacing', () => {
  it('takes back the border spacing around a caption with negative margins, on the sides it sets none', () => {
    const t = table(
      '<style>table { border-spacing: 4px 3px }</style><table><caption>Note</caption><tr><td>1</td></tr></table>',
    );
    expect(style(all(t, 'caption')[0]!)).toMatchObject({
      marginLeft: '-4px',
      marginRight: '-4px',
      marginTop: '-3px',
    });
    const below = table(
      '<style>caption { caption-side: bottom; margin-left: 5px }</style><table><caption>Note</caption><tr><td>1</td></tr></table>',
    );
    const captionStyle = style(all(below, 'caption')[0]!);
    expect(captionStyle).toMatchObject({ marginRight: '-2px', marginBottom: '-2px' });
    expect(captionStyle.marginTop).toBeUndefined();
    expect(captionStyle.marginLeft).not.toBe('-2px');
  });
  it("takes back the table's own border and padding too, its inner margin holding them (caption-outside-box)", () => {
    const t = table(
      '<style>table { border: 3px solid; padding: 5px }</style><table><caption>Note</caption><tr><td>1</td></tr></table>',
    );
    const caption = all(t, 'caption')[0]!;
    // Chromium: the caption spans the table's border box above it; the rows below the table's top border and padding.
    expect(style(caption)).toMatchObject({
      marginLeft: '-10px',
      marginRight: '-10px',
      marginTop: '-10px',
      marginBottom: '8px',
    });
    expect(caption.props['data-pictor-table-caption']).toBe('top 8');
    const below = table(
      '<style>table { border-width: 4px 6px 8px 10px; border-style: solid; caption-side: bottom }</style><table><caption style="margin: 2px">Note</caption><tr><td>1</td></tr></table>',
    );
    expect(style(all(below, 'caption')[0]!)).toMatchObject({
      marginLeft: '-10px',
      marginRight: '-6px',
      marginBottom: '-8px',
      marginTop: '10px',
    });
  });
  it('leaves a caption of a collapsed table as it is', () => {
    const t = table(
      '<style>table { border-collapse: collapse }</style><table><caption>Note</caption><tr><td>1</td></tr></table>',
    );
    expect(style(all(t, 'caption')[0]!).marginTop).toBeUndefined();
  });
});

describe('table-percent-columns-fill', () => {
  it('makes an HTML table without a width as wide as its percentage columns ask, within its container', () => {
    const t = table(
      '<table><colgroup><col style="width: 40%"><col></colgroup><tr><td>Consulting</td><td>Quarterly review</td></tr></table>',
    );
    expect(style(t).width).toBe('100%');
    expect(Number.parseFloat(String(style(t).maxWidth))).toBeGreaterThan(100);
    const cell = table('<table><tr><td width="25%">a</td><td>b</td></tr></table>');
    expect(style(cell).width).toBe('100%');
    expect(style(cell).maxWidth).toMatch(/px$/);
  });

  it('leaves a table with a width, or without percentage columns, as it was', () => {
    expect(
      style(table('<table width="300"><tr><td width="25%">a</td><td>b</td></tr></table>')).maxWidth,
    ).toBeUndefined();
    const plain = table('<table><tr><td>a</td><td>b</td></tr></table>');
    expect(style(plain).width).toBeUndefined();
    expect(style(plain).maxWidth).toBeUndefined();
  });
});
