// `import.meta.url` of every module in the worker bundle (scripts/worker-bundle.mjs): the bundle's own file — and where
// it has moved to: a bundle evaluated into a startup snapshot where the package was built runs wherever it is
// installed, and the snapshot's entry points it there before the worker starts (src/pool/worker-snapshot-entry.ts).
// Read when used, so a module that resolves a path later (the assets, the lazily loaded packages) finds the right one.
import { pathToFileURL } from 'node:url';

export let bundleUrl = pathToFileURL(__filename).href;

globalThis[Symbol.for('pictor.worker.relocate')] = (file) => {
  bundleUrl = pathToFileURL(file).href;
};
