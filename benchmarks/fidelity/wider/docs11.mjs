/**
 * Issue 41's session-17 pass (docs25): sixteen more JSON Resume themes and four FRESH themes (HackMyResume's), the
 * held-out sub-kind that scored lowest (résumés). The JSON Resume theme names come from the public list of themes
 * jsonresume.org's registry renders (jsonresume/jsonresume.org apps/registry/lib/formatters/template/themeConfig.js)
 * and from the published dependency list of the JSON Resume theme gallery (thomasdavis/lordajax.com
 * apps/themes/package.json): every one not already in the corpus that the npm registry here has, under a
 * permissive licence, that renders a résumé, was taken before any rendering in a browser; the repository is the
 * package's `repository` (msresume names none: its author's repository of that name, lowmess/jsonresume-theme-msresume).
 * The FRESH themes are fresh-themes' modern, positive, compact and basis as HackMyResume 1.8.0 builds them
 * (`hackmyresume build resume.json TO resume.html -t NAME`, which converts the JSON Resume to FRESH first and uses
 * its own fresh-themes 0.15.1-beta); fresh-themes' fifth theme, awesome, has no HTML format.
 *
 * Unlike the earlier passes, each theme renders a variant of @jsonresume/schema 1.3.1's sample résumé (`VARIANTS`):
 * with a profile photo as a data: URI (a portrait drawn here as SVG and encoded as JPEG by sharp) for themes that
 * show one, and a long (more jobs, highlights, links, skills with levels, languages, certificates) or a short
 * (one item a section) version, as users' résumés differ; the variant is recorded in each case.
 *
 * Icon-font and framework sheets import.mjs does not map are inlined here from npm, their fonts as data: URIs
 * (woff2, else woff, else truetype: what Chromium picks): cdnjs's Font Awesome 5.14.0, 5.15.0 and 6.4.2 and
 * use.fontawesome.com's 5.0.13 (→ @fortawesome/fontawesome-free 5.1.0, the registry's first 5.x), cdnjs's octicons
 * 2.0.2 (→ octicons 2.2.0, the registry's nearest), Bulma 0.7.1 and normalize.css 3.0.3, and a rawgit link to a
 * Font Awesome commit that is 4.4.1-dev (→ font-awesome 4.4.0). The rest (Bootstrap 3.3.7, Font Awesome 4.x from
 * maxcdn, tachyons from unpkg, Google Fonts as @fontsource faces) is import.mjs's `fonts: true` path.
 *
 * The npm packages are installed in $WIDER_TOOLS (here /tmp/docs25-tools: `npm i @jsonresume/schema@1.3.1
 * hackmyresume@1.8.0`, the themes below at their versions, `bootstrap-3.3.7@npm:bootstrap@3.3.7
 * fontawesome-free-{5.1.0,5.14.0,5.15.0,6.4.2}@npm:@fortawesome/fontawesome-free@… font-awesome@4.7.0
 * font-awesome-{4.3.0,4.4.0,4.5.0}@npm:font-awesome@… tachyons@4.10.0 octicons-2.2.0@npm:octicons@2.2.0
 * bulma-0.7.1@npm:bulma@0.7.1 normalize.css@3.0.3 @fontsource/{open-sans,work-sans,fira-mono,lato,playfair-display,
 * playfair-display-sc,montserrat,josefin-sans}@5 @fontsource/open-sans-condensed@4`); run
 * `WIDER_TOOLS=/tmp/docs25-tools WIDER_PASS=docs11 node benchmarks/fidelity/wider/import.mjs`.
 *
 * Tried and not imported (never rendered in a browser): jsonresume-theme-tan-responsive@0.0.7 (depends on a
 * package `fs` the registry does not have), -kwan-linkedin@0.0.2 (a dependency missing from the published package),
 * -modern-classic and -executive-slate (depend on @jsonresume/core, not in the registry here), -reference,
 * -elegant-pink and -product-manager-canvas (no licence declared); about forty more names of the two lists have no
 * package in the registry here. unpkg's tachyons-columns and tachyons-print (msresume) are not in the registry:
 * those sheets are left out, as a browser that could not load them would.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/docs25-tools';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const DOCUMENT = 'document';

/** JSON Resume themes of this pass: [theme, repository, version, licence, variant]. */
const THEMES = [
  ['full', 'jackkeller/jsonresume-theme-full', '0.0.4', 'MIT', 'long'],
  ['github', 'mathieudutour/jsonresume-theme-github', '0.0.5', 'MIT', 'long'],
  ['jacrys', 'jacrys/jsonresume-theme-jacrys', '1.0.4', 'MIT', 'photo'],
  ['lucide', 'Clement-Cauet/jsonresume-theme-lucide', '1.1.0', 'MIT', 'photo-long'],
  ['mantra', 'zanetaylor/jsonresume-theme-mantra', '0.3.1', 'MIT', 'short'],
  ['msresume', 'lowmess/jsonresume-theme-msresume', '0.1.0', 'MIT', 'long'],
  ['onepageresume', 'nabilbendafi/jsonresume-theme-onepageresume', '0.0.6', 'MIT', 'photo-short'],
  ['rocketspacer', 'rocketspacer/jsonresume-theme-rocketspacer', '1.2.2', 'MIT', 'photo-long'],
  ['onepage-efficient', 'MetroidHunter/jsonresume-theme-onepage-efficient', '0.0.2', 'MIT', 'sample'],
  ['keloran', 'keloran/jsonresume-theme-keloran', '1.0.2', 'MIT', 'photo-long'],
  ['ravgift', 'tkirshboim/jsonresume-theme-ravgift', '1.0.2', 'MIT', 'photo'],
  ['tachyons-clean', 'ricardocasares/cv', '0.0.9', 'MIT', 'photo-short'],
  ['verbum', 'konalexiou/jsonresume-theme-verbum', '0.0.5', 'MIT', 'photo-long'],
  ['wraypro', '2xaa/jsonresume-theme-wraypro', '0.0.5', 'MIT', 'long'],
  ['light-classy-responsive', 'myh1000/jsonresume-theme-light-classy-responsive', '1.0.5', 'MIT', 'short'],
  ['onepage-simplified', 'akarsh/jsonresume-theme-onepage-simplified', '1.3.0', 'MIT', 'long'],
];

/** fresh-themes' themes with an HTML format, as HackMyResume 1.8.0 builds them: [theme, variant]. */
const FRESH = [
  ['modern', 'long'],
  ['positive', 'sample'],
  ['compact', 'short'],
  ['basis', 'long'],
];

/** What each variant does to the sample résumé (recorded in the case). */
const VARIANTS = {
  sample: 'the sample résumé as published',
  photo:
    'the sample résumé with a profile photo (a 240×240 JPEG data: URI as basics.image and basics.picture)',
  long: 'the sample résumé made longer: two more jobs with more highlights, a second degree, GitHub and LinkedIn profiles, five skills with levels, three languages, a certificate, two projects',
  short:
    'the sample résumé made shorter: a two-sentence summary, one job with two highlights, one degree, two skills, one language, no volunteering, awards, publications, references, projects or interests',
  'photo-long':
    'the long variant with a profile photo (a 240×240 JPEG data: URI as basics.image and basics.picture)',
  'photo-short':
    'the short variant with a profile photo (a 240×240 JPEG data: URI as basics.image and basics.picture)',
};

/** A head-and-shoulders portrait drawn as SVG, encoded as a 240×240 JPEG data: URI (the profile photo). */
async function portrait() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <defs>
    <radialGradient id="bg" cx="35%" cy="30%" r="90%"><stop offset="0" stop-color="#b7c7d6"/><stop offset="1" stop-color="#4a5e72"/></radialGradient>
    <linearGradient id="skin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1c9a5"/><stop offset="1" stop-color="#c98f68"/></linearGradient>
    <linearGradient id="coat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#34495e"/><stop offset="1" stop-color="#1c2733"/></linearGradient>
  </defs>
  <rect width="240" height="240" fill="url(#bg)"/>
  <path d="M20 240 C28 185 70 165 120 165 C170 165 212 185 220 240 Z" fill="url(#coat)"/>
  <path d="M100 150 L140 150 L146 182 L120 200 L94 182 Z" fill="#d9a37e"/>
  <path d="M104 176 L120 200 L136 176 L128 240 L112 240 Z" fill="#f4f6f8"/>
  <ellipse cx="120" cy="105" rx="44" ry="54" fill="url(#skin)"/>
  <path d="M74 100 C72 58 98 42 124 44 C154 46 172 66 166 104 C160 84 146 72 122 74 C100 76 84 84 74 100 Z" fill="#3b2a20"/>
  <ellipse cx="104" cy="108" rx="5" ry="3.5" fill="#2d2019"/><ellipse cx="138" cy="108" rx="5" ry="3.5" fill="#2d2019"/>
  <path d="M108 134 Q121 143 134 134" stroke="#a2574a" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** The long variant's additions to the sample résumé. */
function lengthen(r) {
  r.basics.profiles.push(
    { network: 'GitHub', username: 'rhendriks', url: 'https://github.example.com/rhendriks' },
    {
      network: 'LinkedIn',
      username: 'richard-hendriks',
      url: 'https://linkedin.example.com/in/richard-hendriks',
    },
  );
  r.work[0].highlights.push(
    'Grew the engineering team from four to thirty-two people across two offices',
    'Negotiated the Series A and B rounds and the Endframe acquisition talks',
  );
  r.work.push(
    {
      name: 'Hooli',
      location: 'Palo Alto, CA',
      description: 'Search, cloud and consumer hardware',
      position: 'Software Engineer, Platform',
      url: 'https://hooli.example.com',
      startDate: '2011-03-01',
      endDate: '2013-11-30',
      summary:
        'Worked on the storage platform team, owning the ingestion path of the photo service and its compression pipeline.',
      highlights: [
        'Cut the photo service’s storage cost by 38% with a content-aware recompression pass',
        'Led the migration of 2.4 PB from the legacy blob store with no customer-visible downtime',
        'Mentored five new graduates through the platform team’s on-call rotation',
        'Wrote the team’s design-review guide, adopted across the infrastructure organisation',
      ],
    },
    {
      name: 'Aviato',
      location: 'San Francisco, CA',
      description: 'Flight-data aggregation',
      position: 'Engineering Intern',
      url: 'https://aviato.example.com',
      startDate: '2010-06-01',
      endDate: '2010-09-01',
      summary: 'Built the first version of the fare-alert e-mails.',
      highlights: ['Shipped fare alerts to 40,000 subscribers in the first month'],
    },
  );
  r.education.push({
    institution: 'Stanford University',
    url: 'https://stanford.example.edu/',
    area: 'Computer Science (Information Theory)',
    studyType: 'Master',
    startDate: '2014-09-01',
    endDate: '2016-06-01',
    score: '3.9',
    courses: ['EE376A - Information Theory', 'CS161 - Design and Analysis of Algorithms'],
  });
  r.skills.push(
    { name: 'Systems Programming', level: 'Advanced', keywords: ['C', 'C++', 'Rust', 'Linux', 'SIMD'] },
    { name: 'Data Engineering', level: 'Intermediate', keywords: ['Python', 'Spark', 'Kafka', 'PostgreSQL'] },
    { name: 'Product Design', level: 'Beginner', keywords: ['Figma', 'User interviews'] },
  );
  r.languages.push(
    { language: 'Spanish', fluency: 'Professional working proficiency' },
    { language: 'German', fluency: 'Elementary proficiency' },
  );
  r.certificates = [
    {
      name: 'AWS Certified Solutions Architect – Associate',
      date: '2019-05-14',
      issuer: 'Amazon Web Services',
      url: 'https://aws.example.com/certification',
    },
  ];
  r.projects.push({
    name: 'Middle-out',
    description: 'A reference implementation of the middle-out compression algorithm',
    highlights: ['Open-sourced under the MIT licence', '2,300 stars in its first week'],
    keywords: ['C', 'Compression', 'Benchmarks'],
    startDate: '2015-02-01',
    url: 'https://middleout.example.com',
    roles: ['Author', 'Maintainer'],
    entity: 'Pied Piper',
    type: 'library',
  });
  r.interests.push({ name: 'Music', keywords: ['Synthesizers', 'Jazz piano'] });
}

/** The short variant: one item a section and no optional sections. */
function shorten(r) {
  r.basics.summary =
    'Software engineer working on lossless compression. Founder of Pied Piper, a compression platform.';
  r.work[0].highlights = r.work[0].highlights.slice(0, 2);
  r.skills = r.skills.slice(0, 2);
  for (const key of ['volunteer', 'awards', 'publications', 'references', 'projects', 'interests'])
    delete r[key];
}

/** The sample résumé in the theme's variant. */
async function resumeFor(variant) {
  const r = JSON.parse(readFileSync(toolRequire.resolve('@jsonresume/schema/sample.resume.json'), 'utf8'));
  if (variant.endsWith('long')) lengthen(r);
  if (variant.endsWith('short')) shorten(r);
  if (variant.startsWith('photo')) {
    const photo = await portrait();
    r.basics.image = photo;
    r.basics.picture = photo;
  }
  return r;
}

/**
 * A JSON Resume theme's render() of the résumé, loaded and run with the tool directory as the working directory
 * (as under a project that installed the theme).
 */
async function jsonResume(pkg, resume) {
  const dir = join(TOOLS, 'node_modules', pkg);
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const cwd = process.cwd();
  process.chdir(TOOLS);
  try {
    const theme =
      meta.type === 'module'
        ? await import(pathToFileURL(join(dir, meta.module ?? meta.main)).href)
        : toolRequire(pkg);
    return await (theme.render ?? theme.default.render)(resume);
  } finally {
    process.chdir(cwd);
  }
}

/** HackMyResume's HTML build of the résumé with a fresh-themes theme (its CLI, as a user runs it). */
function hackMyResume(theme, resume) {
  const dir = mkdtempSync(join(tmpdir(), 'docs11-hmr-'));
  try {
    writeFileSync(join(dir, 'resume.json'), JSON.stringify(resume, null, 2));
    const bin = join(TOOLS, 'node_modules/hackmyresume/dist/cli/index.js');
    execFileSync(process.execPath, [bin, 'build', 'resume.json', 'TO', 'out/resume.html', '-t', theme], {
      cwd: dir,
      stdio: 'pipe',
    });
    return readFileSync(join(dir, 'out/resume.html'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FONT_TYPES = { woff2: 'font/woff2', woff: 'font/woff', truetype: 'font/ttf' };

/** A sheet's `@font-face` fonts as data: URIs (woff2, else woff, else truetype), from the sheet's package folder. */
function inlineFonts(css, sheetPath) {
  return css.replace(/@font-face\s*\{[^}]*\}/gi, (block) => {
    const sources = [
      ...block.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)\s*format\(\s*['"]?([\w-]+)['"]?\s*\)/gi),
    ].map((m) => ({ url: m[1], format: m[2] }));
    for (const format of Object.keys(FONT_TYPES)) {
      const source = sources.find((x) => x.format === format);
      const file = source && join(dirname(sheetPath), source.url.split(/[?#]/)[0]);
      if (!file || !existsSync(file)) continue;
      const data = readFileSync(file).toString('base64');
      return block.replace(
        /src\s*:[^;}]*(;|(?=\}))(?:\s*src\s*:[^;}]*(;|(?=\})))*/i,
        `src:url(data:${FONT_TYPES[format]};base64,${data}) format("${format}")$1`,
      );
    }
    return '';
  });
}

/** CDN sheets import.mjs does not map: the link's pattern → the installed package, its file and what to record. */
const CDN_SHEETS = [
  [
    /^https?:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/font-awesome\/(5\.14\.0|5\.15\.0|6\.4\.2)\/(css\/[\w.]+\.css)$/,
    (m) => [
      `fontawesome-free-${m[1]}`,
      m[2],
      `cdnjs Font Awesome ${m[1]}: the same file of @fortawesome/fontawesome-free@${m[1]}`,
    ],
  ],
  [
    /^https?:\/\/use\.fontawesome\.com\/releases\/v5\.0\.13\/css\/all\.css$/,
    () => [
      'fontawesome-free-5.1.0',
      'css/all.css',
      'use.fontawesome.com Font Awesome 5.0.13 (not in the registry here): the same file of @fortawesome/fontawesome-free@5.1.0',
    ],
  ],
  [
    /^https?:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/octicons\/2\.0\.2\/octicons\.min\.css$/,
    () => [
      'octicons-2.2.0',
      'octicons/octicons.css',
      'cdnjs octicons 2.0.2 (not in the registry here): octicons@2.2.0’s octicons.css',
    ],
  ],
  [
    /^https?:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/bulma\/0\.7\.1\/css\/bulma\.min\.css$/,
    () => ['bulma-0.7.1', 'css/bulma.min.css', 'cdnjs Bulma 0.7.1: the same file of bulma@0.7.1'],
  ],
  [
    /^https?:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/normalize\/3\.0\.3\/normalize\.min\.css$/,
    () => ['normalize.css', 'normalize.css', 'cdnjs normalize 3.0.3: normalize.css@3.0.3’s normalize.css'],
  ],
  [
    /^https?:\/\/cdn\.rawgit\.com\/FortAwesome\/Font-Awesome\/307323a6a7fe69b7018cb49d2b7e43e1f4b6c92b\/css\/font-awesome\.min\.css$/,
    () => [
      'font-awesome-4.4.0',
      'css/font-awesome.min.css',
      'rawgit Font Awesome at commit 307323a6 (4.4.1-dev, not published): font-awesome@4.4.0’s same file',
    ],
  ],
];

/** The theme's links to CDN_SHEETS replaced by the npm file, its fonts inlined. */
function inlineCdnSheets(html, changes) {
  return html.replace(/<link\b[^>]*>/gi, (tag) => {
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] ?? '';
    for (const [re, target] of CDN_SHEETS) {
      const m = re.exec(href);
      if (!m) continue;
      const [pkg, file, note] = target(m);
      const path = join(TOOLS, 'node_modules', pkg, file);
      changes.push(`${note} (${file}), its fonts inlined as data: URIs`);
      return `<style>\n${inlineFonts(readFileSync(path, 'utf8'), path)}\n</style>`;
    }
    return tag;
  });
}

/**
 * A theme sheet's own `@font-face` rules whose source is fonts.gstatic.com (Google Fonts files): the same family,
 * weight and style from @fontsource (latin, woff2) as a data: URI (import.mjs would drop a rule with a remote URL).
 */
function inlineGstaticFaces(html, changes) {
  const used = new Set();
  const out = html.replace(/@font-face\s*\{[^}]*fonts\.gstatic\.com[^}]*\}/gi, (block) => {
    const family = /font-family\s*:\s*['"]?([^;'"]+)/i.exec(block)?.[1].trim() ?? '';
    const weight = /font-weight\s*:\s*(\d+)/i.exec(block)?.[1] ?? '400';
    const style = /font-style\s*:\s*italic/i.test(block) ? 'italic' : 'normal';
    const id = family.toLowerCase().replaceAll(' ', '-');
    const dir = join(TOOLS, 'node_modules/@fontsource', id);
    const file = join(dir, 'files', `${id}-latin-${weight}-${style}.woff2`);
    if (!existsSync(file)) return block;
    used.add(`@fontsource/${id}@${JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version}`);
    return block.replace(
      /src\s*:[^;}]*(;|(?=\}))/i,
      `src:url(data:font/woff2;base64,${readFileSync(file).toString('base64')}) format("woff2")$1`,
    );
  });
  if (used.size)
    changes.push(
      `the theme's own @font-face rules loading fonts.gstatic.com files: the same faces (latin, woff2) from ${[...used].join(', ')}, inlined as data: URIs`,
    );
  return out;
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs11Documents() {
  const themes = THEMES.map(([theme, repo, version, licence, variant]) => {
    const pkg = `jsonresume-theme-${theme}`;
    const buildChanges = [];
    return {
      name: `resume-${theme}`,
      repo,
      npm: `${pkg}@${version}`,
      placeholders: true,
      fonts: true,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence,
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      width: 800,
      buildChanges,
      build: async () =>
        inlineGstaticFaces(
          inlineCdnSheets(await jsonResume(pkg, await resumeFor(variant)), buildChanges),
          buildChanges,
        ),
      note: `${pkg}@${version}'s render() of ${VARIANTS[variant]} (@jsonresume/schema 1.3.1's sample.resume.json; variant "${variant}", docs11.mjs)`,
    };
  });
  const fresh = FRESH.map(([theme, variant]) => {
    const buildChanges = [];
    return {
      name: `resume-fresh-themes-${theme}`,
      repo: 'fluentdesk/fresh-themes',
      npm: 'fresh-themes@0.15.1-beta',
      placeholders: true,
      fonts: true,
      path: `npm fresh-themes@0.15.1-beta themes/${theme} (built by hackmyresume@1.8.0)`,
      commit: 'npm:fresh-themes@0.15.1-beta',
      licence: 'MIT',
      group: DOCUMENT,
      kind: 'résumé (FRESH theme via HackMyResume)',
      width: 800,
      buildChanges,
      build: async () => inlineCdnSheets(hackMyResume(theme, await resumeFor(variant)), buildChanges),
      note: `hackmyresume@1.8.0 \`build resume.json TO resume.html -t ${theme}\` (its fresh-themes@0.15.1-beta) of ${VARIANTS[variant]} (@jsonresume/schema 1.3.1's sample.resume.json, converted to FRESH by HackMyResume; variant "${variant}", docs11.mjs)`,
    };
  });
  return [...themes, ...fresh];
}

/** Licence texts of the npm packages whose files are in this pass's documents. */
export function docs11Licences() {
  const out = new Map();
  const packages = [
    ...THEMES.map(([t]) => `jsonresume-theme-${t}`),
    'hackmyresume',
    'hackmyresume/node_modules/fresh-themes',
    '@jsonresume/schema',
    'bootstrap-3.3.7',
    'fontawesome-free-5.1.0',
    'fontawesome-free-5.14.0',
    'fontawesome-free-5.15.0',
    'fontawesome-free-6.4.2',
    'font-awesome',
    'font-awesome-4.3.0',
    'font-awesome-4.4.0',
    'font-awesome-4.5.0',
    'tachyons',
    'octicons-2.2.0',
    'bulma-0.7.1',
    'normalize.css',
    ...[
      'open-sans',
      'work-sans',
      'fira-mono',
      'lato',
      'playfair-display',
      'playfair-display-sc',
      'open-sans-condensed',
      'montserrat',
      'josefin-sans',
    ].map((f) => `@fontsource/${f}`),
  ];
  for (const pkg of packages) {
    const dir = join(TOOLS, 'node_modules', pkg);
    if (!existsSync(dir)) continue;
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    out.set(
      `npm+${meta.name.replace('/', '+')}@${meta.version}-LICENSE`,
      file
        ? readFileSync(join(dir, file))
        : `${meta.name}@${meta.version}: package.json declares "license": "${meta.license}"; the package ships no licence file.\n`,
    );
  }
  return out;
}
