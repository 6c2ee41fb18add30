// The CJK faces @pictor/core draws Chinese, Japanese and Korean with, as absolute file paths (dist/fonts/, copied from
// @expo-google-fonts at build time), in three sets the engine reads lazily, each on the first text that needs it:
// `cjk` — Noto Sans SC draws Han and kana by default, Noto Sans JP takes over for elements with lang="ja";
// `korean` — Noto Sans KR (Hangul; Han too under lang="ko"); `chinese-traditional` — Noto Sans TC, for Han under
// lang="zh-TW" or "zh-HK".
const { join } = require('node:path');

const faces = [
  ['NotoSansSC_400Regular.ttf', 'Noto Sans SC', 400, 'zh-CN', 'cjk'],
  ['NotoSansSC_700Bold.ttf', 'Noto Sans SC', 700, 'zh-CN', 'cjk'],
  ['NotoSansJP_400Regular.ttf', 'Noto Sans JP', 400, 'ja-JP', 'cjk'],
  ['NotoSansJP_700Bold.ttf', 'Noto Sans JP', 700, 'ja-JP', 'cjk'],
  ['NotoSansKR_400Regular.ttf', 'Noto Sans KR', 400, 'ko-KR', 'korean'],
  ['NotoSansKR_700Bold.ttf', 'Noto Sans KR', 700, 'ko-KR', 'korean'],
  ['NotoSansTC_400Regular.ttf', 'Noto Sans TC', 400, 'zh-TW', 'chinese-traditional'],
  ['NotoSansTC_700Bold.ttf', 'Noto Sans TC', 700, 'zh-TW', 'chinese-traditional'],
].map(([file, name, weight, lang, set]) => ({
  file: join(__dirname, 'dist', 'fonts', file),
  name,
  weight,
  style: 'normal',
  lang,
  set,
}));

module.exports = { faces };
