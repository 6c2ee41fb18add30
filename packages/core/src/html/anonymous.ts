/**
 * The prop of a converted anonymous box (an anonymous table, row or cell of CSS 2.1 §17.2.1, a ruby pair, a MathML
 * script column): our satori matches no selector on it and matches its children as its parent's (its change
 * anonymous-boxes-unmatched).
 */
export const ANONYMOUS_PROP = 'data-pictor-anonymous';

/**
 * The prop that carries an element's `style` attribute as written (its `style` prop holds the parsed declarations):
 * our satori matches attribute selectors on `style` (`[style*="--"]`, as Expressive Code colours its tokens) with it.
 */
export const STYLE_TEXT_PROP = 'data-pictor-style';
