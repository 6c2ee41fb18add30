/**
 * The changes Pictor makes to satori's dist/index.js, applied when @pictor/core is built (tsup bundles the patched
 * satori into dist/) and when its tests run (vitest transforms satori the same way). Each change names the exact
 * text it replaces and fails loudly when that text is not found exactly once, so a satori upgrade cannot silently
 * drop one. Why not `pnpm patch`: satori ships one minified line per file, so a patch would carry megabytes of
 * diff, and it would not reach anyone who installs @pictor/core from npm. See docs/satori-patches.md.
 */
import { readFileSync } from 'node:fs';

/** @typedef {{ name: string, why: string, find: string, replace: string }} SatoriPatch */

/** @type {SatoriPatch[]} */
export const SATORI_PATCHES = [
  {
    name: 'line-height-normal',
    why:
      'line-height: normal is round(ascent) + round(descent) + round(line gap), as Chrome computes it ' +
      '(SimpleFontData: lroundf of each, hhea line gap included); satori added the unrounded values and left the ' +
      'hhea line gap out, so every line box came out up to ~0.6 px short and tall documents drifted upwards.',
    find: 'return G(y,Y)-d(y,Y)+z/y.unitsPerEm*g}',
    replace:
      'return Math.round(G(y,Y))+Math.round(-d(y,Y))+Math.round((Y?z:((u=y.tables)==null||u.hhea==null?0:u.hhea.lineGap)||0)/y.unitsPerEm*g)}',
  },
  {
    name: 'img-width-limits',
    why:
      'an <img> with a width (its natural one, or a CSS or attribute width) and an auto height is as wide as its ' +
      'min-width and max-width allow and keeps its aspect ratio, as in browsers; satori fixed the height from the ' +
      'width before the limits applied, so a picture in a narrower box was squashed, and one under min-width ' +
      'overflowed its box. A px limit clamps the width here; a percentage max-width becomes the width, capped by ' +
      'the natural (or given) width, the height following by the aspect ratio.',
    find: 's=n(g.width,B),a=n(g.height,E);',
    replace:
      's=n(g.width,B),a=n(g.height,E);if(typeof s=="number"&&a===void 0){let mx=g.maxWidth,mn=g.minWidth;typeof mx=="number"&&(s=Math.min(s,mx));typeof mn=="number"&&(s=Math.max(s,mn));typeof mx=="string"&&/%$/.test(mx.trim())&&(g.maxWidth=s,s=mx)}',
  },
];

/** satori's ES module entry, the file the patches apply to. */
export const SATORI_ENTRY = /[\\/]satori[\\/]dist[\\/]index\.js$/;

/** `source` (satori's dist/index.js) with every patch applied; throws when one does not match exactly once. */
export function patchSatori(source) {
  let out = source;
  for (const patch of SATORI_PATCHES) {
    const at = out.indexOf(patch.find);
    if (at === -1 || out.indexOf(patch.find, at + 1) !== -1) {
      throw new Error(
        `satori patch "${patch.name}": its text is ${at === -1 ? 'missing' : 'there more than once'} in satori's dist/index.js; satori changed: redo the patch (packages/core/build/satori-patch.mjs)`,
      );
    }
    out = out.slice(0, at) + patch.replace + out.slice(at + patch.find.length);
  }
  return out;
}

/** The esbuild (tsup) plugin: load satori's entry patched. */
export function satoriPatchEsbuild() {
  return {
    name: 'pictor-satori-patch',
    setup(build) {
      build.onLoad({ filter: SATORI_ENTRY }, (args) => ({
        contents: patchSatori(readFileSync(args.path, 'utf8')),
        loader: 'js',
      }));
    },
  };
}

/** The Vite (vitest) plugin: transform satori's entry the same way; needs `server.deps.inline: ['satori']`. */
export function satoriPatchVite() {
  return {
    name: 'pictor-satori-patch',
    enforce: 'pre',
    transform(code, id) {
      return SATORI_ENTRY.test(id.split('?')[0]) ? { code: patchSatori(code), map: null } : undefined;
    },
  };
}
