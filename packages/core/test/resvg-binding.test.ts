/**
 * resvg loaded without resvg-js's diagnostic-report probe (raster/resvg-binding.ts): the C library told from ldd's
 * script, and the native class wrapped as resvg-js wraps it — the same pixels as @resvg/resvg-js's own `Resvg`.
 */
import { readFileSync } from 'node:fs';
import { Resvg as ResvgJs } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { cLibrary, resvgClass } from '../src/raster/resvg-binding.js';

const Resvg = resvgClass();

describe('resvg binding', () => {
  it("tells glibc from musl by ldd's script", () => {
    expect(cLibrary('# This file is part of the GNU C Library.\nTEXTDOMAIN=libc')).toBe('gnu');
    expect(cLibrary('#!/bin/sh\nexec /lib/ld-musl-x86_64.so.1 --list -- "$@"\n')).toBe('musl');
    expect(cLibrary('#!/bin/sh\necho something else\n')).toBeUndefined();
  });

  it("is the native package's class on this Linux, not resvg-js's wrapper", () => {
    if (process.platform !== 'linux' || cLibrary(readFileSync('/usr/bin/ldd', 'latin1')) === undefined)
      return;
    expect(Resvg).not.toBe(ResvgJs);
  });

  it("draws the same pixels as resvg-js's Resvg, options included", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect x="3" y="2" width="30" height="12" rx="4" fill="#c33" opacity="0.7"/></svg>';
    const options = {
      fitTo: { mode: 'width', value: 80 },
      background: '#eef',
      font: { loadSystemFonts: false },
    } as const;
    const ours = new Resvg(svg, options).render();
    const theirs = new ResvgJs(svg, options).render();
    expect([ours.width, ours.height]).toEqual([80, 40]);
    expect(Buffer.from(ours.pixels).equals(Buffer.from(theirs.pixels))).toBe(true);
  });
});
