/**
 * The built package loads with require (CommonJS) and import (ESM) and signs the same URL as the source. It tests
 * dist/ as built: `pnpm test` builds before it tests (turbo), as does `pnpm --filter @pictor/client build`.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { imageUrl } from '../src/index.js';

const run = promisify(execFile);
const packageDir = join(import.meta.dirname, '..');
const options = { baseUrl: 'https://img.example.com', keyId: 'uk_example', secret: 's', template: 'card' };

it('require() and import() of the built package sign the same URL as the source', async () => {
  const expected = await imageUrl(options);
  const script = `(${JSON.stringify(options)})`;
  const cjs = await run(
    process.execPath,
    ['-e', `require('@pictor/client').imageUrl(${script}).then((u) => process.stdout.write(u))`],
    { cwd: packageDir },
  );
  const esm = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { imageUrl } from '@pictor/client'; process.stdout.write(await imageUrl(${script}));`,
    ],
    { cwd: packageDir },
  );
  expect([cjs.stdout, esm.stdout]).toEqual([expected, expected]);
});
