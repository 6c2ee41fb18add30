/**
 * The mixed documents of the memory benchmarks (issue 42): fresh content every render, in turn — Latin text cards
 * (2, 8 and 96 lines; 600×315 and 2400×1260), a card with one 400×400 picture and one with 32 distinct 64×64
 * pictures, a Chinese/Japanese card and an Arabic card (their optional font sets load on first use), and the
 * Bootstrap 5 page (232 KB style sheet). `mixDocuments()` gives one maker per kind: `make(seq)` → render input.
 */
import { execFileSync } from 'node:child_process';
import { frameworkPage, PAGE_SIZE } from './framework-page.mjs';
import { fill } from './fresh-cards.mjs';
import { CASES } from './growth-cases.mjs';

const CJK_LINES = ['你好，世界。今天的天气很好', '東京の夜景はとても美しい', '新しい記事を公開しました'];
const ARABIC_LINES = ['مرحبا بالعالم، هذه بطاقة جديدة', 'تم نشر المقال الجديد اليوم', 'شكرا لكم على القراءة'];

/** A 1200×630 card: a Latin title and three lines of `lines` (picked by `seq`), with a number no other render has. */
function scriptCard(seq, lines, dir) {
  const v = fill(seq);
  const body = lines
    .map(
      (line, i) =>
        `<div style="display:flex;font-size:40px;color:#1e293b">${lines[(seq + i) % lines.length]} ${seq}</div>`,
    )
    .join('');
  return {
    html: `<div dir="${dir}" style="display:flex;flex-direction:column;width:1200px;height:630px;padding:60px;background:#fefce8">
  <div style="display:flex;font-size:52px;font-weight:700">${v.title.slice(0, 40)}</div>${body}</div>`,
    width: 1200,
    height: 630,
  };
}

/** growth-cases.mjs's pictures, made by sharp in a child process: this one (the pool's caller) never loads sharp. */
function picturesFromChild() {
  const source = `import { makePictures } from ${JSON.stringify(new URL('./growth-cases.mjs', import.meta.url).href)};
process.stdout.write(JSON.stringify(await makePictures()));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', source], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  );
}

/** The kinds of document, each `name: make(seq)`. */
export async function mixDocuments() {
  const pictures = picturesFromChild();
  return {
    ...Object.fromEntries(Object.entries(CASES).map(([name, make]) => [name, (seq) => make(seq, pictures)])),
    cjk: (seq) => scriptCard(seq, CJK_LINES, 'ltr'),
    arabic: (seq) => scriptCard(seq, ARABIC_LINES, 'rtl'),
    bootstrap: (seq) => ({ html: frameworkPage(seq), ...PAGE_SIZE }),
  };
}
