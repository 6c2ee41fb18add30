/** Copy-ready snippets for the template with the current sample values, and the account's units. */
import { call, type Snippets, type TemplateRecord, templatePath } from './api.js';
import { h, replaceChildren } from './dom.js';
import type { Values } from './values-form.js';

function snippet(title: string, text: string): HTMLElement {
  const code = h('pre', { tabindex: 0, 'aria-label': title }, h('code', {}, text));
  const button = h('button', { type: 'button' }, `Copy ${title}`);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select the text to copy';
    }
    setTimeout(() => {
      button.textContent = `Copy ${title}`;
    }, 2000);
  });
  return h('section', { class: 'snippet' }, h('h3', {}, title), code, button);
}

export function snippetsPanel(options: { record: () => TemplateRecord; values: () => Values }) {
  const body = h('div', {}, 'Loading…');
  async function refresh(): Promise<void> {
    try {
      const data = await call<Snippets>('POST', templatePath(options.record(), '/snippets'), {
        values: options.values(),
      });
      replaceChildren(
        body,
        h(
          'p',
          { class: 'hint' },
          'With the sample values of the Preview tab. Set PICTOR_API_KEY to one of your API keys.',
        ),
        snippet('curl (operation A)', data.curl),
        snippet('Node (@pictor/client)', data.node),
        data.imageUrl
          ? snippet('Signed image URL', data.imageUrl)
          : h(
              'section',
              { class: 'snippet' },
              h('h3', {}, 'Signed image URL'),
              h('p', {}, data.imageUrlNote),
            ),
        data.imageUrl ? h('p', { class: 'hint' }, data.imageUrlNote) : null,
      );
    } catch (error) {
      replaceChildren(body, h('p', { class: 'error' }, (error as Error).message));
    }
  }
  return { panel: h('div', { class: 'panel use-it' }, body), refresh };
}
