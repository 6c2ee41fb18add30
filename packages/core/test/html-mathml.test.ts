// Pictor mathml-not-laid-out: MathML is drawn as plain inline text (no scripts, fractions, operator spacing); one
// warning per document says so and names the layout elements its formulas hold. mathml-tables: an <mtable> is an
// inline table of its <mtr> rows and <mtd> cells.
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import { all as findAll } from './helpers/tree.js';

const doc = (body: string) => `<!doctype html><html><body>${body}</body></html>`;
const mathWarnings = (html: string) => parseHtml(html).warnings.filter((w) => w.startsWith('MathML'));

describe('a document with MathML', () => {
  it('warns once, naming the layout elements its formulas lose', () => {
    const warnings = mathWarnings(
      doc(
        '<p><math><msub><mi>a</mi><mn>1</mn></msub><mo>=</mo><mfrac><mi>b</mi><mn>2</mn></mfrac></math></p>' +
          '<math display="block"><mtable><mtr><mtd><msup><mi>x</mi><mn>2</mn></msup></mtd></mtr></mtable></math>',
      ),
    );
    expect(warnings).toEqual([
      'MathML is not laid out: the text of <math> is drawn as plain inline text; its layout (<mfrac>, <msub>, <msup>: scripts, fractions, roots) and operator spacing are not drawn; <mtable> is a table whose rows are as tall as their lines, not as their glyphs',
    ]);
  });

  it('warns without layout elements too (operators and identifiers are not spaced or slanted)', () => {
    expect(mathWarnings(doc('<math><mi>a</mi><mo>+</mo><mi>b</mi></math>'))).toEqual([
      'MathML is not laid out: the text of <math> is drawn as plain inline text; its operator spacing and mathematical italic are not drawn',
    ]);
  });

  it('and not without math', () => {
    expect(mathWarnings(doc('<p>a<sub>1</sub> = b<sup>2</sup></p><svg><text>msub</text></svg>'))).toEqual([]);
  });
});

describe('an <mtable> (mathml-tables)', () => {
  it('is an inline table: each <mtd> in its row and column', () => {
    const { root } = parseHtml(
      doc(
        '<math><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>22</mn></mtd></mtr>' +
          '<mtr><mtd><mn>333</mn></mtd><mtd><mn>4</mn></mtd></mtr></mtable></math>',
      ),
    );
    const table = findAll(root, 'mtable')[0];
    expect((table.props.style as Record<string, string>).display).toBe('inline-grid');
    const cells = findAll(table, 'mtd').map((cell) => {
      const style = cell.props.style as Record<string, string>;
      return `${style.gridRow}|${style.gridColumn}`;
    });
    expect(cells).toEqual([
      '1 / span 1|1 / span 1',
      '1 / span 1|2 / span 1',
      '2 / span 1|1 / span 1',
      '2 / span 1|2 / span 1',
    ]);
  });
});
