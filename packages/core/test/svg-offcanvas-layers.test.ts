/**
 * Layers wholly off the canvas are cut before resvg sees them (svg/offcanvas-layers.ts): resvg panics on a layer —
 * an element with mask, clip-path, filter or opacity — whose content lies past about two canvases, or inside a
 * layer spanning more than that, aborting the process. The page-level check is test/repros/offcanvas-layers.html (html-chromium-repros.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { rasterize } from '../src/raster/resvg.js';
import {
  dropOffCanvasLayers,
  mayHaveOffCanvasLayers,
  parseTransform,
  pathBox,
} from '../src/svg/offcanvas-layers.js';

const head = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">';
const mask = '<mask id="m"><rect x="0" y="0" width="100" height="100" fill="#fff"/></mask>';
const visible = '<rect x="10" y="10" width="20" height="20" fill="#f00"/>';

describe('dropOffCanvasLayers', () => {
  it('cuts a masked group whose content lies far below the canvas, and resvg draws the rest', () => {
    const far = '<g mask="url(#m)"><path fill="#00f" d="M10 250 h10 v10 h-10z"/></g>';
    const svg = `${head}${mask}${visible}${far}</svg>`;
    const out = dropOffCanvasLayers(svg);
    expect(out).toBe(`${head}${mask}${visible}</svg>`);
    const image = rasterize(svg);
    // The red square is drawn (premultiplied RGBA, row 20, column 20).
    const at = (20 * 100 + 20) * 4;
    expect([...image.pixels.subarray(at, at + 4)]).toEqual([255, 0, 0, 255]);
  });

  it('cuts opacity, clip-path and filter layers too, and self-closing ones', () => {
    for (const layer of [
      '<g opacity="0.5"><rect x="250" y="10" width="10" height="10"/></g>',
      '<g clip-path="url(#c)"><rect x="-300" y="10" width="10" height="10"/></g>',
      '<g filter="url(#f)"><path d="M10 -400 l5 5 l-5 0z"/></g>',
      '<rect opacity="0.5" x="10" y="900" width="10" height="10"/>',
    ]) {
      expect(dropOffCanvasLayers(`${head}${visible}${layer}</svg>`)).toBe(`${head}${visible}</svg>`);
    }
  });

  it('a transparent stroke reaches nothing: the layer of a far border drawn as one is cut (found by fuzzing)', () => {
    // satori's transparent border of a long element: a 2 px path at y 2107 with a 4,308 px transparent stroke. Its
    // width made the layer seem to cover the canvas; kept, resvg panicked on it (geom.rs:27), aborting the process.
    const clip = '<clipPath id="c"><polygon points="2163,2107 2163,2109 9,2108 9,2108"/></clipPath>';
    const far =
      '<g clip-path="url(#c)"><path fill="none" stroke="transparent" stroke-width="4308" d="M2163,2107 A0,0 0 0 1 2163,2107 v2 a0,0 0 0 1 0,0"/></g>';
    const out = dropOffCanvasLayers(`${head}${clip}${visible}${far}</svg>`);
    expect(out).toBe(`${head}${clip}${visible}</svg>`);
    const image = rasterize(out);
    const at = (20 * 100 + 20) * 4;
    expect([...image.pixels.subarray(at, at + 4)]).toEqual([255, 0, 0, 255]);
    // A visible stroke still counts its width: kept.
    const seen = far.replace('stroke="transparent"', 'stroke="#000"');
    expect(dropOffCanvasLayers(`${head}${clip}${visible}${seen}</svg>`)).toContain(seen);
  });

  it('keeps layers that reach the canvas, near it, or that it cannot bound', () => {
    for (const layer of [
      '<g mask="url(#m)"><path d="M10 90 h10 v30 h-10z"/></g>',
      // Half a canvas past the edge under a filter: kept (a shadow or blur could reach in).
      '<g filter="url(#f)"><rect x="10" y="140" width="10" height="5"/></g>',
      '<g opacity="0.5"><g filter="url(#f)"><rect x="10" y="140" width="10" height="5"/></g></g>',
      // Within the few pixels anti-aliasing reaches.
      '<g opacity="0.5"><rect x="10" y="102" width="10" height="5"/></g>',
      // Moved back onto the canvas by a transform.
      '<g transform="translate(0 -500)"><g mask="url(#m)"><rect x="10" y="520" width="10" height="10"/></g></g>',
      '<g opacity="0.5"><text x="10" y="900">x</text></g>',
      '<g opacity="0.5" transform="perspective(3)"><rect x="10" y="900" width="10" height="10"/></g>',
      // Relative arcs and curves are followed.
      '<g mask="url(#m)"><path d="M10 900 c0 -400 0 -800 10 -850 a4,4 0 0 1 4,4"/></g>',
    ]) {
      const svg = `${head}${mask}${visible}${layer}</svg>`;
      expect(dropOffCanvasLayers(svg)).toBe(svg);
    }
  });

  it('cuts what lies just off the canvas where no filter moves it, inside a layer too, but nothing with an id', () => {
    const svg = (inner: string) => `${head}${visible}<g clip-path="url(#c)">${inner}</g></svg>`;
    // A layer just below the canvas, and a drawn element of a layer just above it.
    expect(
      dropOffCanvasLayers(
        `${head}${visible}<g opacity="0.5"><rect x="10" y="120" width="10" height="5"/></g></svg>`,
      ),
    ).toBe(`${head}${visible}</svg>`);
    expect(dropOffCanvasLayers(svg(`${visible}<path d="M10 -60 h10 v10 h-10z"/>`))).toBe(svg(visible));
    // Kept: referred to by id, under the layer's filter, or reaching the canvas.
    for (const inner of [
      `${visible}<path id="p" d="M10 -60 h10 v10 h-10z"/>`,
      `${visible}<g filter="url(#f)"><path d="M10 -60 h10 v10 h-10z"/></g>`,
      `${visible}<path d="M10 -60 h10 v58 h-10z"/>`,
    ]) {
      expect(dropOffCanvasLayers(svg(inner))).toBe(svg(inner));
    }
  });

  it('cuts what would make a layer inside a layer span past the region resvg allows, and resvg draws the rest', () => {
    // A clipped multi-column box: its first column's content far above the canvas, a masked group just below it.
    // resvg aborts the process on this SVG as it is (a panic in geom.rs).
    const svg = `${head}${visible}<g clip-path="url(#c)"><clipPath id="c"><rect x="-1000" y="50" width="2000" height="100000"/></clipPath><path d="M10 -150 h10 v10 h-10z"/><mask id="m2"><rect x="0" y="110" width="50" height="20" fill="#fff"/></mask><g mask="url(#m2)"><path fill="#00f" d="M10 112 h10 v10 h-10z"/></g></g></svg>`;
    const out = dropOffCanvasLayers(svg);
    expect(out).not.toContain('M10 -150');
    expect(out).not.toContain('mask="url(#m2)"');
    const image = rasterize(svg);
    const at = (20 * 100 + 20) * 4;
    expect([...image.pixels.subarray(at, at + 4)]).toEqual([255, 0, 0, 255]);
  });

  it('cuts a shadow whose filter region is its own box like any drawn element, and resvg draws the rest', () => {
    // Pictor (offcanvas-bounded-filter): satori's shadow without blur (a kbd in a multi-column box below the canvas).
    // Its filter's region is the element's box: nothing it draws reaches past that. resvg aborts on this SVG as it is.
    const shadow =
      '<filter id="s" x="0%" y="0%" width="100%" height="100%"><feGaussianBlur stdDeviation="0" result="b"/><feFlood flood-color="#bbb" in="SourceGraphic" result="f"/><feComposite in="f" in2="b" operator="in"/></filter>';
    const svg = `${head}${visible}<g clip-path="url(#c)"><clipPath id="c"><rect x="-1000" y="50" width="2000" height="100000"/></clipPath><path d="M10 -150 h10 v10 h-10z"/>${shadow}<g filter="url(#s)"><path fill="#00f" d="M10 112 h10 v10 h-10z"/></g></g></svg>`;
    const out = dropOffCanvasLayers(svg);
    expect(out).not.toContain('filter="url(#s)"');
    expect(out).not.toContain('M10 -150');
    const image = rasterize(svg);
    const at = (20 * 100 + 20) * 4;
    expect([...image.pixels.subarray(at, at + 4)]).toEqual([255, 0, 0, 255]);
    // A filter whose region reaches past the box (a blurred shadow), or in user space, still keeps its layer.
    for (const region of [
      'x="-10%" y="-10%" width="120%" height="120%"',
      'filterUnits="userSpaceOnUse" x="0%" y="0%" width="100%" height="100%"',
    ]) {
      const other = `${head}${visible}<g clip-path="url(#c)"><filter id="s" ${region}><feGaussianBlur stdDeviation="3"/></filter><g filter="url(#s)"><path d="M10 112 h10 v10 h-10z"/></g></g></svg>`;
      expect(dropOffCanvasLayers(other)).toBe(other);
    }
  });

  it('cuts an empty layer whose user-space filter region lies far off the canvas, and resvg draws the rest', () => {
    // Pictor (offcanvas-filter-region): satori's `filter: drop-shadow()` of an empty heading 4,000 px down a 2,000 px
    // canvas (a résumé at a phone's width): no content, so no box, but resvg aborts on this SVG as it is.
    const shadow = (y: number) =>
      `<filter id="t" x="15" y="${y}" width="70" height="10" filterUnits="userSpaceOnUse"><feMerge/></filter><g filter="url(#t)"></g>`;
    const svg = `${head}${visible}${shadow(210)}</svg>`;
    expect(dropOffCanvasLayers(svg)).not.toContain('filter="url(#t)"');
    const image = rasterize(svg);
    const at = (20 * 100 + 20) * 4;
    expect([...image.pixels.subarray(at, at + 4)]).toEqual([255, 0, 0, 255]);
    // A region that reaches the visible area keeps its layer.
    const near = `${head}${visible}${shadow(110)}</svg>`;
    expect(dropOffCanvasLayers(near)).toBe(near);
  });

  it('moves transformed content before deciding', () => {
    const layer =
      '<g transform="matrix(1,0,0,1,0,600)"><g opacity="0.5"><rect x="10" y="10" width="10" height="10"/></g></g>';
    expect(dropOffCanvasLayers(`${head}${layer}</svg>`)).toBe(
      `${head}<g transform="matrix(1,0,0,1,0,600)"></g></svg>`,
    );
    expect(parseTransform('translate(3 4) scale(2)')).toEqual([2, 0, 0, 2, 3, 4]);
    expect(parseTransform('bogus(1)')).toBeNull();
  });

  it('bounds path data with its control points', () => {
    expect(pathBox('M10 20 h5 v-30 q1 2 3 4 Z')).toEqual([10, -10, 18, 20]);
    expect(pathBox('')).toBeNull();
  });

  it('says when a page cannot have such layers, so the scan is skipped', () => {
    const box = { left: 0, top: 0, width: 100, height: 100 };
    expect(mayHaveOffCanvasLayers(`${head}</svg>`, [box], 100, 100)).toBe(false);
    expect(mayHaveOffCanvasLayers(`${head}</svg>`, [{ ...box, top: 1 }], 100, 100)).toBe(true);
    expect(mayHaveOffCanvasLayers(`${head}<g transform="translate(1)"></g></svg>`, [box], 100, 100)).toBe(
      true,
    );
  });
});
