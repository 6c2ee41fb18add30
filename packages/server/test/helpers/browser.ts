/**
 * Chromium for browser tests (playwright-core drives an installed Chromium; nothing is downloaded). Found at
 * PICTOR_CHROMIUM or the usual paths. Without one the browser tests are skipped with a warning, except when CI or
 * PICTOR_REQUIRE_BROWSER is set: then a missing browser fails the run.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The Chromium executable, or undefined (after a warning) when there is none and none is required. */
export function findChromium(): string | undefined {
  const given = process.env.PICTOR_CHROMIUM;
  const found = [given, ...CANDIDATES].find((path): path is string => !!path && existsSync(path));
  if (found) return found;
  const required = process.env.PICTOR_REQUIRE_BROWSER === '1' || process.env.CI === 'true';
  const message =
    'no Chromium found (set PICTOR_CHROMIUM, or install it: apt-get install chromium); the studio browser tests need it';
  if (required) throw new Error(message);
  console.warn(`warning: ${message}; skipping them`);
  return undefined;
}
