/** Typed calls of the two render operations over `fetch`: `data` on success, PictorApiError otherwise. */
import { PictorApiError } from './errors.js';

export type RenderFormat = 'png' | 'jpeg' | 'webp';

/** Body of operation A (`POST /open/v1/images/templates/{id}/render`). */
export interface RenderTemplateBody {
  variables: Record<string, unknown>;
  width?: number;
  height?: number;
  format?: RenderFormat;
  quality?: number;
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
}

export interface ClientOptions {
  /** Where the Pictor server is, e.g. `https://img.example.com`. */
  baseUrl: string;
  /** An API key, `pk_…`. */
  apiKey: string;
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

export interface PictorClient {
  /** Operation A: render a stored, published template. @throws PictorApiError */
  renderTemplate(templateId: string, body: RenderTemplateBody): Promise<RenderedImage>;
  /** Operation B: render an HTML string. @throws PictorApiError */
  renderHtml(body: RenderHtmlBody): Promise<RenderedImage>;
}

interface Envelope {
  code: number;
  message: string;
  data?: RenderedImage;
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

  async function post(path: string, body: unknown): Promise<RenderedImage> {
    const response = await fetchImpl(`${base}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': options.apiKey, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
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
    return envelope.data;
  }

  return {
    renderTemplate: (templateId, body) =>
      post(`/open/v1/images/templates/${encodeURIComponent(templateId)}/render`, body),
    renderHtml: (body) => post('/open/v1/images/render', body),
  };
}
