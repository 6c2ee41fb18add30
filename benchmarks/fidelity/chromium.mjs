/** Headless Chromium (Debian's, through playwright-core) with exactly Pictor's built-in fonts, via a private fontconfig. */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);

/** The font files Pictor ships (packages/core/src/fonts/builtin.ts), under their family names. */
export const BUILTIN_FONT_FILES = [
  'inter/400Regular/Inter_400Regular.ttf',
  'inter/500Medium/Inter_500Medium.ttf',
  'inter/600SemiBold/Inter_600SemiBold.ttf',
  'inter/700Bold/Inter_700Bold.ttf',
  'inter/800ExtraBold/Inter_800ExtraBold.ttf',
  'inter/400Regular_Italic/Inter_400Regular_Italic.ttf',
  'noto-serif/400Regular/NotoSerif_400Regular.ttf',
  'noto-serif/700Bold/NotoSerif_700Bold.ttf',
  'jetbrains-mono/400Regular/JetBrainsMono_400Regular.ttf',
  'jetbrains-mono/700Bold/JetBrainsMono_700Bold.ttf',
  'noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  'noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
];

/**
 * Fonts for the scripts the built-in set lacks (the `wider` corpus's RTL and complex-script documents), so that
 * Chromium's fallback for those scripts never reaches a system font: the faces Pictor's optional packages carry —
 * Noto Sans KR and TC of @pictor/fonts-cjk, and every face of @pictor/fonts-world (Arabic, Hebrew, Devanagari,
 * Bengali, Thai and 14 more scripts).
 */
export const SCRIPT_FONT_FILES = [
  'noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  'noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  'noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  'noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  ...require('@pictor/fonts-world').families.flatMap((family) =>
    family.files.map((file) => `${family.package.replace('@expo-google-fonts/', '')}/${file}`),
  ),
];

// The Latin fonts are the core's build inputs (devDependencies), the others @pictor/fonts-cjk's and -world's (and
// the benchmarks' own).
const fontRequires = [
  createRequire(require.resolve('@pictor/core/package.json')),
  createRequire(require.resolve('@pictor/fonts-cjk/package.json')),
  createRequire(require.resolve('@pictor/fonts-world/package.json')),
  require,
];

/** Absolute path of a built-in font file. */
export function builtinFontPath(file) {
  const [pkg, ...rest] = file.split('/');
  for (const from of fontRequires) {
    try {
      return join(dirname(from.resolve(`@expo-google-fonts/${pkg}/package.json`)), ...rest);
    } catch {}
  }
  throw new Error(`font package @expo-google-fonts/${pkg} not found`);
}

/**
 * The families of Pictor's own faces, as fontconfig names them: the built-in fonts, and those of its optional font
 * packages (Noto Sans KR and TC, and every @pictor/fonts-world family), which Pictor sets as it sets the built-in
 * ones (whole-pixel advances under `textPositioning: 'auto'`, packages/core/src/fonts/registry.ts).
 */
const BUILTIN_FAMILIES = [
  'Inter',
  'Noto Serif',
  'JetBrains Mono',
  'Noto Sans SC',
  'Noto Sans JP',
  'Noto Sans KR',
  'Noto Sans TC',
  ...require('@pictor/fonts-world').families.map((family) => family.name),
];

/**
 * A fontconfig tree holding only the built-in fonts; generic families map to them as in Pictor. Hinting as on a
 * stock Linux desktop (Debian's `10-hinting-slight.conf`), under which Chromium keeps fractional glyph advances for
 * every font, except for the families of Pictor's own faces installed here as local fonts (built-in and optional
 * packages'), which get full hinting: Chromium then rounds their advances to whole pixels (what Pictor's built-in faces do by default; web fonts loaded by
 * `@font-face` keep fractional advances, as Pictor's `fonts` and `@font-face` faces do). Measured with Chromium 150:
 * ten Inter 16px `i` are 40 px from the local face, 38.75 px from the same file as a web font; with no hinting
 * setting at all (this file before issue 40) both were 40, with slight hinting for all both 38.75. The flag
 * `--font-render-hinting=none` changes neither.
 */
async function fontconfigDir() {
  const dir = join(tmpdir(), `pictor-fidelity-fonts-${process.pid}`);
  const fonts = join(dir, 'fonts');
  mkdirSync(fonts, { recursive: true });
  for (const file of [...BUILTIN_FONT_FILES, ...SCRIPT_FONT_FILES]) {
    const target = join(fonts, file.split('/').at(-1));
    // A folder left by an earlier process with this pid may hold links into a worktree since removed: relink.
    rmSync(target, { force: true });
    symlinkSync(builtinFontPath(file), target);
  }
  // Colour emoji: Twemoji (the artwork Pictor draws, @twemoji/svg 15) as Mozilla's COLR font, decoded from WOFF2,
  // so Chromium's emoji fallback finds a colour emoji font instead of drawing empty boxes.
  const emoji = join(fonts, 'Twemoji.ttf');
  if (!existsSync(emoji)) {
    const { decompress } = createRequire(require.resolve('@pictor/core/package.json'))('wawoff2');
    writeFileSync(
      emoji,
      Buffer.from(await decompress(readFileSync(require.resolve('twemoji-colr-font/twemoji.woff2')))),
    );
  }
  const alias = (generic, family) =>
    `<alias binding="same"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`;
  writeFileSync(
    join(dir, 'fonts.conf'),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
<dir>${fonts}</dir><cachedir>${join(dir, 'cache')}</cachedir>
${alias('sans-serif', 'Inter')}${alias('system-ui', 'Inter')}${alias('serif', 'Noto Serif')}${alias('monospace', 'JetBrains Mono')}
${alias('Times New Roman', 'Noto Serif')}${alias('Times', 'Noto Serif')}${alias('Arial', 'Inter')}${alias('Helvetica', 'Inter')}
${alias('Courier New', 'JetBrains Mono')}${alias('Courier', 'JetBrains Mono')}
<match target="pattern"><edit name="hintstyle" mode="assign"><const>hintslight</const></edit></match>
${BUILTIN_FAMILIES.map((family) => `<match target="font"><test name="family"><string>${family}</string></test><edit name="hintstyle" mode="assign"><const>hintfull</const></edit></match>`).join('\n')}
<config><rescan><int>0</int></rescan></config>
</fontconfig>`,
  );
  return join(dir, 'fonts.conf');
}

/**
 * The page Chromium loads for a corpus document: a fragment inside a margin-less body (Pictor gives fragments no
 * implicit margin), and a UTF-8 byte order mark first. Pictor takes documents as text, so the reference must read
 * them as UTF-8; a page without a charset of its own was read by Chromium's encoding guess, which took some pages
 * with few non-ASCII characters for windows-1252. The mark decides the encoding and changes nothing else (no quirks).
 */
export function chromiumSource(html) {
  // A document as Pictor tells one from a fragment (core parse.ts, DOCUMENT_START): comments and an XML declaration
  // (`<?xml version="1.0"?>`, which HTML reads as a comment) may come before the doctype or `<html>`.
  const page = /^\s*(?:<!--[\s\S]*?-->\s*|<\?[^>]*>\s*)*<(?:!doctype|html|head|body)[\s>/]/i.test(html)
    ? html
    : `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>${html}</body></html>`;
  return `\uFEFF${page}`;
}

/**
 * Waits (up to 5 s) for the document's pictures to finish loading or failing, then to be decoded. `loading="lazy"`
 * pictures do not hold the load event back, so a screenshot taken at load showed their alt text or nothing (an
 * Eleventy post's picture), where a reader sees the picture and Pictor draws it; and a loaded `decoding="async"`
 * picture (Docusaurus writes both attributes) was left out of the screenshot until decoded.
 */
async function picturesSettled(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const pending = [...document.images].filter((img) => !img.complete);
        if (pending.length === 0) return resolve();
        let left = pending.length;
        const done = () => --left === 0 && resolve();
        for (const img of pending) {
          img.loading = 'eager';
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        }
        setTimeout(resolve, 5000);
      }),
  );
  await page.evaluate(() =>
    Promise.race([
      Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
}

/** Opens `url` in `page` as a reader sees it: loaded, its pictures settled, its fonts ready. */
async function loaded(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  await picturesSettled(page);
  await page.evaluate(() => document.fonts.ready);
}

/** Launch Chromium (Debian's by default); returns `{ screenshot(url, width, height), close() }`. */
export async function launchChromium(executablePath = '/usr/bin/chromium') {
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--font-render-hinting=none',
    ],
    env: { ...process.env, FONTCONFIG_FILE: await fontconfigDir() },
  });
  return {
    async screenshot(url, width, height) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await loaded(page, url);
      // Animations and transitions disabled (finite ones run to their end, infinite ones go back to their start):
      // a page that fades in at load was caught mid-way, a different image each run. Pictor draws a document's
      // styles without running its animations: the same state, except where an animation holds its last frame
      // (animation-fill-mode: forwards or both).
      const png = await page.screenshot({
        type: 'png',
        clip: { x: 0, y: 0, width, height },
        animations: 'disabled',
      });
      await context.close();
      return png;
    },
    /** The document's scroll height at the given width (for fixing a corpus case's viewport). */
    async measureHeight(url, width) {
      const context = await browser.newContext({ viewport: { width, height: 120 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await loaded(page, url);
      const height = await page.evaluate(() =>
        Math.ceil(Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)),
      );
      await context.close();
      return height;
    },
    /** A page with the document loaded, for measuring (development aid). */
    async page(url, width, height, deviceScaleFactor = 1) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
      const page = await context.newPage();
      await loaded(page, url);
      return page;
    },
    close: () => browser.close(),
  };
}
