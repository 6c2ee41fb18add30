/** Types of slow-text.mjs. */
export function slowTextHtml(repeats?: number): string;
