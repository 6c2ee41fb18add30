/**
 * Issue 41's session-33 pass (manuals, references and handbooks): documentation pages as seventeen more projects
 * publish them for reading offline, from the HTML that Debian bookworm's documentation packages install
 * (`apt-get install --no-install-recommends git-doc debian-reference-en debian-handbook haproxy-doc bind9-doc
 * cppreference-doc-en-html doxygen-doc exim4-doc-html gimp-help-en libglib2.0-doc libgtk-3-doc llvm-15-doc
 * octave-doc openjdk-17-doc postfix-doc python-celery-doc r-doc-html`), none of them used before:
 *
 * - Git's manual pages and tutorial (git-doc, GPL-2) as AsciiDoc (the Python one) writes them;
 * - the Debian Reference (debian-reference-en, GPL-2+) and the Debian Administrator's Handbook (debian-handbook,
 *   GPL-2+ or CC-BY-SA-3.0) as DocBook and Publican write them, the handbook in English, Arabic (right to left) and
 *   Chinese;
 * - HAProxy's starter guide (haproxy-doc, GPL-2+) in its own HTML converter's Bootstrap page;
 * - BIND 9's administrator reference manual (bind9-doc, MPL-2.0) in Sphinx's Read the Docs theme;
 * - cppreference.com's offline archive (cppreference-doc-en-html, CC-BY-SA-3.0 or GFDL): MediaWiki's pages;
 * - Doxygen's own manual (doxygen-doc, GPL-2) as Doxygen writes it;
 * - Exim's specification (exim4-doc-html, GPL-2+) as its xfpt/DocBook chain writes it;
 * - the GIMP's user manual (gimp-help-en, GFDL-1.2+) as DocBook writes it with the project's sheet;
 * - GLib's and GTK 3's API references (libglib2.0-doc, libgtk-3-doc, LGPL-2.1+) as gtk-doc writes them;
 * - LLVM's documentation (llvm-15-doc, Apache-2.0 with LLVM exception) in its Sphinx theme;
 * - GNU Octave's manual (octave-doc, GPL-3+) and R's FAQ (r-doc-html, GPL-2) as texi2any writes them;
 * - the Java SE 17 API (openjdk-17-doc, GPL-2 with the Classpath exception) as javadoc writes it;
 * - Postfix's READMEs (postfix-doc, IPL-1.0 or EPL-2.0): hand-written HTML of the 2000s;
 * - Celery's documentation (python-celery-doc, BSD-3-Clause) in its Sphinx theme.
 *
 * The pages were chosen, and the case names fixed, before any rendering or split (pages of ordinary length of each
 * manual, the handbook's one section in three languages); none is dropped after rendering. Each is read and made
 * self-contained by debian-docs.mjs as in docs25.mjs; import.mjs does the rest as for every case (scripts removed,
 * remote pictures → placeholders of the same size, the viewport height measured in Chromium).
 *
 * Run (after the `apt-get install` above) `WIDER_PASS=docs26 node benchmarks/fidelity/wider/import.mjs`.
 */
import { debianLicences, debianPages } from './debian-docs.mjs';

const SMALL = 1024;
const SCREEN = 1280;

/** Each package: Debian package, upstream repository, folder of its HTML, licence as its copyright file says. */
const PACKAGES = {
  git: ['git-doc', 'git/git', '/usr/share/doc/git-doc', 'GPL-2'],
  debref: ['debian-reference-en', 'debian/debian-reference', '/usr/share/debian-reference', 'GPL-2+'],
  handbook: [
    'debian-handbook',
    'debian/debian-handbook',
    '/usr/share/doc/debian-handbook/html',
    'GPL-2+ or CC-BY-SA-3.0',
  ],
  haproxy: ['haproxy-doc', 'haproxy/haproxy', '/usr/share/doc/haproxy/html', 'GPL-2+'],
  bind9: ['bind9-doc', 'isc-projects/bind9', '/usr/share/doc/bind9-doc/arm', 'MPL-2.0'],
  cppreference: [
    'cppreference-doc-en-html',
    'p12tic/cppreference-doc',
    '/usr/share/cppreference/doc/html/en',
    'CC-BY-SA-3.0 or GFDL',
  ],
  doxygen: ['doxygen-doc', 'doxygen/doxygen', '/usr/share/doc/doxygen/html', 'GPL-2'],
  exim: ['exim4-doc-html', 'Exim/exim', '/usr/share/doc/exim4-doc-html/spec_html', 'GPL-2+'],
  gimp: ['gimp-help-en', 'GNOME/gimp-help', '/usr/share/gimp/2.0/help/en', 'GFDL-1.2+'],
  glib: ['libglib2.0-doc', 'GNOME/glib', '/usr/share/gtk-doc/html/glib', 'LGPL-2.1+'],
  gtk: ['libgtk-3-doc', 'GNOME/gtk', '/usr/share/gtk-doc/html/gtk3', 'LGPL-2.1+'],
  llvm: [
    'llvm-15-doc',
    'llvm/llvm-project',
    '/usr/share/doc/llvm-15-doc/html',
    'Apache-2.0 WITH LLVM-exception',
  ],
  octave: ['octave-doc', 'gnu-octave/octave', '/usr/share/doc/octave/octave.html', 'GPL-3+'],
  r: ['r-doc-html', 'wch/r-source', '/usr/share/R/doc/manual', 'GPL-2'],
  java: [
    'openjdk-17-doc',
    'openjdk/jdk17u',
    '/usr/share/doc/openjdk-17-jre-headless/api',
    'GPL-2 WITH Classpath-exception',
  ],
  postfix: ['postfix-doc', 'vdukhovni/postfix', '/usr/share/doc/postfix/html', 'IPL-1.0 or EPL-2.0'],
  celery: ['python-celery-doc', 'celery/celery', '/usr/share/doc/python-celery-doc/html', 'BSD-3-Clause'],
};

/** Debian's bind9-doc installs the manual's `_static/` one folder deeper (`_static/_static/`) than its pages link. */
const BIND_STATIC = {
  from: '_static/',
  to: '_static/_static/',
  change:
    "the pages' _static/ files read from _static/_static/, where Debian's bind9-doc installs them (the pages link _static/)",
};

/**
 * javadoc's pages are a fixed shell as tall as the window, their content scrolled inside it, so the document's own
 * height (import.mjs's measure) is the window's: their viewport is a screen's height instead.
 */
const JAVADOC_SCREEN = 1000;

const page = debianPages(PACKAGES);

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs26Documents() {
  return [
    page('git', {
      name: 'git-manpage-commit',
      path: 'git-commit.html',
      width: SMALL,
      kind: "manual page (Git's git-commit as AsciiDoc writes it: its default sheet, definition lists, listings)",
    }),
    page('git', {
      name: 'git-tutorial',
      path: 'gittutorial.html',
      width: SMALL,
      kind: "tutorial (Git's gittutorial as AsciiDoc writes it: prose with shell listings)",
    }),
    page('debref', {
      name: 'debian-reference-ch03',
      path: 'ch03.en.html',
      width: SMALL,
      kind: 'handbook chapter (the Debian Reference, system initialization: DocBook, tables, tips)',
    }),
    page('handbook', {
      name: 'debian-handbook-apt-get-en',
      path: 'en-US/sect.apt-get.html',
      width: SMALL,
      kind: "handbook section (the Debian Administrator's Handbook on apt-get: Publican's sheet, sidebars, screens)",
    }),
    page('handbook', {
      name: 'debian-handbook-apt-get-ar',
      path: 'ar-MA/sect.apt-get.html',
      width: SMALL,
      kind: "handbook section, right to left (the Debian Administrator's Handbook on apt-get, Arabic translation)",
    }),
    page('handbook', {
      name: 'debian-handbook-apt-get-zh',
      path: 'zh-CN/sect.apt-get.html',
      width: SMALL,
      kind: "handbook section in Chinese (the Debian Administrator's Handbook on apt-get, Chinese translation)",
    }),
    page('haproxy', {
      name: 'haproxy-intro',
      path: 'intro.html',
      width: SCREEN,
      kind: "starter guide (HAProxy's intro.txt as its converter writes it: a Bootstrap page with a fixed menu)",
    }),
    page('bind9', {
      name: 'bind9-arm-introduction',
      path: 'chapter1.html',
      files: BIND_STATIC,
      width: SCREEN,
      kind: "manual chapter (BIND 9's administrator reference manual: Sphinx, Read the Docs theme)",
    }),
    page('bind9', {
      name: 'bind9-arm-resource-requirements',
      path: 'chapter2.html',
      files: BIND_STATIC,
      width: SCREEN,
      kind: "manual chapter (BIND 9's administrator reference manual on resource requirements: a short page)",
    }),
    page('cppreference', {
      name: 'cppreference-vector',
      path: 'cpp/container/vector.html',
      width: SCREEN,
      kind: "reference page (cppreference.com's std::vector: MediaWiki's page, member tables, navigation boxes)",
    }),
    page('cppreference', {
      name: 'cppreference-sort',
      path: 'cpp/algorithm/sort.html',
      width: SCREEN,
      kind: "reference page (cppreference.com's std::sort: declarations, parameters, example and output)",
    }),
    page('doxygen', {
      name: 'doxygen-manual-install',
      path: 'install.html',
      width: SMALL,
      kind: "manual page (Doxygen's own installation chapter as Doxygen writes it: its header, tree of contents)",
    }),
    page('doxygen', {
      name: 'doxygen-manual-docblocks',
      path: 'docblocks.html',
      width: SMALL,
      kind: "manual page (Doxygen's documenting the code: code fragments, notes)",
    }),
    page('exim', {
      name: 'exim-spec-building',
      path: 'ch-building_and_installing_exim.html',
      width: SMALL,
      kind: "specification chapter (Exim's building and installing: its own sheet, literal layouts)",
    }),
    page('exim', {
      name: 'exim-spec-utilities',
      path: 'ch-exim_utilities.html',
      width: SMALL,
      kind: "specification chapter (Exim's utilities: option tables, command examples)",
    }),
    page('gimp', {
      name: 'gimp-help-crop-tool',
      path: 'gimp-tool-crop.html',
      width: SMALL,
      kind: "user manual page (the GIMP's crop tool: DocBook, figures with screenshots, option lists)",
    }),
    page('gimp', {
      name: 'gimp-help-gaussian-blur',
      path: 'gimp-filter-gaussian-blur.html',
      width: SMALL,
      kind: "user manual page (the GIMP's Gaussian blur filter: figures, parameter lists)",
    }),
    page('glib', {
      name: 'glib-hash-tables',
      path: 'glib-Hash-Tables.html',
      width: SCREEN,
      kind: "API reference page (GLib's hash tables as gtk-doc writes them: function tables, signatures)",
    }),
    page('gtk', {
      name: 'gtk3-button',
      path: 'GtkButton.html',
      width: SCREEN,
      kind: "API reference page (GTK 3's GtkButton as gtk-doc writes it: object hierarchy, property tables)",
    }),
    page('llvm', {
      name: 'llvm-getting-started',
      path: 'GettingStarted.html',
      width: SCREEN,
      kind: "documentation page (LLVM's getting started: its Sphinx theme, tables of requirements, code)",
    }),
    page('llvm', {
      name: 'llvm-coding-standards',
      path: 'CodingStandards.html',
      width: SCREEN,
      kind: "documentation page (LLVM's coding standards: long prose, code examples)",
    }),
    page('octave', {
      name: 'octave-basic-vectorization',
      path: 'Basic-Vectorization.html',
      width: SMALL,
      kind: "manual page (GNU Octave's basic vectorization as texi2any writes it: examples, navigation header)",
    }),
    page('octave', {
      name: 'octave-simple-examples',
      path: 'Simple-Examples.html',
      width: SMALL,
      kind: "manual page (GNU Octave's simple examples: headings, code, a figure reference)",
    }),
    page('r', {
      name: 'r-faq',
      path: 'R-FAQ.html',
      width: SMALL,
      kind: "FAQ (R's FAQ as texi2any writes it: the whole manual on one page, its table of contents first)",
    }),
    page('java', {
      name: 'javadoc-arraylist',
      path: 'java.base/java/util/ArrayList.html',
      width: SCREEN,
      height: JAVADOC_SCREEN,
      kind: 'API reference page (the Java SE 17 ArrayList as javadoc writes it: header bar, summary tables)',
    }),
    page('java', {
      name: 'javadoc-java-util-package',
      path: 'java.base/java/util/package-summary.html',
      width: SCREEN,
      height: JAVADOC_SCREEN,
      kind: 'API reference page (the Java SE 17 java.util package summary: striped tables of classes)',
    }),
    page('postfix', {
      name: 'postfix-basic-configuration',
      path: 'BASIC_CONFIGURATION_README.html',
      width: SMALL,
      kind: "README (Postfix's basic configuration: hand-written HTML of the 2000s, blockquoted examples)",
    }),
    page('postfix', {
      name: 'postfix-standard-configuration',
      path: 'STANDARD_CONFIGURATION_README.html',
      width: SMALL,
      kind: "README (Postfix's standard configuration examples: a table of contents, bordered examples)",
    }),
    page('celery', {
      name: 'celery-first-steps',
      path: 'getting-started/first-steps-with-celery.html',
      width: SCREEN,
      kind: "documentation page (Celery's first steps: its Sphinx theme, sidebar, code, notes)",
    }),
    page('celery', {
      name: 'celery-introduction',
      path: 'getting-started/introduction.html',
      width: SCREEN,
      kind: "documentation page (Celery's introduction: feature lists, a table of frameworks)",
    }),
  ];
}

/** Each package's Debian copyright file: [file name, bytes]. */
export function docs26Licences() {
  return debianLicences(PACKAGES);
}
