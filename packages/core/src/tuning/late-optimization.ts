/**
 * Tuning `lateOptimization` (see index.ts): a V8 flag of worker processes by which a function is optimized only
 * after four times as much of its bytecode ran (V8's interrupt budget, 67,584 bytes, × 4). A page's first renders
 * in a worker that served other pages paid TurboFan on V8's background threads for about a third of their CPU:
 * functions warm on this page's content optimized with the feedback seen so far, then deoptimized by the next
 * object shape and optimized again. Later, fewer of them are compiled, with fuller feedback; the code that runs
 * most is still optimized (benchmarks/render/RESULTS.md, "Twelfth pass: pagespeed6").
 */
export const LATE_OPTIMIZATION = '--interrupt-budget=270336';
