/** One CJK face: its file (absolute path), family name, weight, style and language. */
export interface CjkFace {
  file: string;
  name: string;
  weight: 400 | 700;
  style: 'normal';
  lang: 'zh-CN' | 'ja-JP';
}

/** Noto Sans SC 400/700, then Noto Sans JP 400/700. */
export declare const faces: readonly CjkFace[];
