/** Pictor Studio: sign in, pick or create a template, and work on it (see workspace.ts). */
import './styles.css';
import {
  call,
  type Identity,
  setCsrfToken,
  type TemplateRecord,
  type TemplateSummary,
  templatePath,
  whenSignedOut,
} from './api.js';
import { field, formatBytes, formatTime, h, plural, replaceChildren } from './dom.js';
import { STARTERS } from './examples.js';
import { saveSampleSet } from './samples.js';
import { openWorkspace } from './workspace.js';

const root = document.getElementById('app') as HTMLElement;
const live = h('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
const toast = h('div', { class: 'toast', 'aria-hidden': 'true' });

/** Say `message` to screen readers and show it briefly. */
function announce(message: string): void {
  live.textContent = message;
  toast.textContent = message;
  toast.classList.add('shown');
  clearTimeout(Number(toast.dataset.timer));
  toast.dataset.timer = String(setTimeout(() => toast.classList.remove('shown'), 4000));
}

/**
 * Move focus to the main region's heading (made focusable for it) and say `message`: after signing in and after
 * opening a template, a keyboard or screen-reader user lands on what changed instead of the top of the page.
 */
function focusMain(message: string): void {
  const heading = root.querySelector<HTMLElement>('main h2, main h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
  announce(message);
}

/**
 * Whether this browser signed in and has not signed out: only then is the session asked for on load (asking
 * without one answers 401, which the browser logs as an error on a first visit). Not a secret: just a hint.
 */
const SESSION_HINT = 'pictor-studio-signed-in';
function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT, '1');
    else localStorage.removeItem(SESSION_HINT);
  } catch {
    // Storage refused (private mode): the page asks for the session on every load instead.
  }
}
function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT) !== null;
  } catch {
    return true;
  }
}

// --- Sign-in ---------------------------------------------------------------------------------------------------

function showSignIn(message?: string): void {
  const secret = h('input', { type: 'password', autocomplete: 'off', required: true, spellcheck: 'false' });
  const withKey = h('input', { type: 'radio', name: 'kind', value: 'apiKey', checked: true, id: 'kind-key' });
  const withToken = h('input', { type: 'radio', name: 'kind', value: 'adminToken', id: 'kind-admin' });
  const error = h('p', { class: 'error', role: 'alert' }, message ?? '');
  const secretLabel = h('label', { for: 'secret' }, 'API key');
  secret.id = 'secret';
  const relabel = () => {
    secretLabel.textContent = withKey.checked ? 'API key' : 'Admin token';
  };
  withKey.addEventListener('change', relabel);
  withToken.addEventListener('change', relabel);
  const form = h(
    'form',
    { class: 'sign-in-form', 'aria-label': 'Sign in' },
    h(
      'fieldset',
      {},
      h('legend', {}, 'Sign in with'),
      h('div', { class: 'radio' }, withKey, h('label', { for: 'kind-key' }, 'an API key (one account)')),
      h(
        'div',
        { class: 'radio' },
        withToken,
        h('label', { for: 'kind-admin' }, 'the admin token (every account)'),
      ),
    ),
    h('div', { class: 'field' }, secretLabel, secret),
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    error,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    try {
      const body = withKey.checked ? { apiKey: secret.value.trim() } : { adminToken: secret.value.trim() };
      const identity = await call<Identity>('POST', '/session', body);
      secret.value = '';
      rememberSession(true);
      await showStudio(identity);
      const who =
        identity.kind === 'admin'
          ? 'with the admin token'
          : `to ${identity.accountName ?? identity.accountId}`;
      focusMain(`Signed in ${who}.`);
    } catch (failure) {
      error.textContent = (failure as Error).message;
    }
  });
  replaceChildren(
    root,
    h(
      'main',
      { class: 'sign-in' },
      h('h1', {}, 'Pictor Studio'),
      h(
        'p',
        {},
        'Write templates while looking at them. The key stays on the server: the page keeps only a session.',
      ),
      form,
    ),
    live,
  );
  secret.focus();
}

// --- The studio ------------------------------------------------------------------------------------------------

async function showStudio(identity: Identity): Promise<void> {
  setCsrfToken(identity.csrfToken);
  let accountId = identity.accountId;
  let summaries: TemplateSummary[] = [];
  let selected: string | null = null;
  let workspace: ReturnType<typeof openWorkspace> | undefined;

  const usage = h('span', { class: 'usage', 'aria-live': 'polite' });
  const accountSelect = h('select', {});
  const search = h('input', { type: 'search', placeholder: 'Name or id' });
  const list = h('ul', { class: 'template-list' });
  const workspaceHost = h('div', { class: 'workspace' });

  async function refreshUsage(): Promise<void> {
    if (!accountId) {
      usage.textContent = '';
      return;
    }
    try {
      const data = await call<{ unitsLeft: number; rendersDone: number }>(
        'GET',
        `/usage?accountId=${encodeURIComponent(accountId)}`,
      );
      usage.textContent = `${plural(data.unitsLeft, 'unit')} left · ${plural(data.rendersDone, 'render')} done`;
    } catch {
      usage.textContent = '';
    }
  }

  function renderList(): void {
    const term = search.value.trim().toLowerCase();
    const shown = summaries.filter(
      (t) => !term || t.name.toLowerCase().includes(term) || t.id.toLowerCase().includes(term),
    );
    replaceChildren(
      list,
      ...(shown.length
        ? shown.map((t) =>
            h(
              'li',
              {},
              h(
                'button',
                {
                  type: 'button',
                  class: 'template-item',
                  'aria-current': t.id === selected ? 'true' : null,
                  onclick: () => void select(t),
                },
                h('span', { class: 'name' }, t.name),
                h('span', { class: `badge status-${t.status}` }, t.status),
                h(
                  'span',
                  { class: 'meta' },
                  `${t.id} · ${formatBytes(t.bytes)} · ${t.width}×${t.height} · ${formatTime(t.updatedAt)}`,
                ),
              ),
            ),
          )
        : [h('li', { class: 'muted' }, summaries.length ? 'No template matches.' : 'No templates yet.')]),
    );
  }

  async function refreshList(): Promise<void> {
    const query = accountId ? `?accountId=${encodeURIComponent(accountId)}` : '';
    summaries = (await call<{ templates: TemplateSummary[] }>('GET', `/templates${query}`)).templates;
    renderList();
  }

  async function select(
    template: { id: string; accountId: string },
    values?: Record<string, unknown>,
  ): Promise<void> {
    const id = template.id;
    if (workspace?.isDirty() && selected !== id) {
      announce('The open template has unsaved changes: save the draft first (or reload to drop them).');
      return;
    }
    const record = await call<TemplateRecord>('GET', templatePath(template));
    workspace?.close();
    selected = id;
    renderList();
    workspace = openWorkspace(
      workspaceHost,
      record,
      {
        announce,
        maxDimension: identity.maxDimension,
        changed: () => {
          void refreshList();
          void refreshUsage();
        },
      },
      values,
    );
    focusMain(`Opened "${record.name}" (${record.status}).`);
  }

  function createDialog(): void {
    const name = h('input', { type: 'text', required: true, maxlength: 200 });
    const id = h('input', {
      type: 'text',
      pattern: '[A-Za-z0-9._~\\-]{1,128}',
      placeholder: 'generated when empty',
    });
    const starter = h('select', {}, ...STARTERS.map((s, i) => h('option', { value: String(i) }, s.label)));
    const error = h('p', { class: 'error', role: 'alert' });
    const dialog = h('dialog', { 'aria-label': 'New template' });
    const form = h(
      'form',
      { method: 'dialog' },
      h('h2', {}, 'New template'),
      field('Name', name),
      field('Id', id, 'Letters, digits and the characters . _ ~ - (it appears in URLs)'),
      field('Start from', starter),
      error,
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'submit', class: 'primary' }, 'Create'),
        h('button', { type: 'button', onclick: () => dialog.close() }, 'Cancel'),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const chosen = STARTERS[Number(starter.value)] ?? STARTERS[0];
      if (!chosen) return;
      try {
        const record = await call<TemplateRecord>('POST', '/templates', {
          ...(accountId ? { accountId } : {}),
          ...(id.value.trim() ? { id: id.value.trim() } : {}),
          name: name.value.trim(),
          content: chosen.content,
          variables: chosen.variables,
          width: chosen.width,
          height: chosen.height,
          format: chosen.format,
          ...(chosen.variants ? { variants: chosen.variants } : {}),
        });
        if (Object.keys(chosen.values).length) saveSampleSet(record.id, 'example', chosen.values);
        dialog.close();
        dialog.remove();
        await refreshList();
        await select(record, Object.keys(chosen.values).length ? chosen.values : undefined);
        announce(`Created "${record.name}".`);
      } catch (failure) {
        error.textContent = (failure as Error).message;
      }
    });
    dialog.addEventListener('close', () => dialog.remove());
    dialog.appendChild(form);
    document.body.appendChild(dialog);
    dialog.showModal();
    name.focus();
  }

  async function signOut(): Promise<void> {
    if (workspace?.isDirty()) {
      announce('The open template has unsaved changes: save the draft first.');
      return;
    }
    await call('DELETE', '/session').catch(() => undefined);
    rememberSession(false);
    workspace?.close();
    showSignIn('Signed out.');
  }

  let accountControl: HTMLElement;
  if (identity.kind === 'admin') {
    const accounts = (await call<{ accounts: { id: string; name: string }[] }>('GET', '/accounts')).accounts;
    replaceChildren(
      accountSelect,
      ...accounts.map((a) => h('option', { value: a.id }, `${a.name} (${a.id})`)),
    );
    accountId = accounts[0]?.id ?? null;
    if (accountId) accountSelect.value = accountId;
    accountSelect.addEventListener('change', async () => {
      if (workspace?.isDirty()) {
        accountSelect.value = accountId ?? '';
        announce('The open template has unsaved changes: save the draft first.');
        return;
      }
      accountId = accountSelect.value;
      workspace?.close();
      workspace = undefined;
      selected = null;
      replaceChildren(workspaceHost, emptyState());
      await Promise.all([refreshList(), refreshUsage()]);
    });
    accountControl = h(
      'div',
      { class: 'account' },
      h('label', { for: 'account' }, 'Account (admin)'),
      accountSelect,
    );
    accountSelect.id = 'account';
  } else {
    accountControl = h(
      'span',
      { class: 'account' },
      `Account: ${identity.accountName ?? identity.accountId}`,
    );
  }

  const emptyState = () =>
    h(
      'div',
      { class: 'empty' },
      h('h2', {}, 'Choose a template, or create one'),
      h(
        'p',
        {},
        'Templates are HTML with Mustache tags. The preview renders with the same engine as the API.',
      ),
    );

  replaceChildren(
    root,
    h(
      'header',
      { class: 'top' },
      h('h1', {}, 'Pictor Studio'),
      accountControl,
      usage,
      h('button', { type: 'button', onclick: () => void signOut() }, 'Sign out'),
    ),
    h(
      'div',
      { class: 'layout' },
      h(
        'nav',
        { class: 'sidebar', 'aria-label': 'Templates' },
        h('h2', {}, 'Templates'),
        h('button', { type: 'button', class: 'primary', onclick: createDialog }, 'New template'),
        field('Search templates', search),
        list,
      ),
      h('main', { class: 'main' }, workspaceHost),
    ),
    live,
    toast,
  );
  replaceChildren(workspaceHost, emptyState());
  search.addEventListener('input', renderList);
  await Promise.all([refreshList(), refreshUsage()]);
}

whenSignedOut(() => {
  rememberSession(false);
  showSignIn('The session ended: sign in again.');
});
if (mayHaveSession()) {
  call<Identity>('GET', '/session')
    .then((identity) => showStudio(identity))
    .catch(() => {
      rememberSession(false);
      showSignIn();
    });
} else {
  showSignIn();
}
