/**
 * Builds the `wider` fidelity corpus (benchmarks/fidelity/wider/<case>/): documents from public repositories the
 * project had not looked at, of the kinds users send — e-mails from other builders and hand-written table e-mails,
 * CSS frameworks' example pages, résumés, receipts and invoices, and documents in right-to-left and complex
 * scripts. Made self-contained exactly as the real-world corpus is (its import.mjs's helpers): placeholders filled
 * with sample values, images from the repository inlined and external ones replaced by generated placeholders of
 * the same size, web fonts and scripts removed; remote `<iframe>`s are left empty (remote-frames.mjs). On top of
 * that, style sheets the page links are inlined as `<style>`: the repository's own files, or — for a CDN link to a
 * published package — the same file of the same package version from the npm registry. The documents' own CSS is
 * not edited.
 *
 * Compiled outputs are produced with the framework's own compiler at a pinned version: Foundation for Emails'
 * Inky templates by `inky` 1.5.0 inside Foundation's own page wrapper, with foundation-emails 2.5.1's CSS inlined
 * by `juice` (what Foundation's build does); Waypoint's email-builder samples by `@usewaypoint/email-builder`
 * 0.0.9's `renderToStaticMarkup`. ColorlibHQ's and Antwort's documents are the repositories' own compiled files
 * (MJML and Antwort's build).
 *
 * Keycloak's e-mails (Apache-2.0): the HTML e-mail layout `template.ftl` with the message of the e-mail type, in the
 * locale's translation (`keycloak-messages.json`, copied from the properties files at the commits recorded there;
 * FreeMarker's `msg(key, link, expiry, realm, expiryText)` done by hand: {0} link, {2} realm, {3} expiry text).
 *
 * Usage: [WIDER_PASS=docs5|docs6|docs7|docs8|docs9|docs10|docs11|docs12|docs13|docs14|docs15|docs16|docs17|docs18|docs19|docs20|docs21|docs22|docs23|docs24|docs25|docs26] node benchmarks/fidelity/wider/import.mjs [name-filter]
 *   needs the repositories as bare git directories under $MIRRORS (default /work/.mirror/<owner>+<name>/repo) and
 *   the compilers and CSS packages under $WIDER_TOOLS (default /tmp/wider-tools: `npm i inky@1.5.0
 *   foundation-emails@2.5.1 juice@12.2.0 @usewaypoint/email-builder@0.0.9 react@18 react-dom@18 bulma@1.0.4
 *   @picocss/pico@2.1.1 pico1@npm:@picocss/pico@1 bootstrap3@npm:bootstrap@3.2.0 esbuild
 *   jsonresume-theme-even@0.26.1 jsonresume-theme-stackoverflow@3.3.0 jsonresume-theme-flat@0.3.7
 *   @jsonresume/schema@1.3.1`; the Waypoint cases were rendered with React 18, then `npm i react-email@6.9.2
 *   react@19 react-dom@19` for the react-email cases). Keycloak's and Ghost's texts are in keycloak-messages.json
 *   and ghost/ (their repositories are too large to mirror). The documents it wrote are committed, so the
 *   benchmark never needs this script.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { launchChromium } from '../chromium.mjs';
import {
  commitOf,
  exists,
  fillPlaceholders,
  git,
  inlineImages,
  show,
  stripExternal,
} from '../real-world/import.mjs';
import { isHeldOut } from '../corpus-split.mjs';
import { stripRemoteFrames, stripRemotePosters, stripRemoteSources } from './remote-frames.mjs';
import { docs4Documents, docs4Licences } from './docs4.mjs';
import { docs5Documents, docs5Licences } from './docs5.mjs';
import { docs6Documents, docs6Licences } from './docs6.mjs';
import { docs7Documents, docs7Licences } from './docs7.mjs';
import { docs8Documents, docs8Licences } from './docs8.mjs';
import { docs9Documents, docs9Licences } from './docs9.mjs';
import { docs10Documents, docs10Licences } from './docs10.mjs';
import { docs11Documents, docs11Licences } from './docs11.mjs';
import { docs12Documents, docs12Licences } from './docs12.mjs';
import { docs13Documents, docs13Licences } from './docs13.mjs';
import { docs14Documents, docs14Licences } from './docs14.mjs';
import { docs15Documents, docs15Licences } from './docs15.mjs';
import { docs16Documents, docs16Licences } from './docs16.mjs';
import { docs17Documents, docs17Licences } from './docs17.mjs';
import { docs18Documents, docs18Licences } from './docs18.mjs';
import { docs19Documents, docs19Licences } from './docs19.mjs';
import { docs20Documents, docs20Licences } from './docs20.mjs';
import { docs21Documents, docs21Licences } from './docs21.mjs';
import { docs22Documents, docs22Licences } from './docs22.mjs';
import { docs23Documents, docs23Licences } from './docs23.mjs';
import { docs24Documents, docs24Licences } from './docs24.mjs';
import { docs25Documents, docs25Licences } from './docs25.mjs';
import { docs26Documents, docs26Licences } from './docs26.mjs';
import { paperDocuments, paperLicences } from './papers.mjs';
import { printdocsDocuments, printdocsLicences } from './printdocs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/wider-tools';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const only = process.argv[2];

// ---------------------------------------------------------------- the documents

const EMAIL = 'e-mail';
const FRAMEWORK = 'framework page';
const DOCUMENT = 'document';

function documents() {
  const docs = [];
  const add = (d) => docs.push({ width: 800, ...d });
  for (const t of ['fluid', 'hybrid', 'responsive'])
    add({
      name: `cerberus-${t}`,
      repo: 'emailmonday/Cerberus',
      path: `cerberus-${t}.html`,
      licence: 'MIT',
      group: EMAIL,
      kind: 'hand-written table e-mail (Cerberus)',
    });
  for (const t of ['general', 'promotional', 'explorational'])
    add({
      name: `konsav-${t}`,
      repo: 'konsav/email-templates',
      path: `${t}.html`,
      licence: 'MIT',
      group: EMAIL,
      kind: 'hand-written table e-mail',
    });
  for (const t of ['single-column', 'two-cols-simple', 'three-cols-images'])
    add({
      name: `antwort-${t}`,
      repo: 'InterNations/antwort',
      path: `${t}/build.html`,
      licence: 'MIT',
      group: EMAIL,
      kind: 'e-mail (Antwort build output)',
    });
  // Every fourth of the 28 MJML templates, from the first, and the ticket (20) and the receipt (22).
  for (const n of [1, 5, 9, 13, 17, 20, 21, 22, 25])
    add({
      name: `colorlib-mjml-${n}`,
      repo: 'ColorlibHQ/email-templates',
      path: `${n}/index.html`,
      licence: 'MIT',
      group: EMAIL,
      kind: `e-mail (MJML output${n === 20 ? ', conference ticket' : n === 22 ? ', order receipt' : ''})`,
    });
  for (const t of [
    '01-Barebone/welcome',
    '02-Matte/product-update',
    '03-Protocol/feature-announcement',
    '04-Arcane/order-confirmation',
    '04-Arcane/order-shipping',
    '05-Studio/newsletter',
  ])
    add({
      name: `react-email-${t.toLowerCase().replace(/^\d+-/, '').replace('/', '-')}`,
      repo: 'resend/react-email',
      path: `apps/demo/emails/${t}.tsx`,
      imagesFrom: 'apps/demo/emails/index.html',
      licence: 'MIT',
      group: EMAIL,
      kind: 'e-mail (react-email output)',
      build: () => reactEmail(`apps/demo/emails/${t}.tsx`),
      note: "the demo component with its PreviewProps rendered by react-email 6.9.2's render() (React 19; its Tailwind compiled by react-email's <Tailwind>)",
    });
  for (const t of ['hero', 'newsletter', 'order', 'password', 'sidebar', 'welcome'])
    add({
      name: `foundation-emails-${t}`,
      repo: 'foundation/foundation-emails',
      path: `templates/${t}.html`,
      licence: 'MIT',
      group: EMAIL,
      kind: 'e-mail (Foundation for Emails: Inky compiled, CSS inlined)',
      build: () => foundationEmail(`templates/${t}.html`),
      note: "Inky 1.5.0 in Foundation's test/visual/_template.html wrapper, foundation-emails 2.5.1 CSS inlined by juice 12.2.0",
    });
  for (const t of [
    'one-time-passcode',
    'order-ecommerce',
    'reservation-reminder',
    'reset-password',
    'post-metrics-report',
  ])
    add({
      name: `waypoint-${t}`,
      repo: 'usewaypoint/email-builder-js',
      path: `examples/vite-emailbuilder-mui/src/getConfiguration/sample/${t}.ts`,
      licence: 'MIT',
      group: EMAIL,
      kind: 'e-mail (Waypoint email-builder output)',
      build: () => waypointEmail(`examples/vite-emailbuilder-mui/src/getConfiguration/sample/${t}.ts`),
      note: "the sample's configuration rendered by @usewaypoint/email-builder 0.0.9 renderToStaticMarkup (React 18)",
    });
  for (const t of ['hero', 'cards', 'landing', 'login', 'admin', 'contact'])
    add({
      name: `bulma-${t}`,
      repo: 'BulmaTemplates/bulma-templates',
      path: `templates/${t}.html`,
      licence: 'MIT',
      group: FRAMEWORK,
      kind: 'Bulma page',
      width: 1280,
    });
  for (const t of [
    'v2-html',
    'v2-html-classless',
    'v2-conditional-styling',
    'v1-company',
    'v1-sign-in',
    'v1-preview',
  ])
    add({
      name: `pico-${t}`,
      repo: 'picocss/examples',
      path: `${t}/index.html`,
      licence: 'MIT',
      group: FRAMEWORK,
      kind: 'Pico CSS page',
      width: 1280,
    });
  for (const t of [
    'examples/starter',
    'components/cards',
    'components/tiles',
    'components/panels',
    'elements/tables',
  ])
    add({
      name: `spectre-${t.split('/')[1]}`,
      repo: 'picturepan2/spectre',
      path: `docs/${t}.html`,
      licence: 'MIT',
      group: FRAMEWORK,
      kind: 'Spectre.css page',
      width: 1280,
    });
  for (const t of ['starter', 'parallax', 'masonry'])
    add({
      name: `materialize-${t}`,
      repo: 'Dogfalo/materialize',
      path: `templates/${t}-template/index.html`,
      // The template's css/materialize.css is the repository's dist/css/materialize.css copied in by its build.
      styleAliases: { [`templates/${t}-template/css/materialize.css`]: 'dist/css/materialize.css' },
      licence: 'MIT',
      group: FRAMEWORK,
      kind: 'Materialize page',
      width: 1280,
    });
  add({
    name: 'skeleton-index',
    repo: 'dhg/Skeleton',
    path: 'index.html',
    licence: 'MIT',
    group: FRAMEWORK,
    kind: 'Skeleton page',
    width: 1280,
  });
  add({
    name: 'sparksuite-invoice',
    repo: 'sparksuite/simple-html-invoice-template',
    path: 'invoice.html',
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'invoice / receipt',
  });
  add({
    name: 'event-tickets-printable',
    repo: 'TheBnl/event-tickets',
    path: 'templates/Broarm/EventTickets/ReservationPrintable.ss',
    licence: 'BSD-3-Clause',
    group: DOCUMENT,
    kind: 'printable event ticket (SilverStripe template)',
    build: () => silverstripeTicket('templates/Broarm/EventTickets/ReservationPrintable.ss'),
    note: 'SilverStripe template filled by hand for one attendee (<% loop %> once, <%t %> its default text, $QRCode a generated 224×224 code-like picture)',
  });
  for (const [pkg, repo, version] of [
    ['jsonresume-theme-even', 'rbardini/jsonresume-theme-even', '0.26.1'],
    ['jsonresume-theme-stackoverflow', 'phoinixi/jsonresume-theme-stackoverflow', '3.3.0'],
    ['jsonresume-theme-flat', 'erming/jsonresume-theme-flat', '0.3.7'],
  ])
    add({
      name: `resume-${pkg.replace('jsonresume-theme-', '')}`,
      repo,
      npm: `${pkg}@${version}`,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence: 'MIT',
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      build: () => jsonResume(pkg),
      note: `${pkg}@${version}'s render() of @jsonresume/schema 1.3.1's sample.resume.json`,
    });
  add({
    name: 'mnjul-resume',
    repo: 'mnjul/html-resume',
    path: 'resume.html',
    licence: 'Apache-2.0',
    group: DOCUMENT,
    kind: 'résumé',
    width: 816,
  });
  // Certificates, receipts, tickets, invoices and résumés (issue 41's second pass). The files were read from the
  // public index (their repositories are not mirrored here) and copied to wider/copies/<owner>+<repo>/ at the
  // commits recorded below; each builder reads those copies.
  add({
    name: 'paper-css-receipt',
    repo: 'cognitom/paper-css',
    path: 'examples/receipt.html',
    commit: '113d7a25c002636907eacafd744f70afb0a677a1',
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'receipt (paper.css, A5 landscape sheet)',
    width: 860,
    build: () => paperCssReceipt(),
    note: "the example's cdnjs sheets inlined: normalize.css 3.0.3 (npm) and the repository's paper.css @ 0cfa4889df (cdnjs's paper-css 0.2.3 is not on npm); the Tangerine web font <link> removed (its text falls back to cursive)",
  });
  add({
    name: 'weasyprint-boarding-ticket',
    repo: 'CourtBouillon/weasyprint-samples',
    path: 'ticket/ticket.html',
    commit: '04e86cdd77b928247e56078afb4d4d183d4b1aaf',
    licence: 'public domain',
    group: DOCUMENT,
    kind: 'boarding pass (WeasyPrint sample, CSS nesting)',
    width: 1024,
    // The page centres its 8 cm body in the viewport (html: flex, height 100%): a viewport taller than the body.
    height: 400,
    build: () => weasyprintSample('ticket/ticket.html', { 'ticket.css': 'ticket/ticket.css' }),
    note: "ticket/ticket.css @ 93a7037640 inlined as <style> (written with CSS nesting); its @font-face files (Barlow Condensed, Libre Barcode 128: OFL, not in the index) are not available: the rules are kept and their text falls back to the stacks' generic families",
  });
  add({
    name: 'weasyprint-invoice',
    repo: 'CourtBouillon/weasyprint-samples',
    path: 'invoice/invoice.html',
    commit: '6c3409aa29e4d9c6c603608504700e0b5bb9419c',
    licence: 'public domain',
    group: DOCUMENT,
    kind: 'invoice (WeasyPrint sample, A4)',
    width: 794,
    build: () => weasyprintSample('invoice/invoice.html', { 'invoice.css': 'invoice/invoice.css' }),
    note: 'invoice/invoice.css (same commit) inlined as <style> without its media="print" (the sample is made for print; on screen the sheet would not apply); its @font-face files (Pacifico, Source Sans Pro: OFL, not in the index) are not available: the rules are kept and the text falls back to the standard font',
  });
  for (const [type, kind, commits] of [
    [
      'attendance',
      'certificate of attendance (Indico)',
      {
        template: '620591ebe16022954fd7ea6bd3b931824c937a90',
        theme: 'd17dbb19050786b908e54f1954eaf41ffbbaa5b5',
      },
    ],
    [
      'receipt',
      'event registration receipt (Indico)',
      {
        template: '2376ef3ecff75bff95c0ec5154b9d242c5423cfd',
        theme: '36c237eb27366b0f280c352a9d6e3d88fb3829df',
      },
    ],
  ])
    add({
      name: type === 'attendance' ? 'indico-certificate-of-attendance' : 'indico-receipt',
      repo: 'indico/indico',
      path: `indico/modules/receipts/default_templates/${type}/template.html`,
      commit: commits.template,
      licence: 'MIT',
      group: DOCUMENT,
      kind,
      width: 794,
      build: () => indicoDocument(type),
      note: `the default template rendered by nunjucks 3.2.4 (Jinja2-compatible; its filtered for loop written as a for around an if) with sample values for one registration and Indico's filters done by hand (format_date as Babel's English formats); theme.css @ ${commits.theme.slice(0, 10)} as <style> in a page of its own, as Indico's receipt renderer wraps them`,
    });
  add({
    name: 'anvil-invoice',
    repo: 'anvilco/html-pdf-invoice-template',
    path: 'invoice.html',
    commit: '86fc1b39b27050e5ec55255bcc8254676e2c1d05',
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'invoice (Anvil HTML-to-PDF template)',
    build: () => anvilInvoice(),
    note: "invoice.html with invoice.css @ 0a8ae7ca54 as <style>, as the repository's generate-pdf.js sends them (html + css); the README says MIT (the repository has no licence file)",
  });
  for (const [pkg, repo, version] of [
    ['jsonresume-theme-paper', 'TimDaub/jsonresume-theme-paper', '0.5.0'],
    ['jsonresume-theme-class', 'Charlotteis/jsonresume-theme-class', '0.1.2'],
    ['jsonresume-theme-macchiato', 'biosan/jsonresume-theme-macchiato', '1.1.0'],
    ['jsonresume-theme-elegant', 'mudassir0909/jsonresume-theme-elegant', '1.16.1'],
  ])
    add({
      name: `resume-${pkg.replace('jsonresume-theme-', '')}`,
      repo,
      npm: `${pkg}@${version}`,
      // External pictures (elegant's Gravatar avatar) replaced by placeholders of their size, as in other documents.
      placeholders: true,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence: 'MIT',
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      build: () => jsonResume(pkg),
      note: `${pkg}@${version}'s render() of @jsonresume/schema 1.3.1's sample.resume.json`,
    });
  // Issue 41's third pass (documents2): more résumés, a letter and a report, to widen the tuning documents. Every
  // JSON Resume theme tried that installs from npm and renders the sample is here (kwan and professional did not:
  // a missing dependency, JSX source); their CDN sheets come from npm (Bootstrap, Bootswatch) at the same version.
  for (const [pkg, repo, version, licence] of [
    ['jsonresume-theme-kendall', 'linuxbozo/jsonresume-theme-kendall', '0.2.0', 'MIT'],
    ['jsonresume-theme-onepage', 'ainsleychong/jsonresume-theme-onepage', '0.0.3', 'MIT'],
    ['jsonresume-theme-short', 'isnotahippy/jsonresume-theme-short', '0.1.7', 'MIT'],
    ['jsonresume-theme-spartacus', 'dannief/jsonresume-theme-spartacus', '1.0.0', 'MIT'],
    ['jsonresume-theme-caffeine', 'kelyvin/jsonresume-theme-caffeine', '1.2.3', 'MIT'],
    ['jsonresume-theme-slick', 'dfmcphee/jsonresume-theme-slick', '0.1.16', 'MIT'],
    ['jsonresume-theme-modern', 'jsonresume/jsonresume-theme-modern', '0.0.18', 'ISC'],
    ['jsonresume-theme-crisp', 'jamesperet/jsonresume-theme-crisp', '0.2.12', 'MIT'],
    ['jsonresume-theme-classy', 'JaredCubilla/jsonresume-theme-classy', '1.0.9', 'MIT'],
  ])
    add({
      name: `resume-${pkg.replace('jsonresume-theme-', '')}`,
      repo,
      npm: `${pkg}@${version}`,
      placeholders: true,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence,
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      build: () => jsonResume(pkg),
      note: `${pkg}@${version}'s render() of @jsonresume/schema 1.3.1's sample.resume.json`,
    });
  for (const [name, kind, path, sheets] of [
    ['weasyprint-letter', 'letter (WeasyPrint sample, A4, CSS nesting)', 'letter/letter.html', ['style.css']],
    ['weasyprint-report', 'report (WeasyPrint sample, CSS nesting)', 'report/report.html', ['report.css']],
  ])
    add({
      name,
      repo: 'CourtBouillon/weasyprint-samples',
      path,
      commit: WEASYPRINT_COMMIT,
      licence: 'public domain',
      group: DOCUMENT,
      kind,
      width: 794,
      build: () => weasyprintMirrored(path, sheets),
      note: `${sheets.join(', ')} (same commit) inlined as <style> (media=print dropped: the sample is made for print); its @font-face rules removed (fonts in the repository, not web fonts the corpus keeps: the text falls back to the stacks' generic families in both engines)`,
    });
  add({
    name: 'paper-css-letter',
    repo: 'cognitom/paper-css',
    path: 'examples/letter.html',
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'letter-size sheet (paper.css)',
    width: 860,
    build: () => paperCssMirrored('examples/letter.html'),
    note: "the example's cdnjs sheets inlined: normalize.css 3.0.3 (npm) and the repository's paper.css (same commit)",
  });
  // Right-to-left and complex scripts.
  add({
    name: 'pico-v1-preview-rtl-ar',
    repo: 'picocss/examples',
    path: 'v1-preview-rtl/index.html',
    licence: 'MIT',
    group: FRAMEWORK,
    kind: 'Pico CSS page (Arabic, right to left)',
    script: 'Arabic',
    width: 1280,
  });
  const messages = JSON.parse(readFileSync(join(here, 'keycloak-messages.json'), 'utf8'));
  for (const [locale, m] of Object.entries(messages.locales)) {
    for (const [type, key] of [
      ['password-reset', 'passwordResetBodyHtml'],
      ['execute-actions', 'executeActionsBodyHtml'],
      ['identity-provider-link', 'identityProviderLinkBodyHtml'],
    ]) {
      if (!m[key]) continue;
      add({
        name: `keycloak-${type}-${locale.replace('_', '-').toLowerCase()}`,
        repo: 'keycloak/keycloak',
        path: m.path,
        commit: m.commit,
        licence: 'Apache-2.0',
        group: EMAIL,
        kind: `e-mail (Keycloak ${type}, ${m.language})`,
        script: m.script,
        build: () => keycloakEmail(messages, locale, key),
        note: `${messages.template.path} @ ${messages.template.commit.slice(0, 10)} around ${key} of the file above; realm "Acme Cloud", identity provider "GitHub", user "jane.cooper", a link to https://sso.example.com/…, 5 minutes`,
      });
    }
  }
  add({
    name: 'bootstrap-checkout-rtl-ar',
    repo: 'twbs/bootstrap',
    path: 'site/src/assets/examples/checkout-rtl/index.astro',
    commit: '4689538c7bad40492b346f17c79f48ae5b788a0b',
    licence: 'MIT',
    group: FRAMEWORK,
    kind: 'Bootstrap example page (Arabic, right to left, prices)',
    script: 'Arabic',
    width: 1280,
    build: () => bootstrapExample('bootstrap/checkout-rtl.astro.txt', 'ar'),
    note: "the example's body (copied to wider/bootstrap/) in site/src/layouts/ExamplesLayout.astro @ 0021823a63's page: its <head> essentials and its global <style>, bootstrap 5.3.8's dist/css/bootstrap.rtl.min.css (npm) as the layout's Stylesheet gives RTL examples; lang=\"ar\" dir=\"rtl\" on <html> as Bootstrap's RTL guide requires; the theme toggler, icon sprite, scripts and checkout.css (not in the index) left out; {new Date().getFullYear()} = 2026, the logo a placeholder",
  });
  const ghost = JSON.parse(readFileSync(join(here, 'ghost', 'messages.json'), 'utf8'));
  for (const [locale, m] of Object.entries(ghost.locales))
    add({
      name: `ghost-signin-${locale}`,
      repo: 'TryGhost/Ghost',
      path: m.path,
      commit: m.commit,
      licence: 'MIT',
      group: EMAIL,
      kind: `e-mail (Ghost member sign-in, ${m.language})`,
      script: m.script,
      build: () => ghostSignin(ghost, locale),
      note: `${ghost.template.path} @ ${ghost.template.commit.slice(0, 10)} (copied to wider/${ghost.template.copy}) run with the translations of the file above (wider/ghost/messages.json; an empty one falls back to English as in Ghost); site "Acme Journal", acme-journal.example.com, jane.cooper@example.com`,
    });
  // Issue 41's fourth pass (papers): document styles', HTML-to-PDF tools' and admin templates' pages (papers.mjs).
  for (const d of paperDocuments()) add(d);
  // Issue 41's fifth pass (docs4): receipts, Japanese reports and a vertical novel page, a book chapter, a menu, an
  // invoice and right-to-left invoices (docs4.mjs).
  for (const d of docs4Documents()) add(d);
  // Issue 41's sixth pass (printdocs): paper.css sheets, Vivliostyle's base and slide themes' examples, html-pdf's
  // page with an external sheet (printdocs.mjs).
  for (const d of printdocsDocuments()) add(d);
  // Issue 41's seventh pass (docs5): more JSON Resume themes, Vivliostyle's Scholarly HTML sample and Tufte Pandoc
  // CSS's pages (docs5.mjs).
  for (const d of docs5Documents()) add(d);
  // Issue 41's eighth pass (docs6): paper.css's, WeasyPrint's, the gutenberg theme's and ReceiptLine's remaining
  // examples and Vivliostyle's CC0 slide deck (docs6.mjs).
  for (const d of docs6Documents()) add(d);
  // Issue 41's ninth pass (docs11): markdown and article themes, classless document sheets' pages and two HTML
  // résumé templates from eleven repositories not used before (docs7.mjs).
  for (const d of docs7Documents()) add(d);
  // Issue 41's pass docs9 (session 16): hand-written HTML/CSS résumé and CV templates from seven repositories not
  // used before, with their web fonts and icon fonts (docs9.mjs).
  for (const d of docs9Documents()) add(d);
  // Issue 41's tenth pass (docs20): fifteen more JSON Resume themes (docs8.mjs).
  for (const d of docs8Documents()) add(d);
  // Issue 41's session-16 pass (docs22): demo and documentation pages of classless document sheets from nine
  // repositories not used before (docs10.mjs).
  for (const d of docs10Documents()) add(d);
  // Issue 41's pass docs12 (session 17): hand-written HTML/CSS résumés, academic CVs and CV pages from ten
  // repositories not used before, with their web and icon fonts (docs12.mjs).
  for (const d of docs12Documents()) add(d);
  // Issue 41's session-17 pass (docs25): sixteen more JSON Resume themes and four FRESH themes built by HackMyResume,
  // each on a variant of the sample résumé (photo, long, short) (docs11.mjs).
  for (const d of docs11Documents()) add(d);
  // Issue 41's session-17 pass (docs26): print documents and articles (pandoc theme pages, W3C report sheets,
  // Standard Ebooks chapters, RFC outputs, a print sheet as printed, blog themes) from thirteen repositories not used
  // before (docs13.mjs).
  for (const d of docs13Documents()) add(d);
  // Issue 41's session-18 pass (docs32): résumés and print documents (DocRaptor's HTML-to-PDF templates, a one-page
  // A4 CV, a pandoc-built markdown résumé, Paged.js print demos) from four repositories not used before (docs14.mjs).
  for (const d of docs14Documents()) add(d);
  // Issue 41's session-19 pass (docs34): résumés and CVs made by markdown résumé generators and markdown CV sheets
  // (md2resume's templates, markdown-cv's styles, cssume, resume.md) from four repositories not used before (docs15.mjs).
  for (const d of docs15Documents()) add(d);
  // Issue 41's session-19 pass (docs35): articles, documentation pages and markdown renderings (Hello, CSS!, SPCSS,
  // MCSS and Osmo Salomaa's markdown-css rendered by markdown-it and pandoc, yue.css, typo.css, the Tachyons site's
  // article components and typography docs) from seven repositories not used before (docs16.mjs).
  for (const d of docs16Documents()) add(d);
  // Session 20 (docs38): articles and documentation pages as static-site generators write them out — Jekyll themes'
  // posts, Hugo themes' exampleSite pages, Sphinx documentation (docs17.mjs).
  for (const d of docs17Documents()) add(d);
  // Issue 41's session-20 pass (docs39): print documents of kinds the corpus lacked — slide decks (Shower's themes in
  // list mode, WebSlides' demos, marp-core's themes) and a pandoc-built book — from four repositories not used before
  // (docs18.mjs).
  for (const d of docs18Documents()) add(d);
  // Issue 41's session-21 pass (docs42): documentation pages as other documentation tools write them out — pdoc's
  // rendered fixtures, MkDocs' own docs in its two themes, Material for MkDocs' reference, Furo's kitchen sink
  // (docs19.mjs).
  for (const d of docs19Documents()) add(d);
  // Issue 41's session-22 pass (docs47): articles as other blog engines' themes write them out — Hugo's PaperMod,
  // Ananke and Coder example sites, GitHub Pages' Jekyll themes Cayman and Minimal (docs20.mjs).
  for (const d of docs20Documents()) add(d);
  // Issue 41's session-22 pass (docs48): technical articles as Docutils' HTML writers (with their own sheets) and
  // Asciidoctor (its default sheet) write them out, on the tools' own documents (docs21.mjs).
  for (const d of docs21Documents()) add(d);
  // Issue 41's session-24 pass (articles): technical articles as nbconvert (lab template), pandoc (its default
  // template) and LaTeXML write them out, on notebooks, markdown documents and LaTeX articles of five repositories
  // not used before (docs22.mjs).
  for (const d of docs22Documents()) add(d);
  // Issue 41's session-27 pass (articles): articles and documentation pages as Org mode's HTML export, Eleventy's
  // base blog, mandoc and Sphinx's PyData theme write them out, from six repositories not used before (docs23.mjs).
  for (const d of docs23Documents()) add(d);
  // Issue 41's session-28 pass (documentation sites): documentation and article pages as VitePress (its own docs),
  // Docusaurus's classic template and Astro Starlight (its own docs) write them out (docs24.mjs).
  for (const d of docs24Documents()) add(d);
  // Issue 41's session-32 pass (manuals and references): twenty projects' documentation as Debian packages it for
  // reading offline — SQLite, Apache httpd, PostgreSQL, Node.js, Python, Rust, Sphinx, CMake, libxml2,
  // the Z shell, Erlang/OTP, Flask, Boost, Django, SQLAlchemy, json-c, SDL 2, SCons, DocBook XSL, {fmt} (docs25.mjs).
  for (const d of docs25Documents()) add(d);
  // Issue 41's session-33 pass: manuals, references and handbooks of seventeen more projects from Debian's documentation
  // packages — Git, the Debian Reference and Administrator's Handbook (English, Arabic, Chinese), HAProxy, BIND 9,
  // cppreference, Doxygen, Exim, the GIMP, GLib, GTK 3, LLVM, Octave, R, Java SE's javadoc, Postfix, Celery (docs26.mjs).
  for (const d of docs26Documents()) add(d);
  // Issue 41's fourth pass (resumes): JSON Resume themes found through the public index of theme repositories and
  // installed from npm, every one that installs and renders the sample (mocha-responsive and elite did not: a
  // template file missing from the package, a Handlebars helper error). Unlike the earlier passes these keep their
  // web fonts and icon fonts, as a reader's browser shows them: a CDN sheet from npm with the fonts it names inlined
  // as data: URIs, Google Fonts links as @font-face rules of the same families from @fontsource (`fonts: true`).
  for (const [pkg, repo, version, licence] of [
    ['jsonresume-theme-latte', 'wangrunlin/jsonresume-theme-latte', '1.0.3', 'MIT'],
    ['jsonresume-theme-direct', 'mrancourt/jsonresume-theme-direct', '0.1.1', 'MIT'],
    ['jsonresume-theme-eloquent', 'thibaudcolas/jsonresume-theme-eloquent', '5.0.0', 'MIT'],
    ['jsonresume-theme-papirus', 'konalexiou/jsonresume-theme-papirus', '0.0.5', 'MIT'],
    ['jsonresume-theme-rnord', 'ttntm/jsonresume-theme-rnord', '1.0.0', 'MIT'],
    ['jsonresume-theme-simple-red', 'aandrewww/jsonresume-theme-simple-red', '1.0.4', 'MIT'],
    ['jsonresume-theme-actual', 'davcd/jsonresume-theme-actual', '0.2.2', 'MIT'],
    ['jsonresume-theme-straightforward', 'slugstack/jsonresume-theme-straightforward', '0.5.0', 'MIT'],
    ['jsonresume-theme-minyma', 'godraadam/jsonresume-theme-minyma', '0.0.5', 'ISC'],
    ['jsonresume-theme-relaxed', 'ObserverOfTime/jsonresume-theme-relaxed', '0.2.1', 'MPL-2.0'],
    ['jsonresume-theme-ace', 'w0rd-driven/jsonresume-theme-ace', '1.1.0', 'MIT'],
    ['jsonresume-theme-autumn', 'lorenzodalaqua/jsonresume-theme-autumn', '1.0.1', 'MIT'],
    ['jsonresume-theme-orbit', 'XuluWarrior/jsonresume-theme-orbit', '3.0.0', 'MIT'],
    ['jsonresume-theme-kards', 'XuluWarrior/jsonresume-theme-kards', '1.0.2', 'MIT'],
    ['jsonresume-theme-eventide', 'zzamboni/jsonresume-theme-eventide', '0.29.12', 'MIT'],
    ['jsonresume-theme-standard-resume', 'EmaSuriano/jsonresume-theme-standard-resume', '2.1.0', 'MIT'],
    ['jsonresume-theme-compact', 'arw180/jsonresume-theme-compact', '1.0.4', 'MIT'],
  ])
    add({
      name: `resume-${pkg.replace('jsonresume-theme-', '')}`,
      repo,
      npm: `${pkg}@${version}`,
      placeholders: true,
      fonts: true,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence,
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      build: () => jsonResume(pkg),
      note: `${pkg}@${version}'s render() of @jsonresume/schema 1.3.1's sample.resume.json`,
    });
  return docs;
}

// ---------------------------------------------------------------- builders

/** Foundation for Emails: an Inky template inside Foundation's own page wrapper, compiled and inlined. */
function foundationEmail(path) {
  const repo = 'foundation/foundation-emails';
  const { Inky } = toolRequire('inky');
  const juice = toolRequire('juice').default;
  const wrapper = show(repo, 'test/visual/_template.html').toString('utf8');
  const css = readFileSync(toolRequire.resolve('foundation-emails/dist/foundation-emails.css'), 'utf8');
  const body = new Inky().releaseTheKraken(show(repo, path).toString('utf8'));
  const page = wrapper
    .replace(
      /<link rel="stylesheet" href="\.\.\/assets\/css\/foundation-emails\.css" \/>/,
      `<style>${css}</style>`,
    )
    .replace('<%= contents %>', () => body);
  return juice(page, { preserveMediaQueries: true, removeStyleTags: false });
}

/** Waypoint's email-builder: a sample configuration (TypeScript) rendered to HTML by the package's renderer. */
async function waypointEmail(path) {
  const repo = 'usewaypoint/email-builder-js';
  const esbuild = toolRequire('esbuild');
  const source = show(repo, path)
    .toString('utf8')
    .replace(/^import .*$/gm, '');
  const { code } = esbuild.transformSync(source, { loader: 'ts', format: 'cjs' });
  const module = { exports: {} };
  new Function('module', 'exports', code)(module, module.exports);
  const document = module.exports.default ?? Object.values(module.exports)[0];
  const { renderToStaticMarkup } = toolRequire('@usewaypoint/email-builder');
  return renderToStaticMarkup(document, { rootBlockId: 'root' });
}

/** react-email: a demo e-mail component (with its folder's theme) bundled and rendered with its PreviewProps. */
async function reactEmail(path) {
  const repo = 'resend/react-email';
  const dir = join(TOOLS, '.build', 'react-email');
  const folder = posix.dirname(path);
  for (const file of git(repo, 'ls-tree', '--name-only', 'HEAD', `${folder}/`)
    .toString()
    .trim()
    .split('\n')) {
    if (!/\.tsx?$/.test(file)) continue;
    mkdirSync(join(dir, posix.dirname(file)), { recursive: true });
    writeFileSync(join(dir, file), show(repo, file));
  }
  const out = join(TOOLS, '.build', `${path.replaceAll('/', '_')}.cjs`);
  await toolRequire('esbuild').build({
    entryPoints: [join(dir, path)],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    outfile: out,
    jsx: 'automatic',
    nodePaths: [join(TOOLS, 'node_modules')],
    external: ['react', 'react-dom', 'react-email'],
    logLevel: 'error',
  });
  const mod = toolRequire(out);
  const Email = mod.default ?? Object.values(mod).find((v) => typeof v === 'function');
  const React = toolRequire('react');
  return toolRequire('react-email').render(React.createElement(Email, Email.PreviewProps ?? {}));
}

/** A JSON Resume theme's render() of the schema's sample résumé. */
async function jsonResume(pkg) {
  const sample = JSON.parse(
    readFileSync(toolRequire.resolve('@jsonresume/schema/sample.resume.json'), 'utf8'),
  );
  const dir = join(TOOLS, 'node_modules', pkg);
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const theme =
    meta.type === 'module' ? await import(pathToFileURL(join(dir, meta.module)).href) : toolRequire(pkg);
  return (theme.render ?? theme.default.render)(sample);
}

/** A QR-code-like picture (a fixed pseudo-random module pattern with three finder squares), as a PNG in base64. */
async function codeLikePicture(size, modules = 29) {
  const cell = Math.floor(size / modules);
  const raw = Buffer.alloc(size * size, 255);
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const finder = (x, y) => {
    for (const [fx, fy] of [
      [0, 0],
      [modules - 7, 0],
      [0, modules - 7],
    ]) {
      const dx = x - fx;
      const dy = y - fy;
      if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7)
        return dx === 0 || dy === 0 || dx === 6 || dy === 6 || (dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4);
    }
    return undefined;
  };
  for (let my = 0; my < modules; my++) {
    for (let mx = 0; mx < modules; mx++) {
      const dark = finder(mx, my) ?? random() < 0.5;
      if (!dark) continue;
      for (let y = my * cell; y < (my + 1) * cell; y++)
        raw.fill(0, y * size + mx * cell, y * size + (mx + 1) * cell);
    }
  }
  return (
    await sharp(raw, { raw: { width: size, height: size, channels: 1 } })
      .png()
      .toBuffer()
  ).toString('base64');
}

/** TheBnl/event-tickets' printable ticket: its SilverStripe template filled for one attendee. */
async function silverstripeTicket(path) {
  const values = {
    TicketCode: 'EVT-2026-004217',
    Name: 'Jane Cooper',
    'TicketPage.EventTitle': 'Pictor Summit 2026',
    'TicketPage.EventAddress': 'Keizersgracht 123, 1015 CJ Amsterdam',
    'TicketPage.EventStartDate.Nice': '28/11/2026 19:30',
    'Ticket.Title': 'Early bird',
    'Ticket.Price.Nice.RAW': '€49.00',
    'TicketPage.TicketContent.RAW':
      '<p>Doors open at 19:00. Bring this ticket printed or on your phone; the code is scanned at the entrance.</p>',
    'SiteConfig.Title': 'Pictor Events',
    'SiteConfig.TicketLogo.ScaleWidth(160).AbsoluteURL': 'https://assets.example/ticket-logo.png',
    QRCode: await codeLikePicture(224),
  };
  return show('TheBnl/event-tickets', path)
    .toString('utf8')
    .replace(/<% loop \$Attendees %>([\s\S]*?)<% end_loop %>/, '$1')
    .replace(/<% if not \$Last %>[\s\S]*?<% end_if %>/g, '')
    .replace(/<% if \$TicketPage\.TicketContent %>([\s\S]*?)<% end_if %>/g, '$1')
    .replace(/<%t [^ ]+ '([^']*)' %>/g, '$1')
    .replace(/data:image\/png;base64, \$QRCode/, () => `data:image/png;base64,${values.QRCode}`)
    .replace(/\$([A-Za-z.]+(?:\(\d+\))?[A-Za-z.]*)/g, (m, key) => values[key.replace(/\.$/, '')] ?? m);
}

/** Bootstrap: an example page (Astro source) in the examples layout's page, with Bootstrap's CSS from npm. */
function bootstrapExample(copy, lang) {
  const source = readFileSync(join(here, copy), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  const title = /export const title = '([^']*)'/.exec(front)[1];
  const rtl = /export const direction = 'rtl'/.test(front);
  const bodyClass = /export const body_class = '([^']*)'/.exec(front)?.[1] ?? '';
  const css = readFileSync(
    join(TOOLS, 'node_modules/bootstrap/dist/css', rtl ? 'bootstrap.rtl.min.css' : 'bootstrap.min.css'),
    'utf8',
  );
  const layoutStyle = readFileSync(join(here, 'bootstrap/examples-layout-style.css.txt'), 'utf8');
  const html = body
    .replace(/\{getVersionedDocsPath\('([^']*)'\)\}/g, (_, p) => `"https://assets.example${p}"`)
    .replace('{new Date().getFullYear()}', '2026');
  return `<!doctype html>
<html lang="${lang}"${rtl ? ' dir="rtl"' : ''} data-bs-theme="auto">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Bootstrap v5.3</title>
    <style>${css}</style>
    <style>
${layoutStyle}    </style>
  </head>
  <body class="${bodyClass}">
${html}  </body>
</html>
`;
}

/** Ghost: the member sign-in e-mail's template function run with one locale's translations (i18next-like t). */
function ghostSignin(ghost, locale) {
  const module = { exports: {} };
  new Function('module', readFileSync(join(here, ghost.template.copy), 'utf8'))(module);
  const messages = ghost.locales[locale].messages;
  const t = (key, values = {}) =>
    (messages[key] || key).replace(/\{(\w+)\}/g, (m, name) => (name in values ? values[name] : m));
  return module.exports({
    t,
    siteTitle: 'Acme Journal',
    email: 'jane.cooper@example.com',
    url: 'https://acme-journal.example.com/members/?token=Xy9kQa2LmN&action=signin&r=%2F',
    siteDomain: 'acme-journal.example.com',
    siteUrl: 'https://acme-journal.example.com/',
  });
}

/**
 * Keycloak: template.ftl's layout around one translated message, its arguments filled as Keycloak's e-mail
 * provider passes them (FreeMarkerEmailTemplateProvider: link, expiry in minutes, realm, [required actions,]
 * formatted expiry; identity-provider link: provider, realm, user, link, minutes, formatted expiry).
 */
function keycloakEmail(messages, locale, key) {
  const m = messages.locales[locale];
  const link = 'https://sso.example.com/realms/acme/login-actions/action-token?key=eyJhbGciOiJIUzUxMiJ9';
  const expiry = `5 ${m.minutes}`;
  const args = {
    passwordResetBodyHtml: [link, '5', 'Acme Cloud', expiry],
    executeActionsBodyHtml: [link, '5', 'Acme Cloud', m.requiredActions.join(', '), expiry],
    identityProviderLinkBodyHtml: ['GitHub', 'Acme Cloud', 'jane.cooper', link, '5', expiry],
  }[key];
  const body = m[key].replace(/\{(\d)\}/g, (_, i) => args[Number(i)] ?? '');
  return `<html lang="${m.lang}" dir="${m.rtl ? 'rtl' : 'ltr'}">\n<body>\n    ${body}\n</body>\n</html>\n`;
}

/** A file of wider/copies/: the copy of a repository's file that the index held at the commit recorded. */
const copy = (repo, path) =>
  readFileSync(join(here, 'copies', repo.replace('/', '+'), `${path}.txt`), 'utf8');

/** paper.css's receipt example with the sheets its cdnjs links name inlined. */
function paperCssReceipt() {
  const normalize = readFileSync(toolRequire.resolve('normalize.css/normalize.css'), 'utf8');
  return copy('cognitom/paper-css', 'examples/receipt.html')
    .replace(/<link rel="stylesheet" href="[^"]*normalize[^"]*">/, () => `<style>\n${normalize}\n</style>`)
    .replace(
      /<link rel="stylesheet" href="[^"]*paper\.css">/,
      () => `<style>\n${copy('cognitom/paper-css', 'paper.css')}\n</style>`,
    );
}

/** A WeasyPrint sample with its linked sheets inlined (a print-only link applied on screen too). */
function weasyprintSample(path, sheets) {
  let html = copy('CourtBouillon/weasyprint-samples', path);
  for (const [href, file] of Object.entries(sheets))
    html = html.replace(
      new RegExp(`<link href="${href.replace('.', '\\.')}"[^>]*>`),
      () => `<style>\n${copy('CourtBouillon/weasyprint-samples', file)}\n</style>`,
    );
  return html;
}

const WEASYPRINT_COMMIT = '6dc675b05a5cba59576dfaa8881ea6ccdccb13cc';

/** A WeasyPrint sample from the mirror at WEASYPRINT_COMMIT, its linked sheets inlined and @font-face rules dropped. */
function weasyprintMirrored(path, sheets) {
  const repo = 'CourtBouillon/weasyprint-samples';
  const at = (p) => git(repo, 'show', `${WEASYPRINT_COMMIT}:${p}`).toString('utf8');
  let html = at(path);
  for (const sheet of sheets) {
    const css = at(posix.join(posix.dirname(path), sheet)).replace(/@font-face\s*\{[^}]*\}/g, '');
    html = html.replace(
      new RegExp(`<link[^>]*href="${sheet.replace('.', '\\.')}"[^>]*>`),
      () => `<style>\n${css}\n</style>`,
    );
  }
  return html;
}

/** A paper.css example from the mirror with the sheets its cdnjs links name inlined. */
function paperCssMirrored(path) {
  const normalize = readFileSync(toolRequire.resolve('normalize.css/normalize.css'), 'utf8');
  return show('cognitom/paper-css', path)
    .toString('utf8')
    .replace(/<link rel="stylesheet" href="[^"]*normalize[^"]*">/, () => `<style>\n${normalize}\n</style>`)
    .replace(
      /<link rel="stylesheet" href="[^"]*paper\.css">/,
      () => `<style>\n${show('cognitom/paper-css', 'paper.css').toString('utf8')}\n</style>`,
    );
}

/** Anvil's invoice: invoice.html and invoice.css, as its generate-pdf.js hands them to the HTML-to-PDF API. */
function anvilInvoice() {
  const repo = 'anvilco/html-pdf-invoice-template';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Invoice</title>
<style>
${copy(repo, 'invoice.css')}
</style>
</head>
<body>
${copy(repo, 'invoice.html')}
</body>
</html>
`;
}

/**
 * Indico's default receipt and certificate templates (Jinja) rendered by nunjucks for one registration. Indico's
 * filters are done by hand with Babel's English formats; Python's str.format() is given to strings while rendering.
 */
function indicoDocument(type) {
  const nunjucks = toolRequire('nunjucks');
  const env = new nunjucks.Environment(null, { autoescape: true });
  const day = (d) => ({ date: () => d.toISOString().slice(0, 10), d });
  const months = [
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
  const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const two = (n) => String(n).padStart(2, '0');
  const formatDate = (value, format = 'medium') => {
    const d = value.d;
    const [y, m, dd] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
    if (format === 'dd.MM.yyyy') return `${two(dd)}.${two(m + 1)}.${y}`;
    if (format === 'dd MMM') return `${two(dd)} ${months[m].slice(0, 3)}`;
    if (format === 'dd MMM yyyy' || format === 'dd MMM YYYY')
      return `${two(dd)} ${months[m].slice(0, 3)} ${y}`;
    if (format === 'long') return `${months[m]} ${dd}, ${y}`;
    if (format === 'full') return `${weekdays[d.getUTCDay()]}, ${months[m]} ${dd}, ${y}`;
    return `${months[m].slice(0, 3)} ${dd}, ${y}`; // medium
  };
  env.addFilter('format_date', formatDate);
  env.addFilter('format_datetime', (value) => {
    const d = value.d;
    return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMonth() + 1)}`;
  });
  env.addFilter(
    'format_currency',
    (amount, currency) =>
      `${{ EUR: '€' }[currency] ?? currency}${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  env.addFilter(
    'format_placeholders',
    (text, kw) =>
      new nunjucks.runtime.SafeString(
        text.replace(/\{(\w+)\}/g, (m, name) => (name in kw ? String(kw[name]) : m)),
      ),
  );
  env.addGlobal(
    'format_interval',
    (a, b) => `${a.d.getUTCDate()}–${b.d.getUTCDate()} ${months[b.d.getUTCMonth()]} ${b.d.getUTCFullYear()}`,
  );
  const today = day(new Date(Date.UTC(2026, 10, 30, 9, 0)));
  env.addGlobal('now_utc', () => today);
  env.addGlobal('range', (n) => [...Array(n).keys()]);
  const dir = `indico/modules/receipts/default_templates/${type}`;
  const repo = 'indico/indico';
  // The default values of the template's custom fields (metadata.yaml) and sample values for the others.
  const custom_fields = {
    document_title: 'Certificate of Attendance',
    text: 'The Organizing Commitee certifies that {person} participated in the event {event}, which\ntook place {date_range}, at {venue}.\n',
    address_from: 'Pictor Events Foundation\nKeizersgracht 123\n1015 CJ Amsterdam\nThe Netherlands',
    venue: '',
    logo: 'https://assets.example/indico-logo.png',
    add_url: true,
    show_affiliation: true,
    place: 'Amsterdam',
    signature_name_0: 'Maria Rossi',
    signature_position_0: 'Chair of the Organizing Committee',
    signature_name_1: 'Jan de Vries',
    signature_position_1: 'Programme Chair',
    fee_category: 'Early Bird',
    add_affiliation: true,
  };
  const registration = {
    personal_data: {
      first_name: 'Jane',
      last_name: 'Cooper',
      affiliation: 'Acme Cloud',
      address: 'Rue du Marché 17\n1204 Geneva',
      country: 'Switzerland',
    },
    friendly_id: 217,
    currency: 'EUR',
    base_price: 350,
    field_data: [
      { title: 'Conference dinner', friendly_value: 'Yes', actual_price: 65 },
      { title: 'Workshop', friendly_value: 'Typesetting for the web', actual_price: 120 },
      { title: 'T-shirt size', friendly_value: 'M', actual_price: 0 },
    ],
    total_price: 535,
    transaction: { status: 'successful', provider: 'stripe', amount: 535, currency: 'EUR' },
  };
  const event = {
    title: 'Pictor Summit 2026',
    start_dt: day(new Date(Date.UTC(2026, 10, 28, 9))),
    end_dt: day(new Date(Date.UTC(2026, 10, 29, 17))),
    venue_name: 'Amsterdam Conference Centre',
    url: 'https://events.example.org/event/42/',
  };
  const format = String.prototype.format;
  // biome-ignore lint/suspicious/noGlobalAssign: Python's str.format for the template's expressions, while rendering
  String.prototype.format = function (...args) {
    let i = 0;
    return String(this).replace(/\{\}/g, () => String(args[i++]));
  };
  try {
    // Jinja's filtered loop (`{% for x in xs if cond %}`), which nunjucks lacks, as a loop around a condition.
    const template = copy(repo, `${dir}/template.html`).replace(
      /\{%\s*for (\w+) in ([\w.]+) if ([^%]+?)\s*%\}([\s\S]*?)\{%\s*endfor\s*%\}/g,
      '{% for $1 in $2 %}{% if $3 %}$4{% endif %}{% endfor %}',
    );
    const body = env.renderString(template, { custom_fields, registration, event });
    return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<style>
${copy(repo, `${dir}/theme.css`)}
</style>
</head>
<body>
${body}
</body>
</html>
`;
  } finally {
    String.prototype.format = format;
  }
}

// ---------------------------------------------------------------- style sheets

const CDN = [
  /^(?:https?:)?\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/twitter-(bootstrap)\/([^/]+)\/(css\/.+)$/,
  /^(?:https?:)?\/\/maxcdn\.bootstrapcdn\.com\/(bootstrap)\/([^/]+)\/(css\/.+)$/,
  /^(?:https?:)?\/\/unpkg\.com\/((?:@[^/]+\/)?[^@/]+)@([^/]+)\/(.+)$/,
  /^(?:https?:)?\/\/cdn\.jsdelivr\.net\/npm\/((?:@[^/]+\/)?[^@/]+)@([^/]+)\/(.+)$/,
];
/** bootswatch.com's unversioned theme sheets (Bootstrap 3 era): the npm package bootswatch 3.3.7's same file. */
const BOOTSWATCH = /^(?:https?:)?\/\/bootswatch\.com\/(\w+)\/(bootstrap(?:\.min)?\.css)$/;
/** CDN sheets of the fourth pass (`fonts: true` documents): the package, its version and its file in the package. */
const FONT_CDN = [
  [/^(?:https?:)?\/\/maxcdn\.bootstrapcdn\.com\/(font-awesome)\/([^/]+)\/(css\/.+)$/, ''],
  [/^(?:https?:)?\/\/maxcdn\.bootstrapcdn\.com\/(bootswatch)\/([^/]+)\/(.+)$/, ''],
  [/^(?:https?:)?\/\/cdn\.jsdelivr\.net\/(flexboxgrid)\/([^/]+)\/(.+)$/, 'dist/'],
];
/**
 * The tool directory's install of a package version (`pico1` is @picocss/pico@1; `bootstrap-3.3.7` an alias
 * install of that exact version), with the file's path.
 */
function npmFile(pkg, version, file) {
  const last = pkg.split('/').at(-1);
  const installed = [`${last}-${version}`, pkg, `${last}${version.split('.')[0]}`];
  for (const name of installed) {
    try {
      const dir = dirname(toolRequire.resolve(`${name}/package.json`));
      const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (meta.name === pkg && (meta.version === version || meta.version.split('.')[0] === version))
        return {
          css: readFileSync(join(dir, file), 'utf8'),
          version: meta.version,
          path: join(dir, file),
        };
    } catch {}
  }
  return undefined;
}

const FONT_TYPES = { woff2: 'font/woff2', woff: 'font/woff', truetype: 'font/ttf', opentype: 'font/otf' };

/**
 * A published sheet's `@font-face` fonts inlined as data: URIs (its best format of woff2, woff, truetype: what
 * Chromium would pick), resolved from the sheet's own folder in the package; a face whose files the package lacks is
 * dropped (the browser could not load it either).
 */
function inlineSheetFonts(css, sheetPath, counts) {
  return css.replace(/@font-face\s*\{[^}]*\}/gi, (block) => {
    const sources = [
      ...block.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)\s*(?:format\(\s*['"]?([\w-]+)['"]?\s*\))?/gi),
    ]
      .map((m) => ({ url: m[1], format: m[2] }))
      .filter((x) => !x.url.startsWith('data:') && x.format in FONT_TYPES);
    for (const format of ['woff2', 'woff', 'truetype']) {
      const source = sources.find((x) => x.format === format);
      const file = source && join(dirname(sheetPath), source.url.split(/[?#]/)[0]);
      if (!file || !existsSync(file)) continue;
      counts.inlined++;
      const data = readFileSync(file).toString('base64');
      return block.replace(
        /src\s*:[^;}]*(;|(?=\}))(?:\s*src\s*:[^;}]*(;|(?=\})))*/i,
        `src:url(data:${FONT_TYPES[format]};base64,${data}) format("${format}")$1`,
      );
    }
    counts.dropped++;
    return '';
  });
}

/** A Google Fonts link's families as (family, weight, style) faces: the css (`Lato:400,700italic`) and css2 APIs. */
function googleFaces(href) {
  const url = new URL(href.replace(/^\/\//, 'https://').replaceAll('&amp;', '&'));
  const faces = [];
  const families = url.pathname.endsWith('css2')
    ? url.searchParams.getAll('family')
    : (url.searchParams.get('family') ?? '').split('|');
  for (const spec of families) {
    const [family, variants = ''] = spec.split(':');
    if (url.pathname.endsWith('css2')) {
      const [axes, tuples = '400'] = variants.includes('@')
        ? variants.split('@')
        : ['wght', variants || '400'];
      const names = axes.split(',');
      for (const tuple of tuples.split(';')) {
        const values = tuple.split(',');
        const ital = names.includes('ital') ? values[names.indexOf('ital')] : '0';
        const wght = names.includes('wght') ? values[names.indexOf('wght')] : '400';
        faces.push({ family, weight: Number(wght), style: ital === '1' ? 'italic' : 'normal' });
      }
    } else {
      for (const v of (variants || '400').split(',')) {
        const weight = Number(/\d+/.exec(v)?.[0] ?? (v.startsWith('bold') ? 700 : 400));
        faces.push({ family, weight, style: /italic|i$/.test(v) ? 'italic' : 'normal' });
      }
    }
  }
  return faces;
}

/**
 * `fonts: true` documents: Google Fonts links and @imports replaced by @font-face rules of the same families,
 * weights and styles (latin subset, woff2) from the @fontsource packages, inlined as data: URIs.
 */
function inlineGoogleFonts(html, changes) {
  const used = [];
  const missing = [];
  const rules = (href) =>
    googleFaces(href)
      .map(({ family, weight, style }) => {
        const id = family.replaceAll('+', ' ').toLowerCase().replaceAll(' ', '-');
        const file = join(
          TOOLS,
          'node_modules/@fontsource',
          id,
          'files',
          `${id}-latin-${weight}-${style}.woff2`,
        );
        if (!existsSync(file)) {
          missing.push(`${family} ${weight} ${style}`);
          return '';
        }
        const version = JSON.parse(
          readFileSync(join(TOOLS, 'node_modules/@fontsource', id, 'package.json'), 'utf8'),
        ).version;
        if (!used.includes(`@fontsource/${id}@${version}`)) used.push(`@fontsource/${id}@${version}`);
        const name = family.replaceAll('+', ' ');
        return `@font-face{font-family:'${name}';font-style:${style};font-weight:${weight};src:url(data:font/woff2;base64,${readFileSync(file).toString('base64')}) format("woff2")}`;
      })
      .join('\n');
  const google = /(?:https?:)?\/\/fonts\.googleapis\.com\/css2?\?[^"')\s]+/;
  const out = html
    .replace(
      new RegExp(`<link\\b[^>]*href\\s*=\\s*["'](${google.source})["'][^>]*>`, 'gi'),
      (_, href) => `<style>\n${rules(href)}\n</style>`,
    )
    .replace(
      new RegExp(`@import\\s+(?:url\\(\\s*)?['"]?(${google.source})['"]?\\s*\\)?\\s*;?`, 'gi'),
      (_, href) => rules(href),
    );
  if (used.length)
    changes.push(
      `Google Fonts link(s) replaced by @font-face rules of the same faces (latin, woff2) from ${used.join(', ')}, inlined as data: URIs`,
    );
  if (missing.length) changes.push(`Google Fonts faces not in @fontsource, left out: ${missing.join(', ')}`);
  return out;
}

/** `<link rel=stylesheet>`: the repository's file or the published package's file inlined; others removed. */
function inlineStyleSheets(html, doc, changes) {
  const inlined = [];
  const dropped = [];
  const fontCounts = { inlined: 0, dropped: 0 };
  const out = html.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/rel\s*=\s*["']?stylesheet/i.test(tag))
      return /rel\s*=\s*["']?(?:shortcut )?icon/i.test(tag) ? '' : tag;
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] ?? '';
    const swatch = BOOTSWATCH.exec(href);
    const theme = swatch && npmFile('bootswatch', '3.3.7', `${swatch[1]}/${swatch[2]}`);
    if (theme) {
      inlined.push(`bootswatch@${theme.version}/${swatch[1]}/${swatch[2]} (npm, for ${href})`);
      return `<style>\n${theme.css}\n</style>`;
    }
    const cdns = [...CDN.map((re, i) => [re, i < 2 ? 'dist/' : '']), ...(doc.fonts ? FONT_CDN : [])];
    for (const [re, prefix] of cdns) {
      const m = re.exec(href);
      const found = m && npmFile(m[1], m[2], `${prefix}${m[3]}`);
      if (found) {
        inlined.push(`${m[1]}@${found.version}/${prefix}${m[3]} (npm)`);
        return `<style>\n${doc.fonts ? inlineSheetFonts(found.css, found.path, fontCounts) : found.css}\n</style>`;
      }
    }
    if (!/^(?:https?:)?\/\//.test(href)) {
      const local = posix.normalize(posix.join(posix.dirname(doc.path), href.split(/[?#]/)[0]));
      const path = doc.styleAliases?.[local] ?? local;
      if (exists(doc.repo, path)) {
        inlined.push(path);
        return `<style>\n${show(doc.repo, path).toString('utf8')}\n</style>`;
      }
    }
    dropped.push(href);
    return '';
  });
  if (inlined.length) changes.push(`style sheets inlined as <style>: ${inlined.join(', ')}`);
  if (fontCounts.inlined)
    changes.push(
      `${fontCounts.inlined} @font-face font(s) of those sheets inlined as data: URIs (from the same package)`,
    );
  if (fontCounts.dropped)
    changes.push(
      `${fontCounts.dropped} @font-face rule(s) of those sheets dropped (no font file in the package)`,
    );
  if (dropped.length) changes.push(`style sheets not available removed: ${dropped.join(', ')}`);
  return out;
}

// ---------------------------------------------------------------- size in git

/**
 * Pictures inlined from the repositories, re-encoded to keep the corpus small in git: over 24 KB, an opaque one
 * becomes a JPEG of quality 55 and one with transparency a 64-colour PNG, at the same pixel size (so unsized
 * images keep their natural size) unless wider than 1200 px (then 1200 px wide: the retina-size pictures of MJML
 * e-mails, shown at the width their markup gives).
 */
async function compressImages(html, changes) {
  let count = 0;
  let wide = 0;
  let before = 0;
  let after = 0;
  const parts = [];
  let last = 0;
  for (const m of html.matchAll(/data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=]+)/g)) {
    if (m[2].length < 24_000) continue;
    const input = Buffer.from(m[2], 'base64');
    const image = sharp(input);
    const { hasAlpha } = await image.stats().then((s) => ({ hasAlpha: !s.isOpaque }));
    if ((await image.metadata()).width > 1200) wide++;
    const scaled = () => sharp(input).resize({ width: 1200, withoutEnlargement: true });
    const output = hasAlpha
      ? await scaled().png({ palette: true, colours: 64, compressionLevel: 9 }).toBuffer()
      : await scaled().flatten({ background: '#ffffff' }).jpeg({ quality: 55, mozjpeg: true }).toBuffer();
    if (output.length >= input.length) continue;
    count++;
    before += input.length;
    after += output.length;
    parts.push(
      html.slice(last, m.index),
      `data:image/${hasAlpha ? 'png' : 'jpeg'};base64,${output.toString('base64')}`,
    );
    last = m.index + m[0].length;
  }
  parts.push(html.slice(last));
  if (wide)
    changes.push(
      `${wide} inlined picture(s) wider than 1200 px scaled to 1200 px wide (all are shown at a width the markup gives)`,
    );
  if (count)
    changes.push(
      `${count} inlined picture(s) re-encoded at the same pixel size to keep the corpus small (${Math.round(before / 1024)} → ${Math.round(after / 1024)} KB: opaque ones JPEG q55, transparent ones 64-colour PNG)`,
    );
  return parts.join('');
}

// ---------------------------------------------------------------- main

const onlyNames = only?.split(',');
// WIDER_PASS=docs5 (or docs6, docs7, docs8, docs9, docs10, docs11, docs12, docs13, docs14, docs15, docs16, docs17, docs18, docs19, docs20, docs21, docs22, docs23, docs24, docs25, docs26) builds that pass's documents alone (the other passes need their own mirrors and tools).
const passes = {
  docs5: docs5Documents,
  docs6: docs6Documents,
  docs7: docs7Documents,
  docs8: docs8Documents,
  docs9: docs9Documents,
  docs10: docs10Documents,
  docs12: docs12Documents,
  docs11: docs11Documents,
  docs13: docs13Documents,
  docs14: docs14Documents,
  docs15: docs15Documents,
  docs16: docs16Documents,
  docs17: docs17Documents,
  docs18: docs18Documents,
  docs19: docs19Documents,
  docs20: docs20Documents,
  docs21: docs21Documents,
  docs22: docs22Documents,
  docs23: docs23Documents,
  docs24: docs24Documents,
  docs25: docs25Documents,
  docs26: docs26Documents,
};
const docs = (passes[process.env.WIDER_PASS]?.() ?? documents()).filter(
  (d) => !onlyNames || onlyNames.some((n) => d.name.includes(n)),
);
const commits = {};
const written = [];
for (const doc of docs) {
  if (!doc.commit) commits[doc.repo] ??= commitOf(doc.repo);
  const changes = [];
  let html = doc.build ? await doc.build() : show(doc.repo, doc.path).toString('utf8');
  if (doc.note) changes.push(doc.note);
  if (doc.buildChanges) changes.push(...doc.buildChanges);
  // A page a site generator already built shows template syntax as text (a docs page about Liquid or Hugo's
  // shortcodes): its braces are content, not placeholders (docs17.mjs's `built`).
  const filled = doc.built ? html : fillPlaceholders(html);
  if (filled !== html) changes.push('template placeholders filled with sample values');
  html = filled;
  // The sample résumé has no picture: a theme writing `src={{image}}` unquoted gives `src=` and then white space,
  // which HTML reads as taking the next attribute for the URL (`alt="avatar"`, a file no one has). Written as the
  // empty source the theme meant, which both engines show as a missing picture.
  if (doc.fonts && /\ssrc=\s+[a-z-]+=/i.test(html)) {
    html = html.replace(/(\s)src=(\s+)(?=[a-z-]+=)/gi, '$1src=""$2');
    changes.push('unquoted empty src= (the sample has no picture) written as src=""');
  }
  // Google Fonts links before the other sheets (which would drop them), and @imports of the sheets inlined after.
  if (doc.fonts) html = inlineGoogleFonts(html, changes);
  if (!doc.commit || doc.npm) html = inlineStyleSheets(html, doc, changes);
  if (doc.fonts) html = inlineGoogleFonts(html, changes);
  html = stripExternal(html, changes);
  // Remote frames: Chromium's error page without a network, not the document (remote-frames.mjs).
  html = stripRemoteFrames(html, changes);
  html = stripRemotePosters(html, changes);
  html = stripRemoteSources(html, changes);
  const imageDoc = { ...doc, path: doc.imagesFrom ?? doc.path };
  html =
    doc.repo === 'keycloak/keycloak' || doc.repo === 'TryGhost/Ghost' || (doc.npm && !doc.placeholders)
      ? html
      : await compressImages(await inlineImages(html, imageDoc, changes), changes);
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
    group: doc.group,
    ...(doc.script ? { script: doc.script } : {}),
    kind: doc.kind,
    description: `${doc.kind}: ${doc.repo} ${doc.path}`,
    source: {
      repository: `https://github.com/${doc.repo}`,
      path: doc.path,
      commit: doc.commit ?? commits[doc.repo],
      licence: doc.licence,
    },
    changes,
  };
  writeFileSync(join(dir, 'case.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`${doc.name.padEnd(40)} ${meta.width}×${meta.height}`);
}
await chromium.close();
mkdirSync(join(here, 'LICENSES'), { recursive: true });
for (const repo of Object.keys(commits)) {
  for (const file of ['LICENSE', 'LICENSE.md', 'LICENSE-MIT', 'license.txt', 'NOTICE']) {
    if (exists(repo, file))
      writeFileSync(join(here, 'LICENSES', `${repo.replace('/', '+')}-${file}`), show(repo, file));
  }
}

// A pass's builders need that pass's tools: only the pass being built (or all of them) is asked for its licences.
const inPass = (pass) => !process.env.WIDER_PASS || process.env.WIDER_PASS === pass;
for (const [file, bytes] of paperLicences(docs.filter((d) => d.mirrored)))
  writeFileSync(join(here, 'LICENSES', file), bytes);
if (!process.env.WIDER_PASS && docs.some((d) => docs4Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs4Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (!process.env.WIDER_PASS && docs.some((d) => printdocsDocuments().some((x) => x.name === d.name)))
  for (const [file, bytes] of printdocsLicences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs5') && docs.some((d) => docs5Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs5Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs6') && docs.some((d) => docs6Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs6Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs7') && docs.some((d) => docs7Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs7Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs9') && docs.some((d) => docs9Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs9Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs8') && docs.some((d) => docs8Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs8Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs10') && docs.some((d) => docs10Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs10Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs12') && docs.some((d) => docs12Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs12Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs11') && docs.some((d) => docs11Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs11Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs13') && docs.some((d) => docs13Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs13Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs14') && docs.some((d) => docs14Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs14Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs15') && docs.some((d) => docs15Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs15Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs16') && docs.some((d) => docs16Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs16Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs17') && docs.some((d) => docs17Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs17Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs18') && docs.some((d) => docs18Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs18Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs19') && docs.some((d) => docs19Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs19Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs20') && docs.some((d) => docs20Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs20Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs21') && docs.some((d) => docs21Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs21Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs22') && docs.some((d) => docs22Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs22Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs23') && docs.some((d) => docs23Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs23Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs24') && docs.some((d) => docs24Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs24Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs25') && docs.some((d) => docs25Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs25Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);
if (inPass('docs26') && docs.some((d) => docs26Documents().some((x) => x.name === d.name)))
  for (const [file, bytes] of docs26Licences()) writeFileSync(join(here, 'LICENSES', file), bytes);

// npm packages whose files are in the documents (style sheets, compiled output, the sample résumé): their licences.
for (const pkg of [
  'bulma',
  '@picocss/pico',
  'pico1',
  'bootstrap',
  'bootstrap3',
  'foundation-emails',
  'inky',
  '@usewaypoint/email-builder',
  'react-email',
  '@jsonresume/schema',
  'jsonresume-theme-even',
  'jsonresume-theme-stackoverflow',
  'jsonresume-theme-flat',
  'jsonresume-theme-paper',
  'jsonresume-theme-class',
  'jsonresume-theme-macchiato',
  'jsonresume-theme-elegant',
  'jsonresume-theme-kendall',
  'jsonresume-theme-onepage',
  'jsonresume-theme-short',
  'jsonresume-theme-spartacus',
  'jsonresume-theme-caffeine',
  'jsonresume-theme-slick',
  'jsonresume-theme-modern',
  'jsonresume-theme-crisp',
  'jsonresume-theme-classy',
  ...[
    'latte',
    'direct',
    'eloquent',
    'papirus',
    'rnord',
    'simple-red',
    'actual',
    'straightforward',
    'minyma',
    'relaxed',
    'ace',
    'autumn',
    'orbit',
    'kards',
    'eventide',
    'standard-resume',
    'compact',
  ].map((t) => `jsonresume-theme-${t}`),
  'font-awesome',
  'font-awesome-4.1.0',
  'bootstrap-3.3.7',
  'bootstrap-3.2.0',
  'flexboxgrid',
  '@fontsource/roboto-slab',
  '@fontsource/ubuntu',
  '@fontsource/roboto',
  '@fontsource/lato',
  '@fontsource/open-sans',
  'bootswatch',
  'bootstrap3',
  'normalize.css',
]) {
  const dir = join(TOOLS, 'node_modules', pkg);
  if (!existsSync(dir)) continue;
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  writeFileSync(
    join(here, 'LICENSES', `npm+${meta.name.replace('/', '+')}@${meta.version}-LICENSE`),
    file
      ? readFileSync(join(dir, file))
      : `${meta.name}@${meta.version}: package.json declares "license": "${meta.license}"; the package ships no licence file.\n`,
  );
}

// README.md: every case with its source, commit, licence and part (tuning or held out).
const all = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'case.json')))
  .map((d) => ({ name: d.name, ...JSON.parse(readFileSync(join(here, d.name, 'case.json'), 'utf8')) }))
  .sort((a, b) => a.name.localeCompare(b.name));
const perSource = {};
for (const c of all) {
  const key = `${c.source.repository}\t${c.source.licence}`;
  perSource[key] = (perSource[key] ?? 0) + 1;
}
const heldOut = all.filter((c) => isHeldOut(c.name)).length;
writeFileSync(
  join(here, 'README.md'),
  `# Wider fidelity corpus (issues 40 and 41)

${all.length} documents from public repositories under open licences (permissive ones, and for manuals of the Debian
packages in \`docs26.mjs\` also copyleft ones: GPL, LGPL, MPL, GFDL, CC-BY-SA) that the project had not used before
(licence texts in LICENSES/; for Keycloak and Ghost, whose repositories are too large to mirror here, the files
were read from the public index and the licence texts are the standard Apache-2.0 and MIT texts their
repositories carry; so were the files of paper.css, the WeasyPrint samples, Indico and Anvil, copied to copies/
with their commits; Docusaurus's repository is too large as well: its classic template comes from its npm package
create-docusaurus, whose gitHead is the commit recorded, and its licence is the one its packages carry; \`npm+…\` files are the licences of the npm packages whose files are in documents: framework
style sheets, compiled output, JSON Resume themes and the sample résumé). Kinds: e-mails of other builders
(Cerberus, Antwort, MJML via ColorlibHQ, Foundation for Emails' Inky, Waypoint's email-builder, react-email,
Keycloak, Ghost) and hand-written table e-mails (konsav), CSS frameworks' example pages (Bulma, Pico, Spectre,
Materialize, Skeleton, Bootstrap's Arabic checkout), documents (invoices, receipts, a printable event ticket, a boarding pass, a certificate of attendance, letters, a report,
résumés, articles and handouts of document styles (LaTeX.css, Tufte CSS, Tufte Pandoc CSS, Vivliostyle's Scholarly HTML sample), HTML-to-PDF tools' example pages (html-pdf's
business card, WeasyPrint's poster, flyer and book), slide decks (Vivliostyle's) and admin templates' invoice pages (AdminLTE, Gentelella): \`papers.mjs\`; markdown and article themes' demo articles (markdowncss, github-markdown-css, The Monospace Web), classless document sheets' pages (Simple.css, Marx, sakura, tacit) and HTML résumé templates (Start Bootstrap, Owen Gretzinger's): \`docs7.mjs\`; hand-written HTML/CSS résumé and CV templates with their web and icon fonts: \`docs9.mjs\`; demo and documentation pages of classless document sheets (Water.css, new.css, MVP.css, awsm.css, Bamboo, concrete.css, Almond.CSS, classless.css, writ): \`docs10.mjs\`; JSON Resume themes and FRESH themes built by HackMyResume on photo, long and short variants of the sample résumé: \`docs11.mjs\`; hand-written résumés, academic CVs and CV pages (latex2html's academic site, moderncv-like and A4 CVs, HTML5 UP's Read Only): \`docs12.mjs\`; print documents and articles — pandoc theme pages, W3C technical-report sheets, Standard Ebooks chapters, xml2rfc's RFC outputs, Gutenberg's print sheet as printed, blog themes' posts: \`docs13.mjs\`; résumés and print documents — DocRaptor's HTML-to-PDF templates (book, brochure, estimate, form, invoice, packing slip, proposal, menu, résumé), a one-page A4 CV, a pandoc-built markdown résumé, Paged.js print demos: \`docs14.mjs\`; résumés and CVs of markdown résumé generators and CV sheets — md2resume's templates on its samples (English, long, Chinese), markdown-cv's two styles on screen and as printed, cssume, resume.md: \`docs15.mjs\`; articles, documentation pages and markdown renderings — Hello, CSS!'s README and demo, SPCSS, MCSS's and markdown-css's READMEs rendered by markdown-it and pandoc, yue.css and typo.css (Chinese) demo articles, the Tachyons site's article components and typography docs: \`docs16.mjs\`; articles and documentation pages as static-site generators write them out — Jekyll themes' posts and homes (Hyde, Lanyon, Minima), Hugo themes' exampleSite pages (Terminal, Archie, Book), Sphinx documentation (Alabaster's docs, the Read the Docs theme's demo): \`docs17.mjs\`; slide decks, a book and résumés — Shower's themes in list mode, WebSlides' demo decks, marp-core's themes, pandoc-book-template's book, Joel Glovier's Jekyll résumé template (on screen and as printed), devportfolio: \`docs18.mjs\`; documentation pages as other documentation tools write them out — pdoc's API pages (its rendered test fixtures), MkDocs' own docs in its mkdocs and readthedocs themes, Material for MkDocs' reference pages, Sphinx with Furo (its kitchen sink): \`docs19.mjs\`; articles as other blog engines' themes write them out — Hugo themes' example sites (PaperMod's posts and home, Ananke's, Coder's), GitHub Pages' Jekyll themes' demo pages (Cayman, Minimal): \`docs20.mjs\`; technical articles as document tools write them out — Docutils' HTML writers with their own sheets (plain, responsive, tuftig, html4css1) on its docs, Asciidoctor's default sheet on its README, syntax reference and docs: \`docs21.mjs\`; technical articles as more document tools write them out — Jupyter notebooks exported by nbconvert's lab template (one in its dark theme), markdown documents by pandoc's default standalone template (the TOML specification, marked's docs), LaTeX articles by LaTeXML: \`docs22.mjs\`; articles and documentation pages as Org mode's HTML export (Doom Emacs's docs), the Eleventy base blog, mandoc (tmux(1), ksh(1)) and Sphinx's PyData theme (Furo's kitchen sink) write them out: \`docs23.mjs\`; documentation sites as today's JavaScript documentation tools write them out — VitePress's own docs in its default theme, Docusaurus's classic template (home, docs, a blog post), Astro Starlight's own docs: \`docs24.mjs\`; manuals and references as Debian packages them for reading offline — SQLite's, the Apache HTTP Server's (one page in Japanese), PostgreSQL's, Node.js's, Python's, Rust's (mdBook and rustdoc), Sphinx's, CMake's, libxml2's, the Z shell's, Erlang/OTP's, Flask's, Boost's, Django's, SQLAlchemy's, {fmt}'s, SCons' and DocBook XSL's documentation and Doxygen's pages of json-c and SDL 2: \`docs25.mjs\`; more of them — Git's, the Debian Reference and Administrator's Handbook (English, Arabic, Chinese), HAProxy's, BIND 9's, cppreference's, Doxygen's own, Exim's, the GIMP's, GLib's and GTK 3's, LLVM's, Octave's, R's FAQ, Java SE's javadoc, Postfix's and Celery's: \`docs26.mjs\`), and e-mails and pages in right-to-left and
complex scripts (Arabic, Persian, Urdu, Hebrew, Devanagari, Bengali, Thai, Korean, Traditional Chinese,
Japanese, Vietnamese) that mix in LTR brand names, e-mail addresses and links. Each case folder has \`index.html\` (made self-contained
as the real-world corpus's are, see \`import.mjs\`'s header) and \`case.json\` (viewport, \`group\` — e-mail,
framework page, document —, \`script\` for the right-to-left and complex-script set, source repository, path,
commit, licence, and the changes made). Built by \`import.mjs\`; scored by
\`node benchmarks/fidelity/run.mjs --corpus=wider\`.

Remote frames (\`<iframe src="https://…">\`: video players, maps, GitHub buttons) lose their \`src\` (\`remote-frames.mjs\`,
since docs41): without a network Chromium drew each as its error page, which no user's page shows. An empty frame
is what both engines draw: a transparent box of the frame's size in the UA's \`2px inset\` border (none with
\`frameborder="0"\`). The 18 documents that had remote frames were rewritten by that step alone (case.json \`changes\`
says so), and their references were made again: the tuning ones by docs41, the held-out ones by the lead's next
whole run.

Remote video posters (\`<video poster="https://…">\`) lose their \`poster\` the same way (\`stripRemotePosters\`, session
26): Chromium drew no picture there without a network, and Pictor, which loads posters since the twenty-first pass,
failed those renders on the unreachable host (a picture that cannot be fetched is an error). The 5 WebSlides
documents that had them were rewritten by that step alone and their references made again.

Remote \`<source srcset>\`s of a \`<picture>\` lose their \`srcset\` the same way (\`stripRemoteSources\`, session 27): Pictor
takes a picture's sources since then and would fail the render on the unreachable host, where Chromium drew a broken
picture; both engines then draw the picture's \`<img>\` (a placeholder). One document had one, rewritten by that step
alone, its reference made again. Chromium's references are taken once the document's pictures have loaded or
failed (\`loading="lazy"\` ones too, which do not hold the load event back; session 27).

## Held-out part

**Rule, fixed before any scoring:** a case is held out when the first four bytes of the SHA-256 of its folder name,
read as a big-endian unsigned integer, are **0 or 1 modulo 5** (2 in 5 expected; \`corpus-split.mjs\`
\`isHeldOut\`). ${heldOut} of ${all.length} cases are held out now. Held-out cases are
reported apart by \`run.mjs\` and must never be tuned against: do not open their images, do not reduce them to
repros, do not look at their scores per case; fix causes found on the tuning part, then read the held-out means.
\`--held-out=exclude\` runs the tuning part only.

| source | licence | documents |
|---|---|---|
${Object.entries(perSource)
  .map(([k, n]) => {
    const [repo, licence] = k.split('\t');
    return `| ${repo} | ${licence} | ${n} |`;
  })
  .join('\n')}

| case | group | script | part | viewport | source (path @ commit) | licence |
|---|---|---|---|---|---|---|
${all
  .map(
    (c) =>
      `| ${c.name} | ${c.group} | ${c.script ?? ''} | ${isHeldOut(c.name) ? 'held out' : 'tuning'} | ${c.width}×${c.height} | ${c.source.repository.replace('https://github.com/', '')} \`${c.source.path}\` @ ${c.source.commit.slice(0, 10)} | ${c.source.licence} |`,
  )
  .join('\n')}
`,
);
