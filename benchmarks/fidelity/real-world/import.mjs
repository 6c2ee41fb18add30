/**
 * Builds the real-world corpus (benchmarks/fidelity/real-world/<case>/) from public repositories, as it was
 * built once: each document is taken as its authors wrote it and only made self-contained:
 * - template placeholders (Mustache/Handlebars/Mustachio/Jinja) filled with sample values,
 * - external images replaced by generated placeholders of the same size (data: URIs), images that are in the
 *   repository inlined as data: URIs,
 * - web-font links/imports and scripts removed (text falls back to the document's own font stack, which
 *   Chromium and Pictor both resolve to the built-in families),
 * - Tailwind components (HyperUI) get their utilities compiled to CSS by the Tailwind CLI (4.3.1, the
 *   version the repository uses) with the repository's own Tailwind input, minus its Google-font import.
 * The viewport height is the document's height in Chromium at the fixed width (clamped to 120..2000 px).
 *
 * Usage: node benchmarks/fidelity/real-world/import.mjs
 *   needs the repositories as bare git directories under $MIRRORS (default /work/.mirror/<owner>+<name>/repo)
 *   and the Tailwind CLI under $TAILWIND_DIR (default /tmp/tw: `npm i @tailwindcss/cli@4.3.1 tailwindcss@4.3.1
 *   @tailwindcss/forms@0.5.11 @tailwindcss/typography@0.5.20`). The documents it wrote are committed, so the
 *   benchmark never needs this script.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { launchChromium } from '../chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TAILWIND_DIR = process.env.TAILWIND_DIR ?? '/tmp/tw';
const only = process.argv[2];

export const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');
export const git = (repo, ...args) =>
  execFileSync('git', ['-C', gitDir(repo), ...args], { maxBuffer: 64 << 20 });
export const commitOf = (repo) => git(repo, 'rev-parse', 'HEAD').toString().trim();
export const show = (repo, path) => git(repo, 'show', `HEAD:${path}`);
export const exists = (repo, path) => {
  try {
    execFileSync('git', ['-C', gitDir(repo), 'cat-file', '-e', `HEAD:${path}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------- the documents

const POSTMARK = [
  'comment-notification',
  'dunning',
  'example',
  'invoice',
  'password-reset-help',
  'password-reset',
  'receipt',
  'trial-expired',
  'trial-expiring',
  'user-invitation',
  'welcome',
];
const SENDWITHUS = {
  airmail: ['invoice', 'welcome', 'progress'],
  cleave: ['invoice', 'welcome', 'survey'],
  go: ['invoice', 'confirm', 'upsell'],
  goldstar: ['invoice', 'birthday', 'update'],
  mantra: ['receipt', 'coupon', 'shipped'],
  meow: ['receipt', 'digest-left', 'two-column'],
  narrative: ['invoice', 'welcome', 'progress'],
  neopolitan: ['invoice', 'confirm', 'reignite'],
  oxygen: ['invoice', 'welcome', 'ping'],
  skyline: ['invoice', 'invite', 'upsell'],
  sunday: ['invoice', 'welcome', 'survey'],
  'zen-flat': ['invoice', 'confirm', 'progress'],
  cerberus: ['hybrid'],
  'plain-jane': ['plain'],
};
const HYPERUI = [
  'application/badges/1',
  'application/badges/2',
  'application/badges/3',
  'application/badges/4',
  'application/badges/5',
  'marketing/pricing/1',
  'marketing/pricing/2',
  'marketing/cards/1',
  'marketing/cards/2',
  'marketing/cards/3',
  'marketing/cards/4',
  'marketing/product-cards/1',
  'marketing/product-cards/2',
  'marketing/product-cards/3',
  'marketing/blog-cards/1',
  'marketing/blog-cards/2',
  'marketing/blog-cards/3',
  'application/stats/1',
  'application/stats/2',
  'application/stats/3',
  'marketing/stats/1',
  'application/tables/1',
  'application/tables/2',
  'application/timelines/1',
  'application/timelines/2',
  'application/steps/1',
  'application/steps/2',
  'marketing/announcements/1',
  'marketing/ctas/1',
  'marketing/team-sections/1',
  'marketing/feature-grids/1',
  'application/details-list/1',
  'application/progress-bars/1',
  'application/toasts/1',
  'application/empty-states/1',
  'marketing/footers/1',
  'neobrutalism/cards/1',
  'neobrutalism/badges/1',
  'neobrutalism/alerts/1',
  'marketing/faqs/1',
];

// vercel/og-image: its own template function, run with these requests (2048×1170 is the viewport it screenshots).
const OG_IMAGE = [
  {
    text: '**Hello**, World',
    theme: 'light',
    md: true,
    fontSize: '100px',
    images: ['logo'],
    widths: ['auto'],
    heights: ['225'],
  },
  {
    text: 'Introducing **Pictor** 2.0',
    theme: 'dark',
    md: true,
    fontSize: '96px',
    images: ['logo', 'logo2'],
    widths: ['auto', 'auto'],
    heights: ['225', '225'],
  },
  {
    text: '_Why_ rendering at the **edge** matters',
    theme: 'light',
    md: true,
    fontSize: '80px',
    images: ['logo'],
    widths: ['350'],
    heights: ['200'],
  },
  {
    text: 'Release notes — November 2026',
    theme: 'dark',
    md: false,
    fontSize: '120px',
    images: ['logo'],
    widths: ['auto'],
    heights: ['150'],
  },
];

function ogImageHtml(params) {
  const repo = 'vercel/og-image';
  const source = show(repo, 'api/_lib/template.ts')
    .toString('utf8')
    .replace(/^import .*$/gm, '')
    .replace(/^const twemoji = require\('twemoji'\);$/m, '')
    .replace(/export function/g, 'function')
    .replace(/: ParsedRequest|: string|: number/g, '');
  const getHtml = new Function(
    'readFileSync',
    '__dirname',
    'sanitizeHtml',
    'twemoji',
    `${source}\nreturn getHtml;`,
  )(
    (path) =>
      show(
        repo,
        posix
          .normalize(posix.join('api/_lib', path.replace(/^\/dir\//, '')))
          .replace(/^api\/_lib\/\.\.\//, 'api/'),
      ),
    '/dir',
    (html) =>
      String(html).replace(
        /[&<>"'/]/g,
        (k) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;' })[k],
      ),
    { parse: (text) => text },
  );
  // The default logo is Vercel's triangle from its CDN: a placeholder of the same box stands in.
  return getHtml({ ...params, images: params.images.map((i) => `https://assets.example/${i}.svg`) });
}

function documents() {
  const docs = [];
  for (const layout of ['basic', 'plain']) {
    for (const t of POSTMARK) {
      docs.push({
        name: `postmark-${layout}-${t}`,
        repo: 'ActiveCampaign/postmark-templates',
        path: `templates-inlined/${layout}/${t}/content.html`,
        licence: 'MIT',
        kind: 'transactional e-mail',
        width: 800,
      });
    }
  }
  for (const t of ['action', 'alert', 'billing']) {
    docs.push({
      name: `mailgun-${t}`,
      repo: 'mailgun/transactional-email-templates',
      path: `templates/inlined/${t}.html`,
      licence: 'MIT',
      kind: 'transactional e-mail',
      width: 800,
    });
  }
  docs.push({
    name: 'leemunroe-responsive-email',
    repo: 'leemunroe/responsive-html-email-template',
    path: 'email-inlined.html',
    licence: 'MIT',
    kind: 'transactional e-mail',
    width: 800,
  });
  for (const [dir, file, data] of [
    ['receipt', 'receipt.html', 'receipt_data.json'],
    ['newsletter', 'news_feed.html', 'news_feed_data.json'],
    ['special-sale', 'special_sale.html', 'special_sale_data.json'],
    ['transactional-actions', 'call_to_action.html', 'password_reset_data.json'],
    ['different-languages', 'different_languages.html', 'different_languages_data_english.json'],
  ]) {
    docs.push({
      name: `sendgrid-dynamic-${dir}`,
      repo: 'sendgrid/email-templates',
      path: `dynamic-templates/${dir}/${file}`,
      data: `dynamic-templates/${dir}/${data}`,
      licence: 'MIT',
      kind: 'e-mail (Handlebars dynamic template)',
      width: 800,
    });
  }
  for (const family of ['merriweather', 'paste']) {
    for (const t of ['digest', 'email-confirmation', 'password-reset', 'receipt', 'welcome']) {
      docs.push({
        name: `sendgrid-${family}-${t}`,
        repo: 'sendgrid/email-templates',
        path: `${family}-templates/${t}.html`,
        licence: 'MIT',
        kind: 'transactional e-mail',
        width: 800,
      });
    }
  }
  for (const [i, params] of OG_IMAGE.entries()) {
    docs.push({
      name: `vercel-og-image-${i + 1}-${params.theme}`,
      repo: 'vercel/og-image',
      path: 'api/_lib/template.ts',
      licence: 'MIT',
      kind: 'Open Graph card (HTML made by the template with the repository fonts)',
      width: 2048,
      height: 1170,
      build: () => ogImageHtml(params),
      note: `getHtml(${JSON.stringify(params)}) of api/_lib/template.ts (TypeScript types stripped, run as is)`,
    });
  }
  for (const [theme, list] of Object.entries(SENDWITHUS)) {
    for (const t of list) {
      docs.push({
        name: `sendwithus-${theme}-${t}`,
        repo: 'sendwithus/templates',
        path: `templates/${theme}/${t}.html`,
        licence: 'Apache-2.0',
        kind: 'e-mail (newsletter / transactional)',
        width: 800,
      });
    }
  }
  for (const c of HYPERUI) {
    docs.push({
      name: `hyperui-${c.split('/').slice(-2).join('-')}${c.startsWith('neobrutalism') ? '-neo' : c === 'marketing/stats/1' ? '-marketing' : ''}`,
      repo: 'markmead/hyperui',
      path: `public/examples/${c}.html`,
      licence: 'MIT',
      kind: 'Tailwind component (compiled to CSS)',
      width: 800,
      tailwind: true,
    });
  }
  return docs;
}

// ---------------------------------------------------------------- placeholders

const SAMPLE = {
  name: 'Jane Cooper',
  first_name: 'Jane',
  username: 'janecooper',
  product_name: 'Acme Cloud',
  product_url: 'https://example.com',
  company_name: 'Acme Cloud, Inc.',
  company_address: '1234 Market Street, Suite 500<br>San Francisco, CA 94103',
  sender_name: 'Alex from Acme',
  support_email: 'support@example.com',
  email_address: 'jane.cooper@example.com',
  amount: '$49.00',
  total: '$129.00',
  receipt_id: 'RCPT-20261124-0042',
  invoice_id: 'INV-2026-0117',
  credit_card_brand: 'Visa',
  credit_card_last_four: '4242',
  trial_length: '14',
  commenter_name: 'Marcus Lee',
  body: 'Looks great — I left two small notes on the second draft. Shall we ship it on Friday?',
  browser_name: 'Chrome 131',
  operating_system: 'macOS 15',
  invite_sender_name: 'Priya Natarajan',
  invite_sender_organization_name: 'Northwind Traders',
  attachment_name: 'Q3-report.pdf',
  attachment_size: '2.4 MB',
  attachment_type: 'PDF',
  description: 'Pro plan (monthly)',
  timestamp: 'November 24, 2026 at 14:32 UTC',
  value: 'Sample value',
};
const LIST_ITEMS = [
  { description: 'Pro plan — November 2026', amount: '$49.00' },
  { description: 'Additional seats (3 × $20.00)', amount: '$60.00' },
  { description: 'Priority support add-on', amount: '$20.00' },
];

function lookup(data, path) {
  let v = data;
  for (const part of path.split('.')) {
    if (v == null || typeof v !== 'object' || !(part in v)) return undefined;
    v = v[part];
  }
  return v;
}

function sampleValue(raw, scope, data) {
  const key = raw
    .trim()
    .replace(/^[&{]\s*/, '')
    .replace(/\s*\|.*$/, '')
    .replace(/^this\./, '')
    .trim();
  const leaf = key.split('.').at(-1);
  if (scope && typeof scope === 'object' && lookup(scope, key) !== undefined)
    return String(lookup(scope, key));
  if (data && lookup(data, key) !== undefined) return String(lookup(data, key));
  if (scope && typeof scope === 'object' && leaf in scope) return scope[leaf];
  if (leaf in SAMPLE) return SAMPLE[leaf];
  if (/url$|link$/i.test(leaf)) return `https://example.com/${leaf.replace(/_url$/, '').replace(/_/g, '-')}`;
  if (/date/i.test(leaf)) return 'November 24, 2026';
  if (/amount|total|price|cost/i.test(leaf)) return '$49.00';
  if (/email/i.test(leaf)) return 'jane.cooper@example.com';
  if (/name/i.test(leaf)) return 'Jane Cooper';
  return leaf.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/**
 * Fills Mustache/Handlebars/Mustachio/Jinja tags. With `data` (the template's own sample data, when the
 * repository has it) each-blocks iterate it and if/else-if chains take the first true branch; without it
 * each-blocks repeat over three sample rows and if keeps its first branch.
 */
export function fillPlaceholders(text, data) {
  const tokens = text.split(/(\{\{\{?[\s\S]*?\}?\}\}|\{%[\s\S]*?%\})/);
  const root = { branches: [{ cond: null, children: [] }] };
  const stack = [root];
  for (const t of tokens) {
    const top = stack.at(-1);
    const branch = top.branches.at(-1);
    const m = /^\{\{\s*([#^/])\s*([\s\S]*?)\s*\}\}$/.exec(t);
    const elseMatch = /^\{\{\s*else(?:\s+if\s+([\s\S]*?))?\s*\}\}$/.exec(t);
    if (t.startsWith('{%')) continue;
    if (m?.[1] === '#' || m?.[1] === '^') {
      const [helper, ...rest] = m[2].split(/\s+/);
      const node = {
        kind: m[1],
        helper,
        arg: rest.join(' '),
        branches: [{ cond: rest.join(' '), children: [] }],
      };
      branch.children.push(node);
      stack.push(node);
    } else if (m?.[1] === '/') {
      if (stack.length > 1) stack.pop();
    } else if (elseMatch) {
      top.branches.push({ cond: elseMatch[1] ?? true, children: [] });
    } else if (/^\{\{>/.test(t) || /^\{\{!/.test(t)) {
      // partials and comments: nothing
    } else if (/^\{\{/.test(t)) {
      branch.children.push({ kind: 'var', tag: t.replace(/^\{\{\{?|\}?\}\}$/g, '') });
    } else {
      branch.children.push(t);
    }
  }
  const truthy = (cond, scope) => {
    if (cond === true) return true;
    const key = cond.replace(/^this\./, '');
    const fromScope = scope && typeof scope === 'object' ? lookup(scope, key) : undefined;
    const v = fromScope !== undefined ? fromScope : data ? lookup(data, key) : undefined;
    if (v === undefined) return !data; // unknown without data: keep the first branch
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  };
  const renderChildren = (children, scope) =>
    children
      .map((c) => {
        if (typeof c === 'string') return c;
        if (c.kind === 'var') return sampleValue(c.tag, scope, data);
        if (c.kind === '^') return '';
        if (c.helper === 'if' || c.helper === 'unless') {
          const pick =
            c.helper === 'unless'
              ? truthy(c.arg, scope)
                ? c.branches[1]
                : c.branches[0]
              : c.branches.find((b, i) =>
                  i === 0 ? truthy(b.cond, scope) : b.cond === true || truthy(b.cond, scope),
                );
          return pick ? renderChildren(pick.children, scope) : '';
        }
        const listName = c.helper === 'each' ? c.arg : c.helper;
        const list = data ? lookup(data, listName.replace(/^this\./, '')) : undefined;
        if (Array.isArray(list))
          return list.map((item) => renderChildren(c.branches[0].children, item)).join('');
        if (c.helper === 'each' || /details|items|list/.test(c.helper)) {
          return LIST_ITEMS.map((item) => renderChildren(c.branches[0].children, item)).join('');
        }
        return renderChildren(c.branches[0].children, scope);
      })
      .join('');
  return renderChildren(root.branches[0].children, null);
}

// ---------------------------------------------------------------- resources

const placeholderCache = new Map();
export async function placeholder(width, height, seed) {
  const w = Math.max(1, Math.min(1200, Math.round(width)));
  const h = Math.max(1, Math.min(1200, Math.round(height)));
  const key = `${w}x${h}:${seed % 6}`;
  if (placeholderCache.has(key)) return placeholderCache.get(key);
  let uri;
  if (w <= 2 && h <= 2) {
    uri = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
  } else {
    const palettes = [
      [
        [96, 165, 250],
        [30, 64, 175],
      ],
      [
        [251, 191, 36],
        [217, 119, 6],
      ],
      [
        [52, 211, 153],
        [4, 120, 87],
      ],
      [
        [244, 114, 182],
        [157, 23, 77],
      ],
      [
        [167, 139, 250],
        [76, 29, 149],
      ],
      [
        [203, 213, 225],
        [71, 85, 105],
      ],
    ];
    const [a, b] = palettes[seed % palettes.length];
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const t = (x / w + y / h) / 2;
        const i = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) raw[i + c] = Math.round(a[c] + (b[c] - a[c]) * t);
      }
    }
    const png = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .png({ palette: true, colours: 64 })
      .toBuffer();
    uri = `data:image/png;base64,${png.toString('base64')}`;
  }
  placeholderCache.set(key, uri);
  return uri;
}

const MIME = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};
let seedCounter = 0;

/** Replaces every image reference (img src, background attribute, CSS url()) by a data: URI. */
export async function inlineImages(html, doc, changes) {
  const counts = { placeholder: 0, inlined: 0, sizedByRole: 0 };
  const resolve = async (url, width, height) => {
    if (url.startsWith('data:') || url.startsWith('#') || url === '') return url;
    if (!/^(https?:)?\/\//i.test(url)) {
      const path = posix.normalize(posix.join(posix.dirname(doc.path), url.split(/[?#]/)[0]));
      const ext = path.split('.').at(-1).toLowerCase();
      if (MIME[ext] && exists(doc.repo, path)) {
        let data = show(doc.repo, path);
        let mime = MIME[ext];
        if (data.length > 200_000 && ext !== 'svg') {
          data = await sharp(data)
            .resize({ width: 800, withoutEnlargement: true })
            .jpeg({ quality: 80 })
            .toBuffer();
          mime = 'image/jpeg';
        }
        counts.inlined++;
        return `data:${mime};base64,${data.toString('base64')}`;
      }
    }
    counts.placeholder++;
    if (/spacer|transparent|blank|pixel/i.test(url)) return placeholder(1, 1, 0);
    return placeholder(width ?? 400, height ?? 300, seedCounter++);
  };
  const attr = (tag, name) => {
    const m = new RegExp(`\\s${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(tag);
    return m ? Number(m[1]) : undefined;
  };
  let out = '';
  let last = 0;
  for (const m of html.matchAll(/<(img|table|td|th|body|div|v:fill|v:image)\b[^>]*>/gi)) {
    let tag = m[0];
    const width = attr(tag, 'width');
    const height = attr(tag, 'height');
    const replacements = [];
    for (const a of tag.matchAll(/(?<=[\s"'])(src|background)\s*=\s*(["'])([^"']*)\2/gi)) {
      const url = a[3].trim();
      const isImg = m[1].toLowerCase() === 'img';
      let w = isImg ? width : (width ?? 600);
      let h = isImg ? (height ?? (width ? Math.round(width * 0.6) : undefined)) : (height ?? 300);
      if (isImg && width === undefined && height === undefined && !/^data:/.test(url)) {
        // No size in the markup: the original image's own size is unknown, so the placeholder is sized by the
        // image's role as its file name and alt text tell it (an icon, a logo, or a picture).
        const hint = `${url} ${/\salt\s*=\s*["']([^"']*)/i.exec(tag)?.[1] ?? ''}`;
        [w, h] =
          /icon|social|facebook|twitter|google|instagram|pinterest|linkedin|youtube|\b(fb|tw|insta|pint|yt)\b/i.test(
            hint,
          )
            ? [30, 30]
            : /logo/i.test(hint)
              ? [150, 50]
              : [300, 200];
        counts.sizedByRole++;
      }
      replacements.push([a[0], `${a[1]}=${a[2]}${await resolve(url, w, h)}${a[2]}`]);
    }
    for (const [from, to] of replacements) tag = tag.replace(from, to);
    out += html.slice(last, m.index) + tag;
    last = m.index + m[0].length;
  }
  out += html.slice(last);
  // CSS url() in style sheets and style attributes (fonts were removed before).
  const urls = [...out.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi)];
  let result = '';
  last = 0;
  for (const u of urls) {
    const resolved = await resolve(u[2].trim(), 600, 300);
    const kept = resolved === u[2].trim();
    result += out.slice(last, u.index) + (kept ? u[0] : `url(${u[1] || "'"}${resolved}${u[1] || "'"})`);
    last = u.index + u[0].length;
  }
  result += out.slice(last);
  if (counts.placeholder)
    changes.push(
      `${counts.placeholder} external image(s) replaced by generated placeholders of the same size`,
    );
  if (counts.sizedByRole)
    changes.push(
      `${counts.sizedByRole} of them had no size in the markup: sized by role (icon 30×30, logo 150×50, other 300×200)`,
    );
  if (counts.inlined) changes.push(`${counts.inlined} image(s) from the repository inlined as data: URIs`);
  return result;
}

export function stripExternal(html, changes) {
  let out = html;
  const before = out;
  out = out.replace(/<link\b[^>]*href\s*=\s*["'](?:https?:)?\/\/[^"']*["'][^>]*>/gi, '');
  out = out.replace(/@import\s+url\(\s*['"]?(?:https?:)?\/\/[^)]*\)\s*;?/gi, '');
  out = out.replace(/@import\s+['"](?:https?:)?\/\/[^'"]*['"]\s*;?/gi, '');
  out = out.replace(/@font-face\s*\{[^}]*url\(\s*['"]?(?:https?:)?\/\/[^}]*\}/gi, '');
  if (out !== before)
    changes.push('web-font <link>/@import removed (the font stack falls back to built-in families)');
  const noScript = out.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  if (noScript !== out) changes.push('<script> removed');
  return noScript;
}

function tailwindCss(html) {
  const dir = mkdtempSync(join(tmpdir(), 'rw-tw-'));
  try {
    writeFileSync(join(dir, 'page.html'), html);
    // The repository's src/styles/component.css without its Google-font @import.
    writeFileSync(
      join(dir, 'in.css'),
      `@import 'tailwindcss' source(none);
@plugin '@tailwindcss/forms';
@plugin '@tailwindcss/typography';
@source './page.html';
@custom-variant dark (&:where(.dark, .dark *));
@theme {
  --font-sans: 'Google Sans Flex', sans-serif;
}
`,
    );
    execFileSync(
      process.execPath,
      [join(TAILWIND_DIR, 'node_modules/@tailwindcss/cli/dist/index.mjs'), '-i', 'in.css', '-o', 'out.css'],
      { cwd: dir, env: { ...process.env, NODE_PATH: join(TAILWIND_DIR, 'node_modules') }, stdio: 'pipe' },
    );
    return readFileSync(join(dir, 'out.css'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const docs = documents().filter((d) => !only || d.name.includes(only));
  const commits = {};
  const written = [];
  for (const doc of docs) {
    commits[doc.repo] ??= commitOf(doc.repo);
    const changes = [];
    let html = doc.build ? doc.build() : show(doc.repo, doc.path).toString('utf8');
    if (doc.note) changes.push(doc.note);
    const filled = fillPlaceholders(
      html,
      doc.data ? JSON.parse(show(doc.repo, doc.data).toString('utf8')) : undefined,
    );
    if (filled !== html) {
      changes.push(
        doc.data
          ? `template placeholders filled from the repository's sample data ${doc.data}`
          : 'template placeholders filled with sample values',
      );
    }
    html = filled;
    if (doc.tailwind) {
      const css = tailwindCss(html);
      html = html.replace(/<link\b[^>]*href="\/component\.css"[^>]*>/, () => `<style>\n${css}</style>`);
      changes.push(
        "Tailwind utilities compiled to CSS (Tailwind CLI 4.3.1 with the repository's src/styles/component.css, without its Google-font import; 'Google Sans Flex' falls back to sans-serif)",
      );
    }
    html = stripExternal(html, changes);
    html = await inlineImages(html, doc, changes);
    const dir = join(here, doc.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), html);
    written.push({ doc, dir, changes });
  }

  // Fixed viewport: the document's height in Chromium at the case's width.
  const chromium = await launchChromium();
  for (const { doc, dir, changes } of written) {
    const height =
      doc.height ?? (await chromium.measureHeight(pathToFileURL(join(dir, 'index.html')).href, doc.width));
    const meta = {
      width: doc.width,
      height: Math.max(120, Math.min(2000, height)),
      kind: doc.kind,
      description: `${doc.kind}: ${doc.repo} ${doc.path}`,
      source: {
        repository: `https://github.com/${doc.repo}`,
        path: doc.path,
        commit: commits[doc.repo],
        licence: doc.licence,
      },
      changes,
    };
    writeFileSync(join(dir, 'case.json'), `${JSON.stringify(meta, null, 2)}\n`);
    console.log(`${doc.name.padEnd(40)} ${meta.width}×${meta.height}`);
  }
  await chromium.close();
  if (!existsSync(join(here, 'LICENSES'))) mkdirSync(join(here, 'LICENSES'));
  for (const repo of Object.keys(commits)) {
    for (const file of ['LICENSE', 'license.txt', 'NOTICE']) {
      if (exists(repo, file))
        writeFileSync(join(here, 'LICENSES', `${repo.replace('/', '+')}-${file}`), show(repo, file));
    }
  }

  // README.md: every case with its source, commit and licence.
  const { readdirSync } = await import('node:fs');
  const all = readdirSync(here, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'case.json')))
    .map((d) => ({ name: d.name, ...JSON.parse(readFileSync(join(here, d.name, 'case.json'), 'utf8')) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const perSource = {};
  for (const c of all)
    perSource[`${c.source.repository} (${c.source.licence})`] =
      (perSource[`${c.source.repository} (${c.source.licence})`] ?? 0) + 1;
  writeFileSync(
    join(here, 'README.md'),
    `# Real-world fidelity corpus

${all.length} documents written for browsers by people outside this project, taken from public repositories under
permissive licences (their licence texts are in LICENSES/). Each case folder has \`index.html\` (the document, made
self-contained: placeholders filled with sample values, external images replaced by generated placeholders of the
same size or inlined from the repository, web-font links and scripts removed, Tailwind utilities compiled to CSS)
and \`case.json\` (fixed viewport, source repository, path, commit, licence, and the list of changes made).
The documents' own CSS is not edited. Built by \`import.mjs\` (see its header); scored by
\`node benchmarks/fidelity/run.mjs --corpus=real-world\`. \`causes.json\` holds the cause found by looking at the
images side by side for every case under 0.95 dSSIM.

| source | licence | documents |
|---|---|---|
${Object.entries(perSource)
  .map(([k, n]) => {
    const [, repo, licence] = /^(\S+) \((.+)\)$/.exec(k);
    return `| ${repo} | ${licence} | ${n} |`;
  })
  .join('\n')}

| case | kind | viewport | source (path @ commit) | licence |
|---|---|---|---|---|
${all
  .map(
    (c) =>
      `| ${c.name} | ${c.kind} | ${c.width}×${c.height} | ${c.source.repository.replace('https://github.com/', '')} \`${c.source.path}\` @ ${c.source.commit.slice(0, 10)} | ${c.source.licence} |`,
  )
  .join('\n')}
`,
  );
}

// Run as a script (the wider corpus imports the helpers above without building this one).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
