/** One CJK face: its file (absolute path), family name, weight, style, language and the set it loads with. */
export interface CjkFace {
  file: string;
  name: string;
  weight: 400 | 700;
  style: 'normal';
  lang: 'zh-CN' | 'ja-JP' | 'ko-KR' | 'zh-TW';
  set: 'cjk' | 'korean' | 'chinese-traditional';
}

/** Noto Sans SC 400/700, JP 400/700 (set `cjk`), KR 400/700 (`korean`), TC 400/700 (`chinese-traditional`). */
export declare const faces: readonly CjkFace[];
