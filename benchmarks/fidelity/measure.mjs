/**
 * Measure a corpus case in Chromium as the fidelity benchmark loads it (same fonts): evaluates a JavaScript
 * expression in the page and prints its JSON. DSF=2 in the environment: device scale factor 2.
 *
 *   node benchmarks/fidelity/measure.mjs benchmarks/fidelity/real-world/<case> \
 *     '[...document.querySelectorAll("p")].map((p) => p.getBoundingClientRect().height)'
 */
import { launchChromium } from './chromium.mjs';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [dir, expr] = process.argv.slice(2);
const meta = JSON.parse(readFileSync(dir + '/case.json', 'utf8'));
const b = await launchChromium();
const page = await b.page(
  pathToFileURL(dir + '/index.html').href,
  meta.width,
  meta.height,
  +(process.env.DSF ?? 1),
);
console.log(JSON.stringify(await page.evaluate(expr), null, 1));
await b.close();
