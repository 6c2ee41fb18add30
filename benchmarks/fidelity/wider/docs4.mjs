/**
 * Issue 41's fifth pass (docs4): documents of kinds the tuning set lacked — point-of-sale receipts drawn as SVG
 * (ReceiptLine), Japanese reports and a vertical Japanese novel page and an English book chapter typeset by
 * Vivliostyle's themes, a restaurant menu and an invoice of OpenHTMLtoPDF's templates (Thymeleaf), and the
 * right-to-left mode of sparksuite's invoice in Hebrew and Arabic. Each is made self-contained here (style sheets and
 * their `@import`s inlined; web fonts the page names inlined as data: URIs from @fontsource); import.mjs does the
 * rest as for every case (remote pictures → placeholders, the viewport height measured in Chromium).
 *
 * The npm packages are installed in $DOCS4_TOOLS (default /tmp/docs4-tools: `npm i receiptline@4.0.4
 * @vivliostyle/vfm@2.7.2 @vivliostyle/theme-academic@3.0.0 @vivliostyle/theme-bunko@3.0.0
 * @vivliostyle/theme-gutenberg@3.0.0 @fontsource/crimson-text@5.3.0 cheerio@1`); OpenHTMLtoPDF and sparksuite are read
 * from their mirrors ($MIRRORS, as import.mjs).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';

const TOOLS = process.env.DOCS4_TOOLS ?? '/tmp/docs4-tools';
const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const DOCUMENT = 'document';

/** A file of a mirrored repository at a commit. */
function readAt(repo, commit, path) {
  return execFileSync(
    'git',
    ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`],
    { maxBuffer: 64 << 20 },
  );
}

const pkgDir = (name) => dirname(toolRequire.resolve(`${name}/package.json`));
const pkgVersion = (name) => JSON.parse(readFileSync(join(pkgDir(name), 'package.json'), 'utf8')).version;

// ---------------------------------------------------------------- ReceiptLine

/**
 * A ReceiptLine example page: the receipt text of the example script (or a data file) transformed to SVG with the
 * script's printer settings, in the script's own HTML page (`en_print_svg.js`: the receipt in a floated, shadowed
 * box with a gradient background under a Print link and a rule).
 */
export function receiptPage(script, dataFile) {
  const dir = pkgDir('receiptline');
  const receiptline = toolRequire('receiptline');
  const source = readFileSync(join(dir, 'example/receipt', script), 'utf8');
  const text = dataFile
    ? readFileSync(join(dir, 'example/data', dataFile), 'utf8')
    : /const text = `([\s\S]*?)`;/.exec(source)[1];
  const options = Function(`return (${/receiptline\.transform\(text, (\{[^}]*\})\)/.exec(source)[1]})`)();
  const svg = receiptline.transform(text, options);
  const page = /const html = `([\s\S]*?)`;/.exec(source)[1];
  return page.replace('${svg}', () => svg);
}

// ---------------------------------------------------------------- Vivliostyle

/** A theme's CSS with its `@import`s inlined: package specifiers through the package's exports, relative files. */
function themeCss(file, seen = new Set()) {
  if (seen.has(file)) return '';
  seen.add(file);
  const css = readFileSync(file, 'utf8');
  return css.replace(
    /@import\s+(?:url\(\s*(['"]?)([^'")]+)\1\s*\)|(['"])([^'"]+)\3)\s*;/gi,
    (all, _q, a, _q2, b) => {
      const spec = (a ?? b).trim();
      if (/^(?:https?:)?\/\//.test(spec)) return all;
      let path;
      if (spec.startsWith('.') || !spec.startsWith('@')) path = join(dirname(file), spec);
      else {
        const [scope, name, ...rest] = spec.split('/');
        const meta = JSON.parse(readFileSync(join(pkgDir(`${scope}/${name}`), 'package.json'), 'utf8'));
        const key = rest.length ? `./${rest.join('/')}` : '.';
        const target =
          meta.exports?.[key] ??
          meta.exports?.['./*']?.replace('*', key.slice(2)) ??
          (key === '.' ? meta.main : key);
        path = join(pkgDir(`${scope}/${name}`), typeof target === 'string' ? target : target.default);
      }
      return themeCss(path, seen);
    },
  );
}

/**
 * Google Fonts css2 `@import`s as `@font-face` rules of the same faces (latin, woff2) from @fontsource, inlined as
 * data: URIs (what a reader's browser would load).
 */
function inlineGoogleImports(css) {
  return css.replace(
    /@import\s+url\(\s*['"]?(https:\/\/fonts\.googleapis\.com\/css2\?[^'")]+)['"]?\s*\)\s*;/g,
    (_, href) => {
      const url = new URL(href);
      const rules = [];
      for (const spec of url.searchParams.getAll('family')) {
        const [family, axes = 'wght@400'] = spec.split(':');
        const [names, tuples] = axes.split('@');
        const id = family.replaceAll('+', ' ').toLowerCase().replaceAll(' ', '-');
        for (const tuple of tuples.split(';')) {
          const v = Object.fromEntries(names.split(',').map((n, i) => [n, tuple.split(',')[i]]));
          const style = v.ital === '1' ? 'italic' : 'normal';
          const weight = v.wght ?? '400';
          const file = join(pkgDir(`@fontsource/${id}`), 'files', `${id}-latin-${weight}-${style}.woff2`);
          rules.push(
            `@font-face{font-family:'${family.replaceAll('+', ' ')}';font-style:${style};font-weight:${weight};src:url(data:font/woff2;base64,${readFileSync(file).toString('base64')}) format("woff2")}`,
          );
        }
      }
      return rules.join('\n');
    },
  );
}

/** A Markdown example of a Vivliostyle theme as the CLI builds it: VFM's HTML with the theme's sheet. */
export async function vivliostylePage(theme, entry, { title, language, sheet = 'theme.css' }) {
  const dir = pkgDir(theme);
  const { stringify } = await import(pathToFileURL(join(pkgDir('@vivliostyle/vfm'), 'lib/index.js')).href);
  const md = readFileSync(join(dir, entry), 'utf8');
  const html = stringify(md, { title, language });
  const css = inlineGoogleImports(themeCss(join(dir, sheet)));
  return html.replace(/<\/head>/i, () => `<style>\n${css}\n</style>\n</head>`);
}

// ---------------------------------------------------------------- OpenHTMLtoPDF (Thymeleaf)

const OPENHTMLTOPDF = '780ba564839f1ad5abfa5df12e4aebb9dd6782d2';
const TEMPLATES = 'openhtmltopdf-templates/src/main/resources/templates';

/** Java's BigDecimal as the templates see it: its scale kept in toString(). */
class BigDecimal {
  constructor(unscaled, scale) {
    this.value = unscaled / 10 ** scale;
    this.scale = scale;
  }
  toString() {
    return this.value.toFixed(this.scale);
  }
  valueOf() {
    return this.value;
  }
}

/** java.time.LocalDate: toString() is ISO. */
class LocalDate {
  constructor(y, m, d) {
    this.date = new Date(Date.UTC(y, m - 1, d));
  }
  toString() {
    return this.date.toISOString().slice(0, 10);
  }
}

/** DataGenerator.java's sample data (INVOICE and MENU), transcribed. */
function openhtmltopdfData() {
  const address = (line1, line2, city, state, country, zipCode) => ({
    line1,
    line2,
    city,
    state,
    country,
    zipCode,
  });
  const company = (name, logoFile, addr, email, website, phone) => ({
    name,
    logoFile,
    address: addr,
    email,
    website,
    phone,
  });
  const defaultAddress = address('Unit 1', '123 Main St', 'Springfield', 'Ohio', 'USA', '54325');
  const address2 = address('125 Second Ave', null, 'Waterside', 'California', 'America', null);
  const item = (description, quantity, unitPrice, totalPrice) => ({
    description,
    quantity,
    unitPrice,
    totalPrice,
  });
  const menuItem = (title, description, price) => ({ title, description, price });
  return {
    invoice: {
      id: '1-2-3',
      from: company(
        'ACME Corp',
        'images/flyingsaucer.png',
        defaultAddress,
        'acme@example.com',
        'http://example.com',
        '555-5432',
      ),
      to: company('ABC', null, address2, 'abc@example.com', 'http://abc.example.com', '555-1234'),
      attention: 'John Citizen',
      date: new LocalDate(2025, 3, 25),
      due: new LocalDate(2025, 5, 25),
      items: [
        item('Create simple website', 1, new BigDecimal(150000, 2), new BigDecimal(150000, 2)),
        item('Social media posts', 10, new BigDecimal(10000, 2), new BigDecimal(100000, 2)),
        item('Email templates', 2, new BigDecimal(15073, 2), new BigDecimal(30146, 2)),
      ],
      subTotal: new BigDecimal(280146, 2),
      taxRate: new BigDecimal(2500, 2),
      taxAmount: new BigDecimal(70037, 2),
      total: new BigDecimal(350183, 2),
      notice: 'A finance charge of 1.5% will be made on unpaid balances after 30 days.',
    },
    menu: {
      company: company('My Place', null, address2, 'myplace@example.com', 'myplace.example.com', '555-3999'),
      sections: [
        {
          title: 'Breakfast',
          items: [
            menuItem('Toast with jam', 'Ask about our delicious array of fruit jams', '$10.00'),
            menuItem('Vegemite on sourdough', 'Who can resist our vegemite laden bread', '$9.20'),
            menuItem('Eggs your way', 'Choose from fried, poached or scrambled', '$15.00'),
            menuItem('Porridge', 'Simply irresistible with berries', '$5.80'),
            menuItem('Big breakfast', 'Sausages, eggs, toast and mushroom goodness', '$18.00'),
            menuItem('Pancakes', 'Served with ice-cream on top', '$14.00'),
            menuItem('French toast', 'With the very best maple syrup', '$12.00'),
          ],
        },
        {
          title: 'Lunch',
          items: [
            menuItem('Chicken burger', 'Yummy chicken piece on a bun', '$19.00'),
            menuItem('Sandwich', 'Choice of fillings including cucumber', '$3.99'),
            menuItem('Vegetarian curry', 'Not too hot, not too mild', '$15.00'),
            menuItem('Chips', 'Get healthy with our sweet-potato fries', '$9.00'),
          ],
        },
      ],
    },
  };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Thymeleaf's expression utility objects the templates may use (#temporals, #numbers, #strings, #lists), Locale.US. */
const utilities = {
  temporals: {
    format(value, pattern) {
      const d = value.date;
      const two = (n) => String(n).padStart(2, '0');
      return pattern.replace(/yyyy|yy|MMMM|MMM|MM|M|dd|d|EEEE|EEE/g, (t) => {
        switch (t) {
          case 'yyyy':
            return String(d.getUTCFullYear());
          case 'yy':
            return String(d.getUTCFullYear()).slice(2);
          case 'MMMM':
            return MONTHS[d.getUTCMonth()];
          case 'MMM':
            return MONTHS[d.getUTCMonth()].slice(0, 3);
          case 'MM':
            return two(d.getUTCMonth() + 1);
          case 'M':
            return String(d.getUTCMonth() + 1);
          case 'dd':
            return two(d.getUTCDate());
          case 'd':
            return String(d.getUTCDate());
          case 'EEEE':
            return DAYS[d.getUTCDay()];
          default:
            return DAYS[d.getUTCDay()].slice(0, 3);
        }
      });
    },
  },
  numbers: {
    formatDecimal(n, minInt, ...rest) {
      const decimals = rest.filter((x) => typeof x === 'number').at(-1) ?? 0;
      const grouping = rest.length > 1 && rest[0] !== 'NONE' && rest[0] !== 'DEFAULT';
      return Number(n).toLocaleString('en-US', {
        minimumIntegerDigits: Math.max(1, minInt),
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        useGrouping: grouping,
      });
    },
    formatCurrency: (n) => `$${Number(n).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    formatInteger: (n) => String(Math.round(Number(n))),
    formatPercent: (n, _i, d) => `${(Number(n) * 100).toFixed(d)}%`,
  },
  strings: {
    isEmpty: (s) => s == null || String(s) === '',
    toUpperCase: (s) => String(s).toUpperCase(),
    toLowerCase: (s) => String(s).toLowerCase(),
  },
  lists: { size: (l) => l.length, isEmpty: (l) => !l || l.length === 0 },
};

/** A Thymeleaf standard expression evaluated as JavaScript with the context's variables. */
function evaluate(expression, ctx) {
  const expr = expression.trim();
  // |literal ${substitution}| → a template literal (its substitutions marked so that the next step keeps them).
  let js = expr.replace(/\|([^|]*)\|/g, (_, body) => `\`${body.replace(/\$\{/g, '\u0001{')}\``);
  js = js.replace(/@\{([^}]*)\}/g, (_, url) => `\`${url.replace(/\$\{/g, '\u0001{')}\``);
  js = js.replace(/\$\{([^}]*)\}/g, (_, inner) => `(${inner})`).replaceAll('\u0001', '$');
  // Elvis operator.
  js = js.replace(/\?:/g, '??');
  js = js.replace(/#(\w+)\./g, '__u.$1.');
  js = js
    .replace(/\band\b/g, '&&')
    .replace(/\bor\b/g, '||')
    .replace(/\bnot\b/g, '!')
    .replace(/\beq\b/g, '==')
    .replace(/\bne(?:q)?\b/g, '!=')
    .replace(/\bgt\b/g, '>')
    .replace(/\bge\b/g, '>=')
    .replace(/\blt\b/g, '<')
    .replace(/\ble\b/g, '<=')
    .replace(/\.size\(\)/g, '.length');
  try {
    return Function('ctx', '__u', `with (ctx) { return (${js}); }`)(ctx, utilities);
  } catch (error) {
    // The message names no part of the template: a held-out document is imported without being looked at.
    throw new Error(`Thymeleaf: an expression this subset cannot evaluate (${error.constructor.name})`);
  }
}

const text = (v) => (v == null ? '' : String(v));

/** Thymeleaf's attribute processors that the templates use, applied with cheerio over the page. */
function thymeleaf(html, data) {
  const cheerio = toolRequire('cheerio');
  const $ = cheerio.load(html, { decodeEntities: false }, true);
  const process = (el, ctx) => {
    const attrs = el.attribs ?? {};
    if ('th:each' in attrs) {
      const [, name, stat, source] = /^\s*(\w+)\s*(?:,\s*(\w+))?\s*:\s*(.+)$/.exec(attrs['th:each']);
      const list = [...(evaluate(source, ctx) ?? [])];
      $(el).removeAttr('th:each');
      list.forEach((item, index) => {
        const copy = $(el).clone();
        $(el).before(copy);
        const status = {
          index,
          count: index + 1,
          size: list.length,
          first: index === 0,
          last: index === list.length - 1,
          even: index % 2 === 1,
          odd: index % 2 === 0,
        };
        process(copy[0], { ...ctx, [name]: item, ...(stat ? { [stat]: status } : {}) });
      });
      $(el).remove();
      return;
    }
    if ('th:if' in attrs && !evaluate(attrs['th:if'], ctx)) return void $(el).remove();
    if ('th:unless' in attrs && evaluate(attrs['th:unless'], ctx)) return void $(el).remove();
    for (const [attr, value] of Object.entries(attrs)) {
      if (!attr.startsWith('th:')) continue;
      const name = attr.slice(3);
      $(el).removeAttr(attr);
      if (name === 'if' || name === 'unless') continue;
      if (name === 'text') $(el).text(text(evaluate(value, ctx)));
      else if (name === 'utext') $(el).html(text(evaluate(value, ctx)));
      else if (name === 'classappend') $(el).addClass(text(evaluate(value, ctx)));
      else if (name === 'attr')
        for (const part of value.split(/,(?![^{]*\})/)) {
          const [k, ...v] = part.split('=');
          $(el).attr(k.trim(), text(evaluate(v.join('='), ctx)));
        }
      else $(el).attr(name, text(evaluate(value, ctx)));
    }
    for (const child of [...(el.children ?? [])]) if (child.type === 'tag') process(child, ctx);
    if (el.name === 'th:block') $(el).replaceWith($(el).contents());
  };
  process($.root()[0], data);
  const out = $.html();
  const left = (out.match(/\sth:[\w-]+=/g) ?? []).length;
  if (left) throw new Error(`Thymeleaf: ${left} attribute(s) left unprocessed`);
  return out;
}

/** An OpenHTMLtoPDF template rendered with DataGenerator's data, its repository pictures inlined. */
function openhtmltopdfTemplate(name) {
  const repo = 'danfickle/openhtmltopdf';
  const html = thymeleaf(
    readAt(repo, OPENHTMLTOPDF, `${TEMPLATES}/${name}.html`).toString('utf8'),
    openhtmltopdfData(),
  );
  return html.replace(/(<img\b[^>]*\ssrc=")([^"]+)"/gi, (all, before, url) => {
    if (/^(?:[a-z]+:|\/\/)/i.test(url)) return all;
    try {
      const bytes = readAt(repo, OPENHTMLTOPDF, posix.join(TEMPLATES, url));
      return `${before}data:image/png;base64,${bytes.toString('base64')}"`;
    } catch {
      return all;
    }
  });
}

// ---------------------------------------------------------------- sparksuite, right to left

const SPARKSUITE = 'sparksuite/simple-html-invoice-template';

/** The invoice's English texts and their Hebrew and Arabic equivalents (names, addresses and amounts kept). */
const INVOICE_TEXTS = {
  he: [
    ['Invoice #: 123', 'חשבונית מס׳: 123'],
    ['Created: January 1, 2023', 'תאריך הפקה: 1 בינואר 2023'],
    ['Due: February 1, 2023', 'לתשלום עד: 1 בפברואר 2023'],
    ['Payment Method', 'אמצעי תשלום'],
    ['Check #', 'מס׳ המחאה'],
    ['<td>Check</td>', '<td>המחאה</td>'],
    ['<td>Item</td>', '<td>פריט</td>'],
    ['<td>Price</td>', '<td>מחיר</td>'],
    ['Website design', 'עיצוב אתר אינטרנט'],
    ['Hosting (3 months)', 'אחסון (3 חודשים)'],
    ['Domain name (1 year)', 'שם מתחם (שנה אחת)'],
    ['Total: $385.00', 'סה״כ: $385.00'],
  ],
  ar: [
    ['Invoice #: 123', 'رقم الفاتورة: 123'],
    ['Created: January 1, 2023', 'تاريخ الإصدار: 1 يناير 2023'],
    ['Due: February 1, 2023', 'تاريخ الاستحقاق: 1 فبراير 2023'],
    ['Payment Method', 'طريقة الدفع'],
    ['Check #', 'رقم الشيك'],
    ['<td>Check</td>', '<td>شيك</td>'],
    ['<td>Item</td>', '<td>البند</td>'],
    ['<td>Price</td>', '<td>السعر</td>'],
    ['Website design', 'تصميم موقع إلكتروني'],
    ['Hosting (3 months)', 'استضافة (3 أشهر)'],
    ['Domain name (1 year)', 'اسم النطاق (سنة واحدة)'],
    ['Total: $385.00', 'الإجمالي: $385.00'],
  ],
};

/** sparksuite's invoice in its documented right-to-left mode (`invoice-box rtl`), its texts in one language. */
function sparksuiteRtl(lang, commit) {
  let html = readAt(SPARKSUITE, commit, 'invoice.html').toString('utf8');
  html = html
    .replace('<div class="invoice-box">', '<div class="invoice-box rtl">')
    .replace(/<html lang="en">/, `<html lang="${lang}">`);
  for (const [en, translated] of INVOICE_TEXTS[lang]) {
    if (!html.includes(en)) throw new Error(`sparksuite invoice: "${en}" not found`);
    html = html.replace(en, translated);
  }
  return html;
}

// ---------------------------------------------------------------- the documents

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs4Documents() {
  const docs = [];
  const npmDoc = (d) =>
    docs.push({
      width: 800,
      ...d,
      path: `npm ${d.npm}`,
      commit: `npm:${d.npm}`,
      placeholders: true,
      group: DOCUMENT,
    });
  const receipt = () => `receiptline@${pkgVersion('receiptline')}`;
  for (const [name, script, data, kind, width] of [
    ['receiptline-receipt-en', 'en_print_svg.js', undefined, 'POS receipt (ReceiptLine SVG)', 640],
    ['receiptline-receipt-ja', 'ja_print_svg.js', undefined, 'POS receipt, Japanese (ReceiptLine SVG)', 640],
    [
      'receiptline-kitchen-en',
      'en_print_svg.js',
      'en/kitchen.receipt',
      'kitchen order ticket (ReceiptLine SVG)',
      640,
    ],
    [
      'receiptline-credit-en',
      'en_print_svg.js',
      'en/credit1.receipt',
      'card payment slip (ReceiptLine SVG)',
      640,
    ],
  ])
    npmDoc({
      name,
      repo: 'receiptline/receiptline',
      npm: receipt(),
      licence: 'Apache-2.0',
      kind,
      width,
      ...(name.endsWith('-ja') ? { script: 'Japanese' } : {}),
      build: () => receiptPage(script, data),
      note: `example/receipt/${script}'s page and printer settings${data ? `, with the receipt of example/data/${data}` : ' and receipt text'}, transformed to SVG by receiptline.transform`,
    });
  const vivlio = (theme, entry, options, d) =>
    npmDoc({
      ...d,
      repo: 'vivliostyle/themes',
      npm: `${theme}@${pkgVersion(theme)}`,
      licence: 'CC0-1.0',
      build: () => vivliostylePage(theme, entry, options),
      note: `${entry} of the package made HTML by @vivliostyle/vfm@${pkgVersion('@vivliostyle/vfm')} stringify() (as the Vivliostyle CLI does), with the theme's ${options.sheet ?? 'theme.css'} and its @imports (a Google Fonts @import as @font-face rules of the same faces from @fontsource, inlined) (@vivliostyle/theme-base@${pkgVersion('@vivliostyle/theme-base')}) inlined as <style>; shown on screen (the @page rules apply only in print)`,
    });
  vivlio(
    '@vivliostyle/theme-academic',
    'example/fet.md',
    { title: 'FET の特性', language: 'ja' },
    {
      name: 'vivliostyle-academic-fet',
      kind: 'lab report, Japanese (Vivliostyle academic theme)',
      script: 'Japanese',
    },
  );
  vivlio(
    '@vivliostyle/theme-academic',
    'example/microcomputer.md',
    { title: 'マイコン', language: 'ja' },
    {
      name: 'vivliostyle-academic-microcomputer',
      kind: 'lab report, Japanese (Vivliostyle academic theme)',
      script: 'Japanese',
    },
  );
  vivlio(
    '@vivliostyle/theme-techbook',
    'example/techbook.md',
    { title: 'Brief History of JavaScript', language: 'en' },
    { name: 'vivliostyle-techbook', kind: 'technical book chapter (Vivliostyle techbook theme)' },
  );
  // The bunko theme's novel page (vertical-rl on the root) was imported as vivliostyle-bunko and dropped: Chromium's
  // screenshot of it at the viewport's origin is blank (the vertical block flow starts beyond it), so it scored
  // nothing about Pictor.
  vivlio(
    '@vivliostyle/theme-gutenberg',
    'example/alice/ch01.md',
    { title: 'Down the Rabbit-Hole', language: 'en', sheet: 'alice.css' },
    { name: 'vivliostyle-gutenberg-alice', kind: 'book chapter (Vivliostyle gutenberg theme, Alice)' },
  );
  for (const [name, template, kind] of [
    ['openhtmltopdf-cafe-menu', 'cafe-menu', 'restaurant menu (OpenHTMLtoPDF template, two columns)'],
    // arboshiki-invoice (held out by the rule) was a candidate too: one of its expressions is beyond this Thymeleaf
    // subset (a SyntaxError), so it is not imported; it was never rendered or looked at.
  ])
    docs.push({
      name,
      repo: 'danfickle/openhtmltopdf',
      path: `${TEMPLATES}/${template}.html`,
      commit: OPENHTMLTOPDF,
      licence: 'MIT',
      group: DOCUMENT,
      kind,
      width: 794,
      build: () => openhtmltopdfTemplate(template),
      note: "the template's header says license: MIT (the repository's code is LGPL); rendered with DataGenerator.java's sample data (transcribed) by a Thymeleaf subset (th:each, th:if, th:text, th:href…, #temporals/#numbers with Locale.US) as ThymeleafProcessor does; its pictures inlined from the repository",
    });
  for (const [lang, script] of [
    ['he', 'Hebrew'],
    ['ar', 'Arabic'],
  ]) {
    const commit = execFileSync('git', [
      '-C',
      join(MIRRORS, SPARKSUITE.replace('/', '+'), 'repo'),
      'rev-parse',
      'HEAD',
    ])
      .toString()
      .trim();
    docs.push({
      name: `sparksuite-invoice-rtl-${lang}`,
      repo: SPARKSUITE,
      path: 'invoice.html',
      commit,
      licence: 'MIT',
      group: DOCUMENT,
      script,
      kind: `invoice, right to left (${script})`,
      build: () => sparksuiteRtl(lang, commit),
      note: `the README's RTL mode (<div class="invoice-box rtl">) with lang="${lang}" on <html> and the invoice's English texts in ${script} (names, e-mail, addresses and amounts kept as they are)`,
    });
  }
  return docs;
}

/** Licence texts of the npm packages and repositories of this pass: [file name, bytes]. */
export function docs4Licences() {
  const out = new Map();
  for (const name of [
    'receiptline',
    '@vivliostyle/vfm',
    '@vivliostyle/theme-base',
    '@vivliostyle/theme-academic',
    '@vivliostyle/theme-techbook',
    '@vivliostyle/theme-gutenberg',
    '@fontsource/crimson-text',
  ]) {
    const dir = pkgDir(name);
    out.set(`npm+${name.replace('/', '+')}@${pkgVersion(name)}-LICENSE`, readFileSync(join(dir, 'LICENSE')));
  }
  out.set('danfickle+openhtmltopdf-LICENSE', readAt('danfickle/openhtmltopdf', OPENHTMLTOPDF, 'LICENSE'));
  return out;
}
