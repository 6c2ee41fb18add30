/**
 * Bare Tailwind utility classes (`class="flex p-4 bg-[#0b1020]"` without the compiled CSS) → satori's `tw`
 * prop. A class some stylesheet of the document styles is left to that stylesheet, so compiled Tailwind
 * CSS in a `<style>` is never applied twice.
 */

const UTILITY =
  /^(?:[a-z0-9-]+:)*-?(?:flex|grid|block|inline|inline-block|inline-flex|hidden|contents|relative|absolute|fixed|static|sticky|container|truncate|italic|not-italic|underline|line-through|no-underline|uppercase|lowercase|capitalize|normal-case|antialiased|grow|shrink|shadow|rounded|border|ring|outline-none|(?:p|px|py|pt|pr|pb|pl|m|mx|my|mt|mr|mb|ml|w|h|min-w|min-h|max-w|max-h|size|gap|gap-x|gap-y|space-x|space-y|inset|inset-x|inset-y|top|right|bottom|left|z|order|basis|grow|shrink|flex|grid-cols|grid-rows|col|row|col-span|row-span|col-start|col-end|row-start|row-end|items|justify|content|self|place|text|font|leading|tracking|bg|from|via|to|border|border-[xytrbl]|rounded|rounded-[a-z]+|shadow|opacity|object|overflow|whitespace|break|line-clamp|decoration|indent|align|list|aspect|tabular|translate-x|translate-y|rotate|scale|skew|origin|transform|fill|stroke|blur|brightness|contrast|grayscale|invert|saturate|sepia|drop-shadow|backdrop|mix-blend|bg-blend|underline-offset)-.+)$/;

/** Class names a bare Tailwind setup would style: the utilities no stylesheet of the document mentions. */
export function tailwindUtilities(classes: string[], styledClasses: Set<string>): string[] {
  return classes.filter((c) => !styledClasses.has(c) && UTILITY.test(c));
}
