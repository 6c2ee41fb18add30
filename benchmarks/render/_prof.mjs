import { createRenderer } from '@pictor/core';
import { CARD_HEIGHT, CARD_WIDTH, cardHtml, createAvatar, TITLE } from './card.mjs';
const avatar = await createAvatar();
const html = cardHtml(`data:image/jpeg;base64,${avatar.toString('base64')}`);
const r = createRenderer({ workers: 0 });
const fonts = undefined;
for (let i = 0; i < 100; i++) await r.render({ html: html.replace(TITLE, `${TITLE.slice(0, 50)} #${i}`), width: CARD_WIDTH, height: CARD_HEIGHT, format: 'webp', quality: 80 });
const t = { parse: 0, resources: 0, layout: 0, raster: 0, encode: 0, total: 0 };
const N = 150;
for (let i = 0; i < N; i++) { const res = await r.render({ html: html.replace(TITLE, `${TITLE.slice(0, 50)} ##${i}`), width: CARD_WIDTH, height: CARD_HEIGHT, format: 'webp', quality: 80 }); for (const k of Object.keys(t)) t[k] += res.timings[k] / N; }
console.log(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.toFixed(2)])));
await r.close();
