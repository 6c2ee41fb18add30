/**
 * Template fill on the event loop: `compiled.fill(variables)` for the reference card as a template (title and
 * subtitle variables, the 40 KB avatar as a data: URI in the content, 56 KB in all), as the server's operation A
 * runs it per request. Prints the mean ms per fill in 5 rounds of 2,000 fills after 2,000 unmeasured ones.
 *
 *   node benchmarks/templates/fill.mjs      (after `pnpm build`)
 */
import { compileTemplate } from '@pictor/core';
import { cardTemplate, createAvatar, TITLE } from '../render/card.mjs';

const avatarUri = `data:image/jpeg;base64,${(await createAvatar()).toString('base64')}`;
const definition = cardTemplate(avatarUri);
const template = compileTemplate(definition);
const FILLS = 2000;
let sink = 0;
const round = () => {
  const started = performance.now();
  for (let i = 0; i < FILLS; i++) sink += template.fill({ title: `${TITLE.slice(0, 50)} #${i}` }).length;
  return (performance.now() - started) / FILLS;
};
round();
const rounds = Array.from({ length: 5 }, round);
console.log(
  `template of ${definition.content.length} characters: ${rounds.map((ms) => ms.toFixed(4)).join(' / ')} ms per fill`,
);
if (sink === 0) throw new Error('no output');
