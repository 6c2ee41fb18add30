/**
 * Repro pages name font files of the core's (dev) dependencies as `url(npm/<package>/<path>)` (repro-references.mjs
 * inlines them for Chromium): here each is copied into `folder` (a renderer's baseDir) and named by its file name.
 */
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The page with its `url(npm/…)` fonts copied beside it into `folder`. */
export function withNpmFonts(html: string, folder: string): string {
  return html.replace(/url\(npm\/([@\w./-]+\.(?:ttf|otf|woff2?))\)/g, (_, path: string) => {
    copyFileSync(require.resolve(path), join(folder, basename(path)));
    return `url(${basename(path)})`;
  });
}
