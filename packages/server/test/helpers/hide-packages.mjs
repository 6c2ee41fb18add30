// Loaded with `node --import` by optional-drivers.test.ts: make the packages named in PICTOR_TEST_HIDE_PACKAGES
// (comma-separated) unresolvable, as if they were not installed.
import { register } from 'node:module';

const hidden = (process.env.PICTOR_TEST_HIDE_PACKAGES ?? '').split(',').filter(Boolean);
const hooks = `
const hidden = ${JSON.stringify(hidden)};
export async function resolve(specifier, context, next) {
  if (hidden.some((name) => specifier === name || specifier.startsWith(name + '/'))) {
    const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
