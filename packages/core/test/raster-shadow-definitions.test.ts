/**
 * A box shadow's mask and clip path definitions found by id (shadow-pictures.ts): `definitionIndex` answers from one
 * scan of the SVG what `firstDefinition` (two `indexOf` per id) answers, for every id of random SVGs of masks, clip
 * paths, look-alikes (`<maskx id=`, `<mask  id=`, ids with `<`, quotes and spaces) and repeated ids.
 */
import { describe, expect, it } from 'vitest';
import { definitionIndex, firstDefinition } from '../src/raster/shadow-pictures.js';
import { seededRandom } from './helpers/seeded-random.js';

const IDS = ['a', 'b', 'satori_cp-1', 'satori_mi-2', 'a b', 'x<y', 'c.d', ''];
const pieces = (id: string) => [
  `<mask id="${id}">`,
  `<clipPath id="${id}">`,
  `<mask id="${id}x">`,
  `<maskx id="${id}">`,
  `<mask  id="${id}">`,
  `<clipPath id="${id}"/>`,
  '</mask>',
  '<path d="M0 0h1"/>',
  '<mask id="',
];

describe('shadow definitions by id', () => {
  it('answers as two indexOf per id did', () => {
    const next = seededRandom(11);
    for (let n = 0; n < 500; n++) {
      let svg = '<svg>';
      const length = Math.floor(next() * 20);
      for (let i = 0; i < length; i++) {
        const options = pieces(IDS[Math.floor(next() * IDS.length)] as string);
        svg += options[Math.floor(next() * options.length)];
      }
      const index = definitionIndex(svg);
      for (const id of [...IDS, 'missing']) expect(index(id), `${svg} ${id}`).toBe(firstDefinition(svg, id));
    }
  });
});
