/**
 * Pictor in a child process for generated.mjs --isolate: a page that aborts the process (a native panic) then fails
 * its seed alone instead of ending the run. Messages: { html, width, height, dir } in, { png } or { error } out.
 */
import { createPictor } from './engines.mjs';

const pictor = await createPictor({ engine: 'pipeline', workers: 0 });
process.on('message', async ({ html, width, height, dir }) => {
  try {
    const { png } = await pictor.render(html, { width, height, dir });
    process.send({ png: Buffer.from(png).toString('base64') });
  } catch (error) {
    process.send({ error: String(error?.message ?? error).split('\n')[0] });
  }
});
process.send({ ready: true });
