/** Types of slow-text.mjs. */
export function slowTextHtml(repeats?: number): string;
export const SLOW_TEXT_LIMIT: number;
