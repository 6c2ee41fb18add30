/** Typed calls of the render operations and batches over `fetch`: `data` on success, PictorApiError otherwise. */
import { PictorApiError } from './errors.js';
import type { Batch } from './webhook.js';

export type RenderFormat = 'png' | 'jpeg' | 'webp' | 'avif';

/** Body of operation A (`POST /open/v1/images/templates/{id}/render`). */
export interface RenderTemplateBody {
  variables: Record<string, unknown>;
  width?: number;
  height?: number;
  format?: RenderFormat;
  quality?: number;
  /** Byte budget, at least 1,024: the highest quality (png: the most colours) whose file fits. */
  maxBytes?: number;
  /** Render the draft (debugging only). */
  useDraft?: boolean;
  /** Device pixels per CSS pixel, 1–4. */
  scale?: number;
}

/** A custom font of operation B: exactly one of `url` and `data` (base64). */
export interface FontSource {
  family: string;
  url?: string;
  data?: string;
  weight?: number;
  style?: 'normal' | 'italic';
}

/** Body of operation B (`POST /open/v1/images/render`). */
export interface RenderHtmlBody {
  content: string;
  width?: number;
  height?: number;
  format?: RenderFormat;
  quality?: number;
  /** Byte budget, at least 1,024: the highest quality (png: the most colours) whose file fits. */
  maxBytes?: number;
  scale?: number;
  fonts?: FontSource[];
}

/** `data` of a successful render. */
export interface RenderedImage {
  /** Signed link to the image, valid for 5 minutes. */
  url: string;
  /** Pixel size of the image. */
  width: number;
  height: number;
  format: RenderFormat;
  contentType: string;
  /** ISO 8601 time the link stops working. */
  expiresAt: string;
  /** With `maxBytes`: the image's size in bytes. */
  bytes?: number;
  /** With `maxBytes` (jpeg, webp, avif): the quality used. */
  quality?: number;
  /** With `maxBytes` (png): the palette's colours, when the lossless image did not fit. */
  colours?: number;
}

export interface ClientOptions {
  /** Where the Pictor server is, e.g. `https://img.example.com`. */
  baseUrl: string;
  /** An API key, `pk_…`. */
  apiKey: string;
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** One item of a batch: its variables and, optionally, its own reference and values. */
export interface BatchItemInput {
  variables: Record<string, unknown>;
  /** 1–128 characters of `A-Z a-z 0-9 . _ ~ -`, unique in the batch; default the item's index. */
  id?: string;
  width?: number;
  height?: number;
  format?: RenderFormat;
  quality?: number;
  /** Byte budget, at least 1,024 (overrides the batch's); an item that cannot fit fails with 20105. */
  maxBytes?: number;
  scale?: number;
}

/** Body of `POST /open/v1/images/batches`. */
export interface CreateBatchBody {
  templateId: string;
  items: BatchItemInput[];
  format?: RenderFormat;
  quality?: number;
  /** Byte budget of every item, at least 1,024: the highest quality (png: the most colours) whose file fits. */
  maxBytes?: number;
  scale?: number;
  useDraft?: boolean;
  /** Called (Standard Webhooks, see verifyWebhook) when the batch ends. */
  webhook?: { url: string };
}

/** An item as listed. */
export interface BatchItem {
  id: string;
  status: 'pending' | 'done' | 'failed' | 'cancelled';
  url?: string;
  width?: number;
  height?: number;
  format?: RenderFormat;
  contentType?: string;
  /** A done item's file size in bytes. */
  bytes?: number;
  expiresAt?: string;
  code?: number;
  message?: string;
}

export interface WaitForBatchOptions {
  /** Between looks, in ms. Default 1,000. */
  intervalMs?: number;
  /** Stop waiting (the batch goes on). */
  signal?: AbortSignal;
  /** Told the batch object after each look. */
  onProgress?: (batch: Batch) => void;
}

export interface PictorClient {
  /** Submit a batch (202): the batch object, status `queued`. @throws PictorApiError naming the invalid item */
  createBatch(body: CreateBatchBody): Promise<Batch>;
  /** The batch object. @throws PictorApiError */
  getBatch(id: string): Promise<Batch>;
  /** Look at the batch until it is `done` or `cancelled`; resolves with it. @throws PictorApiError, the signal's reason */
  waitForBatch(id: string, options?: WaitForBatchOptions): Promise<Batch>;
  /** Every item of the batch in submission order (all pages), done ones with a signed link. @throws PictorApiError */
  listBatchItems(id: string, query?: { status?: BatchItem['status'] }): Promise<BatchItem[]>;
  /** Cancel the pending items. @throws PictorApiError */
  cancelBatch(id: string): Promise<Batch>;
  /** The batch's zip (done images and manifest.json) as a streamed response body. @throws PictorApiError */
  batchArchive(id: string): Promise<ReadableStream<Uint8Array>>;
  /** Operation A: render a stored, published template. @throws PictorApiError */
  renderTemplate(templateId: string, body: RenderTemplateBody): Promise<RenderedImage>;
  /** Operation B: render an HTML string. @throws PictorApiError */
  renderHtml(body: RenderHtmlBody): Promise<RenderedImage>;
}

interface Envelope {
  code: number;
  message: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  const v = value as Envelope | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'number' && typeof v.message === 'string';
}

function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * A client of the render API.
 *
 * @example
 * const pictor = createClient({ baseUrl: 'https://img.example.com', apiKey: process.env.PICTOR_API_KEY });
 * const { url } = await pictor.renderTemplate('blog-card', { variables: { title: 'Hello' } });
 */
export function createClient(options: ClientOptions): PictorClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        'X-API-Key': options.apiKey,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return envelopeData<T>(response);
  }

  async function envelopeData<T>(response: Response): Promise<T> {
    const text = await response.text();
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    if (!isEnvelope(envelope)) {
      throw new PictorApiError(
        50000,
        `the answer (HTTP ${response.status}) was not Pictor's JSON envelope: ${text.slice(0, 200)}`,
        response.status,
        retryAfterOf(response),
      );
    }
    if (envelope.code !== 0 || envelope.data === undefined) {
      throw new PictorApiError(envelope.code, envelope.message, response.status, retryAfterOf(response));
    }
    return envelope.data as T;
  }

  const batchPath = (id: string) => `/open/v1/images/batches/${encodeURIComponent(id)}`;

  async function getBatch(id: string): Promise<Batch> {
    return call<Batch>('GET', batchPath(id));
  }

  return {
    renderTemplate: (templateId, body) =>
      call<RenderedImage>('POST', `/open/v1/images/templates/${encodeURIComponent(templateId)}/render`, body),
    renderHtml: (body) => call<RenderedImage>('POST', '/open/v1/images/render', body),
    createBatch: (body) => call<Batch>('POST', '/open/v1/images/batches', body),
    getBatch,
    async waitForBatch(id, waitOptions = {}) {
      const { signal } = waitOptions;
      for (;;) {
        signal?.throwIfAborted();
        const batch = await getBatch(id);
        waitOptions.onProgress?.(batch);
        if (batch.status === 'done' || batch.status === 'cancelled') return batch;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(done, waitOptions.intervalMs ?? 1_000);
          function done() {
            signal?.removeEventListener('abort', aborted);
            resolve();
          }
          function aborted() {
            clearTimeout(timer);
            reject(signal?.reason);
          }
          signal?.addEventListener('abort', aborted, { once: true });
        });
      }
    },
    async listBatchItems(id, query = {}) {
      const items: BatchItem[] = [];
      let cursor: string | undefined;
      do {
        const params = new URLSearchParams({ limit: '1000' });
        if (query.status) params.set('status', query.status);
        if (cursor) params.set('cursor', cursor);
        const page = await call<{ items: BatchItem[]; nextCursor?: string }>(
          'GET',
          `${batchPath(id)}/items?${params}`,
        );
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    },
    cancelBatch: (id) => call<Batch>('DELETE', batchPath(id)),
    async batchArchive(id) {
      const response = await fetchImpl(`${base}${batchPath(id)}/archive`, {
        headers: { 'X-API-Key': options.apiKey },
      });
      if (!response.ok || response.body === null) return envelopeData<never>(response);
      return response.body;
    },
  };
}
