/**
 * The Chromium references of the engine's repro pages (packages/core/test/repros/*.html, sizes in repros.json):
 * each page rendered by headless Chromium (Debian's) with exactly Pictor's built-in fonts, saved beside it as
 * `{name}.chromium.png`. Run on purpose when a repro is added or changed, then look at the PNGs:
 *
 *   node benchmarks/fidelity/repro-references.mjs [name…]
 *
 * A page may load built-in font files as web fonts with `url(fonts/<file>.ttf)` (the engine's test resolves them in
 * its dist/assets); here they are put into a copy of the page as data: URIs (Chromium loads no fonts from file:).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILTIN_FONT_FILES, builtinFontPath, launchChromium } from './chromium.mjs';

const coreRequire = createRequire(
  join(dirname(fileURLToPath(import.meta.url)), '../../packages/core/package.json'),
);

/**
 * The page with its `url(fonts/<file>)` references to built-in font files, and its `url(npm/<package>/<path>)` ones
 * to font files of the core's (dev) dependencies, turned into data: URIs.
 */
function withInlineFonts(html) {
  const npm = html.replace(/url\((['"]?)npm\/([@\w./-]+\.(ttf|otf|woff2?))\1\)/g, (_, _quote, path, ext) => {
    const type = ext === 'otf' ? 'otf' : ext;
    return `url(data:font/${type};base64,${readFileSync(coreRequire.resolve(path)).toString('base64')})`;
  });
  return npm.replace(/url\((['"]?)fonts\/([\w.-]+\.ttf)\1\)/g, (_, _quote, file) => {
    const entry = BUILTIN_FONT_FILES.find((f) => f.endsWith(`/${file}`)) ?? testFontFile(file);
    if (!entry) throw new Error(`fonts/${file} is not a built-in font file`);
    return `url(data:font/ttf;base64,${readFileSync(builtinFontPath(entry)).toString('base64')})`;
  });
}

/**
 * A font file of the core's tests (a devDependency such as @expo-google-fonts/noto-sans-arabic, for scripts the
 * built-in faces lack), `NotoSansArabic_400Regular.ttf` as `noto-sans-arabic/400Regular/…`; those tests hand it to
 * the engine with the `fonts` option (see html-bidi.test.ts).
 */
function testFontFile(file) {
  const match = /^(\w+?)_(\w+)\.ttf$/.exec(file);
  if (!match) return undefined;
  const pkg = match[1].replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  return `${pkg}/${match[2]}/${file}`;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../packages/core/test/repros');
const cases = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'));
const only = process.argv.slice(2);
const scratch = mkdtempSync(join(tmpdir(), 'pictor-repros-'));
const browser = await launchChromium();
try {
  for (const [name, { width, height }] of Object.entries(cases)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const page = join(scratch, `${name}.html`);
    writeFileSync(page, withInlineFonts(readFileSync(join(dir, `${name}.html`), 'utf8')));
    const png = await browser.screenshot(pathToFileURL(page).href, width, height);
    writeFileSync(join(dir, `${name}.chromium.png`), png);
    console.log(`${name}.chromium.png ${width}×${height}`);
  }
} finally {
  await browser.close();
}
