/** The scripts this package has a face for: the engine loads each one's faces on the first text in it. */
export type WorldScript =
  | 'arabic'
  | 'hebrew'
  | 'devanagari'
  | 'bengali'
  | 'thai'
  | 'lao'
  | 'khmer'
  | 'myanmar'
  | 'tamil'
  | 'telugu'
  | 'kannada'
  | 'malayalam'
  | 'gujarati'
  | 'gurmukhi'
  | 'oriya'
  | 'sinhala'
  | 'armenian'
  | 'georgian'
  | 'ethiopic';

/** One face: its file (absolute path), family name, weight, style and the script it draws. */
export interface WorldFace {
  file: string;
  name: string;
  weight: 400 | 700;
  style: 'normal';
  script: WorldScript;
}

/** Regular and bold of each family, in the order of WorldScript. */
export declare const faces: readonly WorldFace[];

/** Where each family comes from (build time): its script, name, @expo-google-fonts package and files in it. */
export declare const families: readonly {
  script: WorldScript;
  name: string;
  package: string;
  files: readonly string[];
}[];
