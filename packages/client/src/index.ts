/** @pictor/client: sign Pictor image URLs and call the render API. No dependencies; Web Crypto and fetch only. */
export { PictorApiError } from './errors.js';
export {
  type ImageUrlFormat,
  type ImageUrlOptions,
  type ImageVariable,
  imageQuery,
  imageUrl,
} from './image-url.js';
export {
  type BatchItem,
  type BatchItemInput,
  type ClientOptions,
  type CreateBatchBody,
  createClient,
  type FontSource,
  type PictorClient,
  type RenderedImage,
  type RenderFormat,
  type RenderHtmlBody,
  type RenderTemplateBody,
  type WaitForBatchOptions,
} from './render-client.js';
export {
  type Batch,
  type BatchFinishedEvent,
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookVerificationError,
} from './webhook.js';
export { signImageTarget } from './sign.js';
