/**
 * `renderer.renderMany`: many renders with at most `concurrency` in flight, their results yielded in input order as
 * an async iterable. Items are read from the input lazily (an async source of millions works); a failed item is a
 * result with its error, and the run goes on.
 */
import { PictorError } from '../errors.js';
import type {
  RenderManyItem,
  RenderManyOptions,
  RenderManyProgress,
  RenderManyResult,
  RenderOptions,
  RenderResult,
} from '../types.js';

type RenderOne = (item: RenderManyItem, options: RenderOptions) => Promise<RenderResult>;

function asPictorError(error: unknown): PictorError {
  if (error instanceof PictorError) return error;
  return new PictorError('RENDER_FAILED', error instanceof Error ? error.message : String(error));
}

/** The renderMany of a renderer whose one render is `renderOne` and whose default concurrency is `workers`. */
export async function* renderMany(
  renderOne: RenderOne,
  workers: number,
  items: Iterable<RenderManyItem> | AsyncIterable<RenderManyItem>,
  options: RenderManyOptions = {},
): AsyncGenerator<RenderManyResult, void, undefined> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? workers));
  if (!Number.isFinite(concurrency))
    throw new PictorError('INVALID_INPUT', 'concurrency: must be a positive integer', {
      field: 'concurrency',
    });
  const { signal } = options;
  const source =
    Symbol.asyncIterator in items
      ? (items as AsyncIterable<RenderManyItem>)[Symbol.asyncIterator]()
      : (items as Iterable<RenderManyItem>)[Symbol.iterator]();
  const renderOptions: RenderOptions = {
    ...(options.tenant === undefined ? {} : { tenant: options.tenant }),
    ...(signal ? { signal } : {}),
  };
  const progress: RenderManyProgress = { done: 0, failed: 0, started: 0 };
  const inFlight: Promise<RenderManyResult>[] = [];
  let exhausted = false;

  const start = (item: RenderManyItem, index: number): Promise<RenderManyResult> =>
    renderOne(item, renderOptions).then(
      (result) => {
        progress.done++;
        options.onProgress?.({ ...progress });
        return { index, item, result };
      },
      (error: unknown) => {
        progress.failed++;
        options.onProgress?.({ ...progress });
        return { index, item, error: asPictorError(error) };
      },
    );

  try {
    for (;;) {
      while (!exhausted && inFlight.length < concurrency) {
        signal?.throwIfAborted();
        const next = await source.next();
        if (next.done) exhausted = true;
        else inFlight.push(start(next.value, progress.started++));
      }
      const head = inFlight.shift();
      if (!head) return;
      const outcome = await head;
      signal?.throwIfAborted();
      yield outcome;
    }
  } finally {
    // Stopped early (break, throw, abort): let the renders in flight settle, and close the source.
    await Promise.allSettled(inFlight);
    if (!exhausted) await source.return?.();
  }
}
