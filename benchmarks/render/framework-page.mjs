/**
 * An ordinary Bootstrap 5 page (navbar, hero, three cards, a table, buttons, a form row, an alert) with the
 * framework's whole style sheet (`bootstrap` from npm, dist/css/bootstrap.min.css, 232 KB) in a `<style>`:
 * `frameworkPage(seq, { sheet })` gives the page of the `seq`-th filling (new title and numbers each time).
 * `sheet: false` gives the same page without the style sheet (the baseline the sheet's cost is measured against).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fill } from './fresh-cards.mjs';

const require = createRequire(import.meta.url);
export const BOOTSTRAP_FILE = require.resolve('bootstrap/dist/css/bootstrap.min.css');
const RAW = readFileSync(BOOTSTRAP_FILE, 'utf8');
/**
 * Bootstrap's sheet as the page carries it. Until unknown values are dropped rather than fatal (issue 41,
 * `cssvalues`), its one `text-align: -webkit-match-parent` is taken out here.
 */
export const BOOTSTRAP_CSS = RAW.replace(/text-align:\s*-webkit-match-parent;?/g, '');
export const PAGE_SIZE = { width: 1024, height: 900 };

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page of the `seq`-th filling, with the framework's sheet or (`sheet: false`) without it. */
export function frameworkPage(seq, { sheet = true } = {}) {
  const v = fill(seq);
  const rows = [1, 2, 3, 4]
    .map(
      (i) =>
        `<tr><th scope="row">${i}</th><td>${escapeHtml(v.pick(['Mark', 'Jacob', 'Larry', 'Ada']))}</td><td>${(seq * 7 + i * 13) % 997}</td><td><span class="badge text-bg-${['primary', 'success', 'warning', 'danger'][i - 1]}">${['new', 'done', 'late', 'lost'][i - 1]}</span></td></tr>`,
    )
    .join('');
  const card = (i) => `<div class="col-4"><div class="card h-100">
      <div class="card-body">
        <h5 class="card-title">${escapeHtml(v.pick(['Fast', 'Simple', 'Open', 'Quiet']))} feature ${i}</h5>
        <p class="card-text text-body-secondary">${escapeHtml(v.title)}. Some quick example text to build on the card title.</p>
        <a href="#" class="btn btn-${i === 1 ? 'primary' : 'outline-secondary'} btn-sm">Go somewhere</a>
      </div></div></div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(v.title)}</title>
${sheet ? `<style>${BOOTSTRAP_CSS}</style>` : ''}
</head><body>
<nav class="navbar navbar-expand-lg bg-body-tertiary border-bottom">
  <div class="container-fluid">
    <a class="navbar-brand fw-bold" href="#">Pictor</a>
    <ul class="navbar-nav me-auto mb-0 d-flex flex-row gap-3">
      <li class="nav-item"><a class="nav-link active" aria-current="page" href="#">Home</a></li>
      <li class="nav-item"><a class="nav-link" href="#">Features</a></li>
      <li class="nav-item"><a class="nav-link" href="#">Pricing</a></li>
    </ul>
    <button class="btn btn-outline-success" type="button">Sign in</button>
  </div>
</nav>
<main class="container py-4">
  <div class="p-4 mb-4 bg-body-tertiary rounded-3">
    <h1 class="display-6 fw-bold">${escapeHtml(v.title)}</h1>
    <p class="col-md-8 fs-5">${escapeHtml(v.name)} · ${v.date}. Using a series of utilities, you can create this jumbotron.</p>
    <button class="btn btn-primary btn-lg" type="button">Example button</button>
  </div>
  <div class="alert alert-info" role="alert">A simple info alert, number ${seq + 1}.</div>
  <div class="row g-3 mb-4">${card(1)}${card(2)}${card(3)}</div>
  <table class="table table-striped">
    <thead><tr><th scope="col">#</th><th scope="col">Name</th><th scope="col">Count</th><th scope="col">State</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
</main>
</body></html>`;
}
