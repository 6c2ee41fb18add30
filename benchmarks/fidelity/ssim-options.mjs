/** The two SSIM measures the fidelity benchmark reports (run.mjs's header explains them), as ssim.js options. */

/** SSIM at full resolution (ssim.js `fast`, 11 px window). */
export const SSIM_OPTIONS = {
  ssim: 'fast',
  windowSize: 11,
  k1: 0.01,
  k2: 0.03,
  bitDepth: 8,
  downsample: false,
};

/** dSSIM: the SSIM authors' reference method (`ssim.m`), downsampled to at most 256 px. */
export const DSSIM_OPTIONS = {
  ssim: 'original',
  rgb2grayVersion: 'original',
  windowSize: 11,
  k1: 0.01,
  k2: 0.03,
  bitDepth: 8,
  downsample: 'original',
  maxSize: 256,
};
