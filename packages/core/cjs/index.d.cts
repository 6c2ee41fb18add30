/**
 * @pictor/core is an ES module: CommonJS cannot `require` it. Load it with `await import('@pictor/core')` (TypeScript
 * with `module: nodenext` keeps that call as written), or write your module as ESM. This file declares nothing, so a
 * CommonJS `import { … } from '@pictor/core'` fails to compile instead of failing at run time.
 */
export type PictorCoreIsAnEsModule = 'load it with await import("@pictor/core")';
