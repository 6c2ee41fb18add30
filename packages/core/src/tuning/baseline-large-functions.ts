/**
 * Tuning `baselineLargeFunctions` (see index.ts): a V8 flag of worker processes by which functions of more than
 * 20,000 bytes of bytecode run as baseline code, never optimized. satori's `layout` (one generator run for every
 * element, ~27,000 bytes) met new object shapes on most documents and was deoptimized, then optimized again on V8's
 * background threads, render after render: that compiling cost more CPU than its optimized code saved
 * (benchmarks/render/RESULTS.md, "Page CPU, seventh pass"). V8's own limit is 61,440 bytes.
 */
export const BASELINE_LARGE_FUNCTIONS = '--max-optimized-bytecode-size=20000';
