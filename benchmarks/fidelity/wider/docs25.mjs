/**
 * Issue 41's session-32 pass (manuals and references): documentation pages as twenty projects publish them for
 * reading offline, from the HTML manuals Debian bookworm packages (`apt-get install sqlite3-doc apache2-doc
 * postgresql-doc-15 nodejs-doc python3.11-doc rust-doc sphinx-doc cmake-doc libxml2-doc zsh-doc
 * erlang-doc python-flask-doc libboost1.74-doc python-django-doc python-sqlalchemy-doc libjson-c-doc
 * libsdl2-doc scons-doc docbook-xsl-doc-html libfmt-doc`), none of them used before:
 *
 * - SQLite's documentation (sqlite3-doc, public domain): its own hand-written sheet, syntax diagrams, long tables;
 * - the Apache HTTP Server's manual (apache2-doc, Apache-2.0): its XSLT-built pages with the manual's sheet, one in
 *   Japanese;
 * - PostgreSQL's documentation (postgresql-doc-15, the PostgreSQL licence): DocBook's HTML with the project's sheet;
 * - Node.js's API reference (nodejs-doc, MIT): its generator's pages with a fixed sidebar;
 * - Python's documentation (python3.11-doc, PSF-2.0): Sphinx with python-docs-theme;
 * - Rust's documentation (rust-doc, MIT or Apache-2.0): The Rust Programming Language as mdBook writes it, and a
 *   rustdoc page of the standard library with its web fonts;
 * - Sphinx's own documentation (sphinx-doc, BSD-2-Clause) in its sphinx13 theme, CMake's manual (cmake-doc,
 *   BSD-3-Clause) in its Sphinx theme, Flask's documentation (python-flask-doc, BSD-3-Clause) in the Pallets theme;
 * - libxml2's old web pages (libxml2-doc, MIT): a table-laid-out site of the 2000s;
 * - the Z shell's manual (zsh-doc, the Zsh licence, MIT-like) as texi2any writes it;
 * - Erlang/OTP's reference manual (erlang-doc, Apache-2.0) as its docgen writes it;
 * - Boost's library documentation (libboost1.74-doc, BSL-1.0) as BoostBook writes it;
 * - Django's documentation (python-django-doc, BSD-3-Clause) in its djangodocs theme, SQLAlchemy's
 *   (python-sqlalchemy-doc, MIT) in its zzzeeksphinx theme, {fmt}'s (libfmt-doc, MIT) in its Bootstrap-based theme;
 * - Doxygen's HTML of json-c (libjson-c-doc, MIT) and SDL 2 (libsdl2-doc, zlib);
 * - SCons' user guide (scons-doc, MIT) and the DocBook XSL stylesheets' reference (docbook-xsl-doc-html, X11) as
 *   DocBook's HTML writes them.
 *
 * ImageMagick 6's web site (imagemagick-6-doc) was chosen too and left out before any of its pages was scored: Debian's
 * package leaves out the style sheet its pages link (`www/css/magick.css`), so they are not what a reader of the site
 * sees. The Z shell's `Parameter-Expansion.html`, first chosen, is a redirect to `Expansion.html` (texi2any's page for
 * a node inside another), which is taken instead.
 *
 * The pages of each package were chosen, and the case names fixed, before any rendering or split; none was dropped
 * after rendering. Each page is made self-contained by papers.mjs's `selfContained` reading the package's installed
 * files (`src.read`), as docs22.mjs does with a written-out tree; import.mjs does the rest as for every case
 * (scripts removed, remote pictures → placeholders of the same size, the viewport height measured in Chromium).
 * One rewrite before that helper, recorded in the case: rustdoc's theme sheets linked `disabled` (the dark and ayu
 * themes a script turns on) are dropped, as a browser does not apply them. The source recorded is the upstream
 * repository with the Debian package and version as the commit; each package's Debian copyright file is its
 * licence text in LICENSES/.
 *
 * Run (after the `apt-get install` above) `WIDER_PASS=docs25 node benchmarks/fidelity/wider/import.mjs`. Beware: on a
 * machine whose Node.js is NodeSource's `nodejs` package, `apt-get install nodejs-doc` removes it (Debian's
 * nodejs-doc conflicts with it); there, `apt-get download nodejs-doc && dpkg-deb -x nodejs-doc_*.deb /` instead.
 */
import { debianLicences, debianPages } from './debian-docs.mjs';

const SMALL = 1024;
const SCREEN = 1280;

/** Each package: Debian package, upstream repository, folder of its HTML, licence as its copyright file says. */
const PACKAGES = {
  sqlite: ['sqlite3-doc', 'sqlite/sqlite', '/usr/share/doc/sqlite3', 'public domain'],
  httpd: ['apache2-doc', 'apache/httpd', '/usr/share/doc/apache2-doc/manual', 'Apache-2.0'],
  postgres: ['postgresql-doc-15', 'postgres/postgres', '/usr/share/doc/postgresql-doc-15/html', 'PostgreSQL'],
  node: ['nodejs-doc', 'nodejs/node', '/usr/share/doc/nodejs/api', 'MIT'],
  python: ['python3.11-doc', 'python/cpython', '/usr/share/doc/python3.11/html', 'PSF-2.0'],
  rust: ['rust-doc', 'rust-lang/rust', '/usr/share/doc/rust-doc/html', 'MIT OR Apache-2.0'],
  sphinx: ['sphinx-doc', 'sphinx-doc/sphinx', '/usr/share/doc/sphinx-doc/html', 'BSD-2-Clause'],
  cmake: ['cmake-doc', 'Kitware/CMake', '/usr/share/doc/cmake-data/html', 'BSD-3-Clause'],
  libxml2: ['libxml2-doc', 'GNOME/libxml2', '/usr/share/doc/libxml2/html', 'MIT'],
  zsh: ['zsh-doc', 'zsh-users/zsh', '/usr/share/doc/zsh-common/html', 'Zsh (MIT-like)'],
  erlang: ['erlang-doc', 'erlang/otp', '/usr/share/doc/erlang-doc/doc', 'Apache-2.0'],
  flask: ['python-flask-doc', 'pallets/flask', '/usr/share/doc/python-flask-doc/html', 'BSD-3-Clause'],
  boost: ['libboost1.74-doc', 'boostorg/boost', '/usr/share/doc/libboost1.74-doc/doc/html', 'BSL-1.0'],
  django: ['python-django-doc', 'django/django', '/usr/share/doc/python-django-doc/html', 'BSD-3-Clause'],
  sqlalchemy: [
    'python-sqlalchemy-doc',
    'sqlalchemy/sqlalchemy',
    '/usr/share/doc/python-sqlalchemy-doc/html',
    'MIT',
  ],
  jsonc: ['libjson-c-doc', 'json-c/json-c', '/usr/share/doc/libjson-c-dev/html', 'MIT'],
  sdl2: ['libsdl2-doc', 'libsdl-org/SDL', '/usr/share/doc/libsdl2-doc/html', 'Zlib'],
  scons: ['scons-doc', 'SCons/scons', '/usr/share/doc/scons/HTML', 'MIT'],
  docbookxsl: [
    'docbook-xsl-doc-html',
    'docbook/xslt10-stylesheets',
    '/usr/share/doc/docbook-xsl-doc-html/doc',
    'X11 (MIT-like)',
  ],
  fmt: ['libfmt-doc', 'fmtlib/fmt', '/usr/share/doc/libfmt-doc', 'MIT'],
};

const page = debianPages(PACKAGES);

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs25Documents() {
  return [
    page('sqlite', {
      name: 'sqlite-about',
      path: 'about.html',
      width: SMALL,
      kind: "technical article (SQLite's documentation: what SQLite is, its own sheet and page header)",
    }),
    page('sqlite', {
      name: 'sqlite-lang-select',
      path: 'lang_select.html',
      width: SMALL,
      kind: "reference page (SQLite's SELECT statement: syntax diagrams, long prose)",
    }),
    page('sqlite', {
      name: 'sqlite-whentouse',
      path: 'whentouse.html',
      width: SMALL,
      kind: "technical article (SQLite's documentation: appropriate uses, lists and prose)",
    }),
    page('sqlite', {
      name: 'sqlite-fileformat',
      path: 'fileformat2.html',
      width: SMALL,
      kind: "technical article (SQLite's database file format: bordered tables of offsets and sizes)",
    }),
    page('httpd', {
      name: 'httpd-install',
      path: 'en/install.html',
      width: SMALL,
      kind: "manual page (the Apache HTTP Server's compiling and installing: the manual's sheet, quick-reference box)",
    }),
    page('httpd', {
      name: 'httpd-mod-rewrite',
      path: 'en/mod/mod_rewrite.html',
      width: SMALL,
      kind: "reference page (the Apache HTTP Server's mod_rewrite: directive tables, code examples)",
    }),
    page('httpd', {
      name: 'httpd-ja-install',
      path: 'ja/install.html',
      width: SMALL,
      kind: "manual page in Japanese (the Apache HTTP Server's compiling and installing, Japanese translation)",
    }),
    page('postgres', {
      name: 'postgres-tutorial-select',
      path: 'tutorial-select.html',
      width: SMALL,
      kind: "manual page (PostgreSQL's tutorial on querying a table: DocBook's HTML, screens of output)",
    }),
    page('postgres', {
      name: 'postgres-datatype-numeric',
      path: 'datatype-numeric.html',
      width: SMALL,
      kind: "reference page (PostgreSQL's numeric types: a wide table, notes, examples)",
    }),
    page('postgres', {
      name: 'postgres-sql-select',
      path: 'sql-select.html',
      width: SMALL,
      kind: "reference page (PostgreSQL's SELECT command: synopsis, definition lists)",
    }),
    page('node', {
      name: 'nodejs-api-path',
      path: 'path.html',
      width: SCREEN,
      kind: "API reference page (Node.js's path module: fixed sidebar, table of contents, code blocks)",
    }),
    page('node', {
      name: 'nodejs-api-url',
      path: 'url.html',
      width: SCREEN,
      kind: "API reference page (Node.js's url module: a URL's parts as a table drawn in text, code blocks)",
    }),
    page('python', {
      name: 'python-tutorial-controlflow',
      path: 'tutorial/controlflow.html',
      width: SCREEN,
      kind: "technical article (Python's tutorial on control flow: Sphinx with python-docs-theme, code examples)",
    }),
    page('python', {
      name: 'python-library-functions',
      path: 'library/functions.html',
      width: SCREEN,
      kind: "reference page (Python's built-in functions: a table of names, definition lists)",
    }),
    page('python', {
      name: 'python-howto-sorting',
      path: 'howto/sorting.html',
      width: SCREEN,
      kind: "technical article (Python's sorting how-to: Sphinx with python-docs-theme, interactive examples)",
    }),
    page('rust', {
      name: 'rust-book-data-types',
      path: 'book/ch03-02-data-types.html',
      width: SCREEN,
      kind: 'book chapter (The Rust Programming Language as mdBook writes it: sidebar, tables, code listings)',
    }),
    page('rust', {
      name: 'rust-book-ownership',
      path: 'book/ch04-01-what-is-ownership.html',
      width: SCREEN,
      kind: 'book chapter (The Rust Programming Language on ownership: mdBook, diagrams, code listings)',
    }),
    page('rust', {
      name: 'rustdoc-std-option',
      path: 'std/option/index.html',
      width: SCREEN,
      kind: "API reference page (rustdoc's page of std::option: its web fonts, sidebar, code blocks)",
    }),
    page('sphinx', {
      name: 'sphinx-usage-quickstart',
      path: 'usage/quickstart.html',
      width: SCREEN,
      kind: "technical article (Sphinx's quickstart in its sphinx13 theme: top bar, sidebar, code blocks)",
    }),
    page('sphinx', {
      name: 'sphinx-rst-basics',
      path: 'usage/restructuredtext/basics.html',
      width: SCREEN,
      kind: "technical article (Sphinx's reStructuredText primer: literal blocks, tables, definition lists)",
    }),
    page('sphinx', {
      name: 'sphinx-tutorial-index',
      path: 'tutorial/index.html',
      width: SCREEN,
      kind: "technical article (Sphinx's tutorial index: a short page, footer)",
    }),
    page('cmake', {
      name: 'cmake-language-manual',
      path: 'manual/cmake-language.7.html',
      width: SCREEN,
      kind: "reference page (CMake's language manual: grammar blocks, tables, deep section numbering)",
    }),
    page('cmake', {
      name: 'cmake-command-add-library',
      path: 'command/add_library.html',
      width: SCREEN,
      kind: "reference page (CMake's add_library command: signatures, notes, option lists)",
    }),
    page('libxml2', {
      name: 'libxml2-index',
      path: 'index.html',
      width: SMALL,
      kind: 'project home page of the 2000s (libxml2: nested layout tables, a sidebar of links, GIF logos)',
    }),
    page('libxml2', {
      name: 'libxml2-faq',
      path: 'FAQ.html',
      width: SMALL,
      kind: 'FAQ page of the 2000s (libxml2: nested layout tables, numbered questions, code)',
    }),
    page('libxml2', {
      name: 'libxml2-xmllint',
      path: 'xmllint.html',
      width: SMALL,
      kind: "manual page of the 2000s (libxml2's xmllint: DocBook refentry in layout tables)",
    }),
    page('zsh', {
      name: 'zsh-expansion',
      path: 'Expansion.html',
      width: SMALL,
      kind: "manual page (the Z shell's expansion chapter as texi2any writes it: definition lists, navigation)",
    }),
    page('zsh', {
      name: 'zsh-introduction',
      path: 'Introduction.html',
      width: SMALL,
      kind: "manual page (the Z shell's introduction as texi2any writes it: a menu table, short text)",
    }),
    page('erlang', {
      name: 'erlang-ref-data-types',
      path: 'reference_manual/data_types.html',
      width: SCREEN,
      kind: "reference page (Erlang/OTP's reference manual on data types: docgen's frame of sidebar and content, tables)",
    }),
    page('erlang', {
      name: 'erlang-ref-expressions',
      path: 'reference_manual/expressions.html',
      width: SCREEN,
      kind: "reference page (Erlang/OTP's reference manual on expressions: code examples, operator tables)",
    }),
    page('flask', {
      name: 'flask-quickstart',
      path: 'quickstart.html',
      width: SCREEN,
      kind: "technical article (Flask's quickstart in the Pallets theme: sidebar, code blocks, admonitions)",
    }),
    page('flask', {
      name: 'flask-templating',
      path: 'templating.html',
      width: SCREEN,
      kind: "technical article (Flask's templating page in the Pallets theme: code, definition lists)",
    }),
    page('boost', {
      name: 'boost-any',
      path: 'any.html',
      width: SMALL,
      kind: 'library documentation (Boost.Any as BoostBook writes it: header table, navigation bar, code)',
    }),
    page('boost', {
      name: 'boost-lexical-cast',
      path: 'boost_lexical_cast.html',
      width: SMALL,
      kind: 'library documentation (Boost.LexicalCast as BoostBook writes it: synopsis, tables of contents)',
    }),
    page('django', {
      name: 'django-tutorial01',
      path: 'intro/tutorial01.html',
      width: SCREEN,
      kind: "technical article (Django's first tutorial in its djangodocs theme: console sessions, code, admonitions)",
    }),
    page('django', {
      name: 'django-model-fields',
      path: 'ref/models/fields.html',
      width: SCREEN,
      kind: "reference page (Django's model field reference: long definition lists, tables, code)",
    }),
    page('django', {
      name: 'django-url-dispatcher',
      path: 'topics/http/urls.html',
      width: SCREEN,
      kind: "technical article (Django's URL dispatcher topic: code blocks, lists, notes)",
    }),
    page('sqlalchemy', {
      name: 'sqlalchemy-orm-quickstart',
      path: 'orm/quickstart.html',
      width: SCREEN,
      kind: "technical article (SQLAlchemy's ORM quick start in its zzzeeksphinx theme: code with output, sidebars)",
    }),
    page('sqlalchemy', {
      name: 'sqlalchemy-core-tutorial',
      path: 'core/tutorial.html',
      width: SCREEN,
      kind: "technical article (SQLAlchemy's Core tutorial: interleaved code and SQL output)",
    }),
    page('jsonc', {
      name: 'json-c-object-h',
      path: 'json__object_8h.html',
      width: SCREEN,
      kind: "API reference page (json-c's json_object.h as Doxygen writes it: member tables, navigation tabs)",
    }),
    page('jsonc', {
      name: 'json-c-readme',
      path: 'README_8md.html',
      width: SCREEN,
      kind: "README page (json-c's README as Doxygen writes it: headings, code, lists)",
    }),
    page('sdl2', {
      name: 'sdl2-index',
      path: 'index.html',
      width: SCREEN,
      kind: 'API documentation home page (SDL 2 as Doxygen writes it)',
    }),
    page('sdl2', {
      name: 'sdl2-render-h',
      path: 'd6/d30/_s_d_l__render_8h.html',
      width: SCREEN,
      kind: "API reference page (SDL 2's SDL_render.h as Doxygen writes it: long member tables)",
    }),
    page('scons', {
      name: 'scons-user-ch02',
      path: 'ch02.html',
      width: SMALL,
      kind: "manual chapter (SCons' user guide as DocBook's HTML writes it: examples, screens of output)",
    }),
    page('scons', {
      name: 'scons-user-index',
      path: 'index.html',
      width: SMALL,
      kind: "manual title page (SCons' user guide: a long table of contents)",
    }),
    page('docbookxsl', {
      name: 'docbook-xsl-html-params',
      path: 'html/index.html',
      width: SMALL,
      kind: 'reference page (the DocBook XSL HTML parameter reference: long nested lists)',
    }),
    page('docbookxsl', {
      name: 'docbook-xsl-charmap',
      path: 'common/charmap.html',
      width: SMALL,
      kind: 'reference page (the DocBook XSL character map template: refentry sections, code)',
    }),
    page('fmt', {
      name: 'fmt-syntax',
      path: 'syntax.html',
      width: SCREEN,
      kind: "reference page ({fmt}'s format string syntax in its Bootstrap-based Sphinx theme: grammar, tables, code)",
    }),
    page('fmt', {
      name: 'fmt-api',
      path: 'api.html',
      width: SCREEN,
      kind: "API reference page ({fmt}'s API: C++ signatures, definition lists)",
    }),
  ];
}

/** Each package's Debian copyright file: [file name, bytes]. */
export function docs25Licences() {
  return debianLicences(PACKAGES);
}
