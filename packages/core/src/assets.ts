/** Where the engine's built-in assets are (dist/assets, made by scripts/copy-assets.mjs at build time). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

/**
 * The assets folder: beside the bundled module (`dist/assets`), or the package's `dist/assets` when this runs from
 * `src/` (tests). @throws Error when the package was not built.
 */
export function assetDir(): string {
  if (found) return found;
  for (const candidate of [
    new URL('./assets/', import.meta.url),
    new URL('../dist/assets/', import.meta.url),
  ]) {
    const dir = fileURLToPath(candidate);
    if (existsSync(`${dir}twemoji.json`)) {
      found = dir;
      return dir;
    }
  }
  throw new Error(
    '@pictor/core: its built-in fonts are missing (dist/assets); build the package (pnpm build)',
  );
}
