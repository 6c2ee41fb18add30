/** The shape of a studio preview, shared by the server (src/studio/preview.ts) and the studio page (studio/src/api.ts). */

/** A rendered preview. */
export interface Preview {
  /** `data:` URL of the image. */
  image: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  /** Milliseconds the engine took (queue wait included). */
  renderMs: number;
  warnings: string[];
}
