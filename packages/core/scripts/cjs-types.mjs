// The declarations of the require() entry (cjs/index.cjs hands CommonJS the ES module itself): the same
// declarations as dist/index.d.ts, as dist/index.d.cts so that TypeScript compiling to CommonJS reads them as a
// CommonJS module's. tsup bundles dist/index.d.ts into one file that imports nothing, so a copy is complete.
import { copyFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (/^import\s/m.test(readFileSync(join(dist, 'index.d.ts'), 'utf8'))) {
  throw new Error(
    'dist/index.d.ts imports other files: copy them too, or declare the CommonJS entry another way',
  );
}
copyFileSync(join(dist, 'index.d.ts'), join(dist, 'index.d.cts'));
