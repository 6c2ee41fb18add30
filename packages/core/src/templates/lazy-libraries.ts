/**
 * The template libraries (ajv, re2js, mustache), loaded on their first use rather than on import: a process that
 * imports @pictor/core, or a worker that starts, without compiling a template does not pay for them (ajv alone took
 * 0.2–0.4 s and a few MiB to load). Each has a CommonJS build, required synchronously here.
 */
import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv';
import type MustacheModule from 'mustache';
import type * as Re2Module from 're2js';

const require = createRequire(import.meta.url);

let ajv: typeof AjvModule | undefined;
let re2: typeof Re2Module | undefined;
let mustache: typeof MustacheModule | undefined;

/** ajv's module (its `Ajv` class). */
export function ajvLibrary(): typeof AjvModule {
  ajv ??= require('ajv') as typeof AjvModule;
  return ajv;
}

/** re2js's module (its `RE2JS` class). */
export function re2Library(): typeof Re2Module {
  re2 ??= require('re2js') as typeof Re2Module;
  return re2;
}

/** mustache.js (its `Writer`). */
export function mustacheLibrary(): typeof MustacheModule {
  mustache ??= require('mustache') as typeof MustacheModule;
  return mustache;
}
