// The CJK faces @pictor/core draws Chinese and Japanese with, as absolute file paths (dist/fonts/, copied from
// @expo-google-fonts at build time): Noto Sans SC draws Han and kana by default; Noto Sans JP takes over for elements
// with lang="ja". Read lazily, on the first CJK text.
const { join } = require('node:path');

const faces = [
  ['NotoSansSC_400Regular.ttf', 'Noto Sans SC', 400, 'zh-CN'],
  ['NotoSansSC_700Bold.ttf', 'Noto Sans SC', 700, 'zh-CN'],
  ['NotoSansJP_400Regular.ttf', 'Noto Sans JP', 400, 'ja-JP'],
  ['NotoSansJP_700Bold.ttf', 'Noto Sans JP', 700, 'ja-JP'],
].map(([file, name, weight, lang]) => ({
  file: join(__dirname, 'dist', 'fonts', file),
  name,
  weight,
  style: 'normal',
  lang,
}));

module.exports = { faces };
