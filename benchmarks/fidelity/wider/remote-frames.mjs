/**
 * Remote frames of the wider corpus's documents (`<iframe src="https://…">`: a YouTube or Vimeo player, a map, a
 * GitHub star button). This machine has no network, so Chromium drew each as its error page (a grey page with the
 * broken-page icon), which no user's page shows and Pictor (which loads no frame) never draws: an artefact of the
 * reference, not a difference of the engines. The importer takes the remote `src` away, and the frame stays with
 * nothing loaded: Chromium then draws what a page shows for an empty frame (about:blank), a transparent box of the
 * frame's size (its `width`/`height` attributes or CSS, 300×150 without) inside the UA's `2px inset` border (none
 * with `frameborder="0"`), and Pictor draws the same box (core iframe-empty-box). Local frames (`src="index.html"`)
 * are left as they are.
 *
 * Remote posters (`<video poster="https://…">`, WebSlides' background videos) likewise: Chromium drew no picture (no
 * network) and Pictor, which loads a poster since the twenty-first pass, failed the render on the unreachable host
 * (an image that cannot be fetched is an error). The importer takes the remote `poster` away: both engines draw the
 * media box with nothing loaded.
 */

/**
 * `html` with the `attribute` of every `<tag>` removed where it names a remote URL (http, https or protocol-relative),
 * and how many were.
 */
function stripRemote(html, tag, attribute) {
  const remote = new RegExp(
    `\\s+${attribute}\\s*=\\s*(?:"\\s*(?:https?:)?\\/\\/[^"]*"|'\\s*(?:https?:)?\\/\\/[^']*'|(?:https?:)?\\/\\/[^\\s>]*)`,
    'gi',
  );
  let count = 0;
  const out = html.replace(new RegExp(`<${tag}\\b[^>]*>`, 'gi'), (element) =>
    element.replace(remote, () => {
      count++;
      return '';
    }),
  );
  return { out, count };
}

/** `html` with every `<iframe>`'s remote `src` removed; the change is noted in `changes`. */
export function stripRemoteFrames(html, changes) {
  const { out, count } = stripRemote(html, 'iframe', 'src');
  if (count > 0)
    changes.push(
      `${count} remote <iframe> src removed (no network: each frame an empty box of its size, as both engines draw a frame with nothing loaded)`,
    );
  return out;
}

/** `html` with every `<video>`'s remote `poster` removed; the change is noted in `changes`. */
export function stripRemotePosters(html, changes) {
  const { out, count } = stripRemote(html, 'video', 'poster');
  if (count > 0)
    changes.push(
      `${count} remote <video> poster removed (no network: Chromium drew no picture there; both engines draw the media box with nothing loaded)`,
    );
  return out;
}

/**
 * `html` with every `<source>`'s remote `srcset` removed (a `<picture>`'s art-directed picture on a placeholder
 * host): Chromium drew a broken picture there without a network, and Pictor, which takes a `<picture>`'s sources
 * since session 27, failed the render on the unreachable host. A source without a `srcset` is passed over by both
 * engines, which draw the `<img>` (its remote picture already a placeholder of its size).
 */
export function stripRemoteSources(html, changes) {
  const { out, count } = stripRemote(html, 'source', 'srcset');
  if (count > 0)
    changes.push(
      `${count} remote <source> srcset removed (no network: both engines draw the <picture>'s <img>, a placeholder)`,
    );
  return out;
}
