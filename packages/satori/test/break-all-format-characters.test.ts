/**
 * Pictor (break-all-format-characters): under `word-break: break-all` a format character (soft hyphen, zero-width
 * space) stays with the grapheme before it. As a word of its own it was measured as nothing while the run drawn
 * around it gave it an advance, so the text after it was drawn over the next word. Pinned against Chromium by
 * packages/core/test/repros/break-all-format-characters.html.
 */
import { describe, expect, it } from 'vitest';
import { splitByBreakOpportunities } from '../src/utils.js';

describe('break-all with format characters', () => {
  it('joins a soft hyphen and a zero-width space to the grapheme before them', () => {
    const { words, requiredBreaks } = splitByBreakOpportunities('ab\u00ADc d\u200Be', 'break-all');
    expect(words).toEqual(['a', 'b\u00AD', 'c', ' ', 'd\u200B', 'e']);
    expect(requiredBreaks).toEqual([false, false, false, false, false, false]);
  });

  it('keeps a format character that starts the text as a word of its own', () => {
    expect(splitByBreakOpportunities('\u00ADab', 'break-all').words).toEqual(['\u00AD', 'a', 'b']);
  });

  it('still ends a line at a kept line feed', () => {
    const { words, requiredBreaks } = splitByBreakOpportunities('a\u00AD\nb', 'break-all');
    expect(words).toEqual(['a\u00AD', '\n', 'b']);
    expect(requiredBreaks).toEqual([false, false, true]);
  });
});

describe('break-all with cursive scripts', () => {
  it('keeps the letters of a Persian or Arabic word together, and breaks between other graphemes', () => {
    expect(splitByBreakOpportunities('متن ab', 'break-all').words).toEqual(['متن', ' ', 'a', 'b']);
    expect(splitByBreakOpportunities('نص\u00ADعربي', 'break-all').words).toEqual(['نص\u00ADعربي']);
  });
});
