// The faces @pictor/core draws the world's scripts with, as absolute file paths (dist/fonts/, copied from
// @expo-google-fonts at build time): one Noto Sans family per script, regular and bold, each read by the engine on
// the first render whose text has that script. SIL Open Font License 1.1 (dist/fonts/OFL.txt).
const { join } = require('node:path');

/** [script (the engine's font set), family, @expo-google-fonts package] */
const FAMILIES = [
  ['arabic', 'Noto Sans Arabic', 'noto-sans-arabic'],
  ['hebrew', 'Noto Sans Hebrew', 'noto-sans-hebrew'],
  ['devanagari', 'Noto Sans Devanagari', 'noto-sans-devanagari'],
  ['bengali', 'Noto Sans Bengali', 'noto-sans-bengali'],
  ['thai', 'Noto Sans Thai', 'noto-sans-thai'],
  ['lao', 'Noto Sans Lao', 'noto-sans-lao'],
  ['khmer', 'Noto Sans Khmer', 'noto-sans-khmer'],
  ['myanmar', 'Noto Sans Myanmar', 'noto-sans-myanmar'],
  ['tamil', 'Noto Sans Tamil', 'noto-sans-tamil'],
  ['telugu', 'Noto Sans Telugu', 'noto-sans-telugu'],
  ['kannada', 'Noto Sans Kannada', 'noto-sans-kannada'],
  ['malayalam', 'Noto Sans Malayalam', 'noto-sans-malayalam'],
  ['gujarati', 'Noto Sans Gujarati', 'noto-sans-gujarati'],
  ['gurmukhi', 'Noto Sans Gurmukhi', 'noto-sans-gurmukhi'],
  ['oriya', 'Noto Sans Oriya', 'noto-sans-oriya'],
  ['sinhala', 'Noto Sans Sinhala', 'noto-sans-sinhala'],
  ['armenian', 'Noto Sans Armenian', 'noto-sans-armenian'],
  ['georgian', 'Noto Sans Georgian', 'noto-sans-georgian'],
  ['ethiopic', 'Noto Sans Ethiopic', 'noto-sans-ethiopic'],
];

const fileName = (name, weight) =>
  `${name.replaceAll(' ', '')}_${weight === 400 ? '400Regular' : '700Bold'}.ttf`;

const families = FAMILIES.map(([script, name, pkg]) => ({
  script,
  name,
  package: `@expo-google-fonts/${pkg}`,
  files: [400, 700].map((weight) => `${weight === 400 ? '400Regular' : '700Bold'}/${fileName(name, weight)}`),
}));

const faces = FAMILIES.flatMap(([script, name]) =>
  [400, 700].map((weight) => ({
    file: join(__dirname, 'dist', 'fonts', fileName(name, weight)),
    name,
    weight,
    style: 'normal',
    script,
  })),
);

module.exports = { faces, families };
