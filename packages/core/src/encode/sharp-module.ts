/**
 * sharp (libvips), loaded on first use: most cards are opaque PNGs, which `encode/png.ts` writes without it, and a
 * worker that never writes a WebP, JPEG, AVIF or a PNG with alpha, nor reads a picture, never pays for loading it
 * (its native module, libvips and their dependencies: tens of milliseconds of a fresh worker's start).
 */
import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;
let loaded: Sharp | undefined;
const onLoad: ((sharp: Sharp) => void)[] = [];

/** sharp, imported the first time it is asked for. */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    for (const configure of onLoad.splice(0)) configure(sharp);
    loaded = sharp;
    return sharp;
  });
  return loading;
}

/** Apply `configure` to sharp: now if it is loaded, else as it loads (without loading it). */
export function whenSharpLoads(configure: (sharp: Sharp) => void): void {
  if (loaded) configure(loaded);
  else onLoad.push(configure);
}

/** Whether this process has loaded sharp (for tests and stats). */
export function sharpLoaded(): boolean {
  return loaded !== undefined;
}
