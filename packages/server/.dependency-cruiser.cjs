/** The server's layers on top of the repository's import rules (../../.dependency-cruiser.cjs). */
const base = require('../../.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  ...base,
  forbidden: [
    ...base.forbidden,
    {
      name: 'server-base-stays-below',
      severity: 'error',
      comment:
        "The server's base modules (settings, errors, small parsers) are imported by every layer; they import no layer above them.",
      from: {
        path: '^src/(config|errors|s3-location|data-dir|shell-quote|version|optional-module)\\.ts$',
      },
      to: { path: '^src/(storage|services|routes|http|studio|commands)/' },
    },
    {
      name: 'server-services-below-http',
      severity: 'error',
      comment: 'Services and storage know nothing of routes, HTTP plumbing or CLI commands.',
      from: { path: '^src/(services|storage|db)/' },
      to: { path: '^src/(routes|http|commands)/' },
    },
    {
      name: 'server-schemas-below-routes-and-services',
      severity: 'error',
      comment: "The API's JSON Schemas (and the body types derived from them) are read by routes and services alike.",
      from: { path: '^src/schemas/' },
      to: { path: '^src/(routes|http|services|storage|db|studio|commands)/' },
    },
  ],
};
