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
    name: 'img-auto-size-is-natural',
    why:
      '`width: auto` / `height: auto` on an <img> mean its natural size (or the size its other dimension and ' +
      'aspect ratio give), as in browsers, and outrank the width/height attributes as any CSS does; satori ' +
      'stretched an auto-width image to its container (e-mail resets declare `img { width: auto; max-width: 100% }`).',
    find: 'OG(A,w,j,W,B.width??(B.__naturalSize?j:void 0),B.height)',
    replace:
      'OG(A,w,j,W,w.width==="auto"?(w.height===void 0||w.height==="auto"?j:void 0):B.width??(B.__naturalSize?j:void 0),w.height==="auto"?void 0:B.height)',
  },
  {
    name: 'img-width-limits',
    why:
      'an <img> with a width (its natural one, or a CSS or attribute width) and an auto height is as wide as its ' +
      'min-width and max-width allow and keeps its aspect ratio, as in browsers; satori fixed the height from the ' +
      'width before the limits applied, so a picture in a narrower box was squashed, and one under min-width ' +
      'overflowed its box. A px limit clamps the width here (exact). Under a percentage max-width the height ' +
      "follows by the aspect ratio; satori's layout sizes the box from the width before the cap, so when the cap " +
      'applies the box stays as tall as the uncapped picture, and the picture is drawn at its true size at the top ' +
      'of it (object-fit: contain, left top, unless the document sets object-fit).',
    find: 's=n(g.width,B),a=n(g.height,E);s===void 0&&a===void 0?(s="100%",A.style.aspectRatio=1/Q):a===void 0?typeof s=="number"?a=(s-o)*Q+e:A.style.aspectRatio=1/Q',
    replace:
      's=n(g.width==="auto"?void 0:g.width,B),a=n(g.height==="auto"?void 0:g.height,E),P=!1;if(typeof s=="number"&&a===void 0){let mx=g.maxWidth,mn=g.minWidth;typeof mx=="number"&&(s=Math.min(s,mx));typeof mn=="number"&&(s=Math.max(s,mn));typeof mx=="string"&&/%$/.test(mx.trim())&&(P=!0,g.objectFit===void 0&&(g.objectFit="contain",g.objectPosition=g.objectPosition??"left top"))}s===void 0&&a===void 0?(s="100%",A.style.aspectRatio=1/Q):a===void 0?typeof s=="number"&&!P?a=(s-o)*Q+e:A.style.aspectRatio=1/Q',
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
