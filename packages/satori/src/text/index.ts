/**
 * This module calculates the layout of a text string. Currently the only
 * supported inline node is text. All other nodes are using block layout.
 */
import {
  rtlStartsAtRight,
  startWhenOverflowing,
} from './pictor-overflow-line-start.js'
import type { LayoutContext } from '../layout.js'
import {
  segment,
  splitImages,
  wordSeparators,
  buildXMLString,
  isUndefined,
  lengthToNumber,
  roundUpToLayout,
  withinAvailable,
} from '../utils.js'
import { inMeasuredUnits } from '../pictor-layout-unit-text.js'
import { LayoutNode, exactAlignment } from '../layout-engine/index.js'
import buildText, {
  buildGlyphPaths,
  container,
  getTextFillColor,
  getTextStrokeAttributes,
} from '../builder/text.js'
import { buildDropShadow } from '../builder/shadow.js'
import buildDecoration, {
  getDecorationLines,
  getDecorationThickness,
  getUnderlineY,
} from '../builder/text-decoration.js'
import { getSyntheticBoldWidth, type GlyphBox } from '../font.js'
import { Locale } from '../language.js'
import { HorizontalEllipsis, Space, Tab } from './characters.js'
import { genMeasurer } from './measurer.js'
import {
  getTabAdvance,
  getTabWidth,
  preprocess,
  resolveTextAlign,
} from './processor.js'
import { getFontFeatureSettings } from './font-features.js'
import { hasRTL, reorderLine, splitByDirection } from './bidi.js'
import { paragraphDirection, resolvePieceLevels } from './pictor-bidi.js'
import {
  endsWithClosingMark,
  withTrimmedEnd,
} from './pictor-cjk-spacing.js'
import cssColorParse from 'parse-css-color'
import { isOutside } from '../culling.js'
import { isJustificationOpportunity } from './pictor-justify-opportunities.js'
import { emojiLineBox, emojiTop, isEmojiPiece } from './pictor-emoji-box.js'
import { emBoxDescent } from '../builder/pictor-underline-under.js'
import { LINE_FIT_SLACK } from './pictor-line-fit.js'
import { kernsWithoutSpace, pairKerning } from './pictor-word-kerning.js'
import { fittingGraphemes, hasCursive } from './pictor-cursive-spacing.js'
import { effectiveWordBreak } from './pictor-line-breaks.js'

/** Pictor (soft-hyphen-break): the soft hyphen, and the hyphen drawn where a line breaks at it. */
const SHY = '\u00AD'
const HYPHEN = '\u2010'

const skippedWordWhenFindingMissingFont = new Set([Tab])

function shouldSkipWhenFindingMissingFont(word: string): boolean {
  return skippedWordWhenFindingMissingFont.has(word)
}

function isFullyTransparent(color: string): boolean {
  if (color === 'transparent') return true
  const parsed = cssColorParse(color)
  return parsed ? parsed.alpha === 0 : false
}

function isOpaqueWhite(color: string): boolean {
  if (!color) return false
  const parsed = cssColorParse(color)
  if (!parsed) return false
  const [r, g, b, a] = parsed.values
  return r === 255 && g === 255 && b === 255 && (a === undefined || a === 1)
}

export default async function* buildTextNodes(
  content: string,
  context: LayoutContext
): AsyncGenerator<{ word: string; locale?: Locale }[], string, [any, any]> {
  const {
    parentStyle,
    inheritedStyle,
    parent,
    font,
    id,
    isInheritingTransform,
    debug,
    embedFont,
    graphemeImages,
    locale,
    canLoadAdditionalAssets,
    pointScaleFactor,
    paintBounds,
  } = context

  const {
    textAlign,
    textIndent = 0,
    lineHeight,
    textWrap,
    fontSize,
    filter: cssFilter,
    letterSpacing,
    wordSpacing,
    _inheritedBackgroundClipTextPath,
    _inheritedBackgroundClipTextHasBackground,
  } = parentStyle
  const fontFeatureSettings = getFontFeatureSettings(parentStyle)
  // Pictor (break-all-cursive-words): a line may break between any two letters.
  const breaksAnywhere = effectiveWordBreak(parentStyle) === 'break-all'

  const {
    words: segmentedWords,
    requiredBreaks: segmentedRequiredBreaks,
    allowSoftWrap,
    allowBreakWord,
    allowBreakWordInMinContent,
    processedContent,
    shouldCollapseTabsAndSpaces,
    lineLimit,
    blockEllipsis,
  } = preprocess(content, parentStyle, locale)

  // Pictor (unknown-values-dropped): `textAlign` is checked where the style is
  // computed (an unknown value is dropped there), not here, where it aborted
  // the whole layout.

  // Lines start at the right with `rtl`. Their pieces are reordered with the
  // bidi algorithm with `rtl`, or when they have right-to-left text, see
  // `reorderLines()`.
  // Pictor (bidi-plaintext): the paragraph's direction, `direction` unless
  // `unicode-bidi: plaintext` finds it in the text.
  const isRTL = paragraphDirection(parentStyle) === 'rtl'
  const align = resolveTextAlign(textAlign, paragraphDirection(parentStyle))
  const needsBidi = isRTL || hasRTL(processedContent)

  // The indent of the first line, at its start. Percentages are of the width
  // the text is laid out in, and of 0 for its max-content size.
  const getIndent = (width: number) => {
    const indent =
      typeof textIndent === 'string'
        ? lengthToNumber(textIndent, fontSize, width, parentStyle, true)
        : textIndent
    return Number.isFinite(indent) ? (indent as number) : 0
  }

  // Like the anonymous flex item around text in CSS, or the paragraph of a
  // block container.
  const textContainer = context.textNode ?? new LayoutNode({ flexShrink: 1 })
  if (!context.textNode) parent.insertChild(textContainer)

  // Get the correct font according to the container style.
  // https://www.w3.org/TR/CSS2/visudet.html
  let engine = font.getEngine(fontSize, lineHeight, parentStyle, locale)

  // Yield segments that are missing a font.
  const wordsMissingFont = canLoadAdditionalAssets
    ? segment(processedContent, 'grapheme').filter(
        (word) => !shouldSkipWhenFindingMissingFont(word) && !engine.has(word)
      )
    : []

  yield wordsMissingFont.map((word) => {
    return {
      word,
      locale,
    }
  })

  if (wordsMissingFont.length) {
    // Reload the engine with additional fonts.
    engine = font.getEngine(fontSize, lineHeight, parentStyle, locale)
  }

  function isImage(s: string): boolean {
    return !!(
      graphemeImages &&
      Object.prototype.hasOwnProperty.call(graphemeImages, s) &&
      graphemeImages[s]
    )
  }
  const hasImages = !!graphemeImages && Object.keys(graphemeImages).length > 0
  // Pictor (emoji-box): an emoji's line box is its own (Twemoji's), not the
  // last fallback font's.
  const wordHeight = (word: string) =>
    isEmojiPiece(word, lineHeight, isImage)
      ? emojiLineBox(fontSize).height
      : engine.height(word)
  const wordBaseline = (word: string) =>
    isEmojiPiece(word, lineHeight, isImage)
      ? emojiLineBox(fontSize).baseline
      : engine.baseline(word)
  // Pictor (line-box-union): a line's ascent and descent are each the
  // largest of its pieces' (their fonts' with line-height: normal) and of the
  // strut's (the first available font's), as Blink unites them; satori took
  // the tallest piece's box and baseline, 1 px short and high when a fallback
  // face is taller but has a smaller ascent (Noto Sans Bengali after Inter).
  const uniteLineBox = (
    height: number,
    baseline: number,
    word: string
  ): [height: number, baseline: number] => {
    const boxes: [number, number][] = [
      [wordHeight(word), Math.round(wordBaseline(word))],
    ]
    if (height > 0) boxes.push([height, baseline])
    if (lineHeight === 'normal') {
      // The first available font: the first with a space (CSS Fonts 4).
      boxes.push([engine.height(' '), Math.round(engine.baseline(' '))])
    }
    // Pictor (line-height-below-content): a line-height smaller than the
    // font's ascent + descent gives a negative half-leading, so a box may
    // reach less than nothing below its baseline; starting from 0 made such
    // a line as tall as its baseline (18 px text at line-height: 9px: 11 px).
    let ascent = -Infinity
    let descent = -Infinity
    for (const [h, b] of boxes) {
      ascent = Math.max(ascent, b)
      descent = Math.max(descent, h - b)
    }
    return [ascent + descent, ascent]
  }

  const { measureGrapheme, measureGraphemeArray, measureText } = genMeasurer(
    engine,
    isImage,
    {
      fontSize,
      letterSpacing,
      wordSpacing: wordSpacing as number,
      fontFeatureSettings,
    },
    hasImages
  )

  const tabWidth = getTabWidth(parentStyle, measureGrapheme(Space))

  // Pictor (soft-hyphen-break): the hyphen a soft hyphen shows at a line end.
  let hyphen: string | undefined
  const hyphenText = () => (hyphen ??= engine.has(HYPHEN) ? HYPHEN : '-')
  let hyphenAdvance: number | undefined
  const hyphenWidth = () => (hyphenAdvance ??= measureText(hyphenText()))

  const tabAdvance = (x: number, count: number) =>
    getTabAdvance(x, count, tabWidth, measureGrapheme(Space))

  const calc = (
    text: string,
    currentWidth: number
  ): {
    originWidth: number
    endingSpacesWidth: number
    text: string
  } => {
    if (text.length === 0) {
      return {
        originWidth: 0,
        endingSpacesWidth: 0,
        text,
      }
    }

    let originWidth = 0

    if (text.includes(Tab)) {
      // Tabs move to the next tab stop, from the start of the line.
      let x = currentWidth
      for (const part of text.split(/(\t+)/)) {
        if (part) {
          x += part[0] === Tab ? tabAdvance(x, part.length) : measureText(part)
        }
      }
      originWidth = x - currentWidth
    } else {
      originWidth = measureText(text)
    }

    const afterTrimEndWidth =
      text.trimEnd() === text ? originWidth : measureText(text.trimEnd())

    return {
      originWidth,
      endingSpacesWidth: originWidth - afterTrimEndWidth,
      text,
    }
  }

  // Global variables used to compute the text layout.
  // @TODO: Use segments instead of words to properly support kerning.
  let lineWidths = []
  // Pictor (forced-break-not-justified): the lines a kept line feed ends.
  let forcedEnds = new Set<number>()
  let baselines = []
  // Pictor (multi-column): the bottom of each line, where a column may end.
  let lineEnds: number[] = []
  let lastBaseline: number | undefined
  let lineSegmentNumber = []
  let texts: string[] = []
  let wordPositionInLayout: (null | {
    x: number
    y: number
    /** Pictor (line-tops-from-exact-box): the line's top before rounding. */
    lineTop: number
    width: number
    line: number
    lineIndex: number
    isImage: boolean
    /** With bidi, how far `justify` moves the piece. */
    justifyShift?: number
    /** Pictor (cjk-closing-at-line-end): its closing mark is set half-width. */
    trimsEnd?: boolean
  })[] = []

  // Whether the min-content size is measured, see `canBreakWords()`.
  let measuringMinContent = false

  // With the given container width, compute the text layout.
  function flow(width: number) {
    let lines = 0
    let maxWidth = 0
    let lineIndex = -1
    // Pictor (cjk-justify): the word before on the line, if any.
    let previousWord: string | undefined
    let height = 0
    let currentWidth = 0
    let currentLineHeight = 0
    let currentBaselineOffset = 0

    lineWidths = []
    forcedEnds = new Set<number>()
    baselines = []
    lineEnds = []
    lineSegmentNumber = [1]
    texts = []
    wordPositionInLayout = []

    // The text is laid out with several widths, and words may be broken for
    // one of them, so keep the original words.
    const words = segmentedWords.slice()
    const requiredBreaks = segmentedRequiredBreaks.slice()

    // The first line is shorter by the indent. Tab stops are from the start
    // of the container, before the indent.
    const indent = getIndent(width)
    const lineIndent = () => (lines === 0 ? indent : 0)

    // We naively implement the width calculation without proper kerning.
    // @TODO: Support different writing modes.
    let i = 0
    let prevLineEndingSpacesWidth = 0
    while (i < words.length && lines < lineLimit) {
      let word = words[i]
      const forceBreak = requiredBreaks[i]

      let w = 0

      const {
        originWidth,
        endingSpacesWidth,
        text: _word,
      } = calc(word, currentWidth + lineIndent())
      word = _word

      w = originWidth
      let lineEndingSpacesWidth = endingSpacesWidth
      // Pictor (kerning-across-words): a space's kerning with the next word,
      // part of the space that hangs at a line's end.
      if (
        endingSpacesWidth &&
        i + 1 < words.length &&
        !requiredBreaks[i + 1] &&
        word[word.length - 1] === ' ' &&
        words[i + 1]
      ) {
        const adjust = pairKerning(measureText, word, words[i + 1], {
          engine,
          variant: `${fontSize}\u0001${fontFeatureSettings}`,
        })
        w += adjust
        lineEndingSpacesWidth += adjust
      }

      // Pictor (kerning-without-space): the kerning of the word before on
      // this line with this one when no space is between them (a break
      // opportunity between CJK characters, after a hyphen), as Chromium
      // shapes the run whole; gone if the line breaks between them.
      const kernBefore =
        previousWord !== undefined &&
        !forceBreak &&
        kernsWithoutSpace(previousWord, word)
          ? pairKerning(measureText, previousWord, word, {
              engine,
              variant: `${fontSize}\u0001${fontFeatureSettings}`,
            })
          : 0

      // When starting a new line from an empty line, we should push one extra
      // line height.
      if (forceBreak && currentLineHeight === 0) {
        currentLineHeight = wordHeight(word)
      }

      const allowedToJustify = textAlign === 'justify'

      // Pictor (soft-hyphen-break): a word that ends at a soft hyphen fits
      // only with the hyphen drawn there if the line ends after it.
      const hyphenRoom = word.endsWith(SHY) ? hyphenWidth() : 0
      let willWrap =
        i &&
        // When determining whether a line break is necessary, the width of the
        // trailing spaces is not included in the calculation, as the end boundary
        // can be closely adjacent to the last non-space character.
        // e.g.
        // 'aaa bbb ccc'
        // When the break line happens at the end of the `bbb`, what we see looks like this
        // |aaa bbb|
        // |ccc    |
        // Pictor (line-fit-layout-unit): up to a layout unit over still fits.
        currentWidth + kernBefore + w + hyphenRoom >
          width - lineIndent() + lineEndingSpacesWidth + LINE_FIT_SLACK &&
        allowSoftWrap
      // Pictor (cjk-closing-at-line-end): a closing mark that overflows by at
      // most its blank half is trimmed to half and stays on the line.
      let trimmedEnd = 0
      if (willWrap && !forceBreak && endsWithClosingMark(word)) {
        const trimmed = engine.measure(word, {
          fontSize,
          letterSpacing,
          wordSpacing: wordSpacing as number,
          fontFeatureSettings: withTrimmedEnd(fontFeatureSettings),
        })
        if (
          trimmed < w &&
          currentWidth + kernBefore + trimmed <=
            width - lineIndent() + LINE_FIT_SLACK
        ) {
          trimmedEnd = w - trimmed
          w = trimmed
          willWrap = false
        }
      }

      // Pictor (break-all-cursive-words): under break-all a cursive word (kept
      // whole so that it is measured in its joined forms) that does not fit
      // breaks at the letter that fills the line, each part measured as it is
      // drawn: shaped on its own, as Chromium shapes each line's text.
      if (
        breaksAnywhere &&
        !forceBreak &&
        (willWrap || (!currentWidth && w > width - lineIndent())) &&
        hasCursive(word)
      ) {
        const graphemes = segment(word, 'grapheme')
        const room = width - lineIndent() + LINE_FIT_SLACK - currentWidth - kernBefore
        const fitting = fittingGraphemes(
          graphemes,
          room,
          measureText,
          !currentWidth
        )
        if (fitting > 0 && fitting < graphemes.length) {
          words.splice(
            i,
            1,
            graphemes.slice(0, fitting).join(''),
            graphemes.slice(fitting).join('')
          )
          requiredBreaks.splice(i, 1, requiredBreaks[i], false)
          continue
        }
      }

      // Need to break the word if:
      // - we have break-word
      // - the word is wider than the container width
      // - the word will be put at the beginning of the line
      // A single grapheme can't be broken, even if it's wider than the
      // container, e.g. when measuring the min-content width.
      const needToBreakWord =
        (measuringMinContent ? allowBreakWordInMinContent : allowBreakWord) &&
        w > width - lineIndent() &&
        (!currentWidth || willWrap || forceBreak)
      const chars = needToBreakWord ? segment(word, 'grapheme') : undefined

      if (chars && chars.length > 1) {
        // Break the word into multiple segments and continue the loop.
        words.splice(i, 1, ...chars)
        requiredBreaks.splice(
          i,
          1,
          forceBreak,
          ...chars.slice(1).map(() => false)
        )
        if (currentWidth > 0) {
          // Start a new line, spaces can be ignored.
          lineWidths.push(currentWidth - prevLineEndingSpacesWidth)
          baselines.push(currentBaselineOffset)
          lines++
          height += currentLineHeight
          lineEnds.push(height)
          currentWidth = 0
          currentLineHeight = 0
          currentBaselineOffset = 0
          lineSegmentNumber.push(1)
          lineIndex = -1
          previousWord = undefined
        }
        prevLineEndingSpacesWidth = lineEndingSpacesWidth
        continue
      }
      if (forceBreak || willWrap) {
        // Start a new line, spaces can be ignored.
        if (shouldCollapseTabsAndSpaces && word === Space) {
          w = 0
        } else if (word.includes(Tab)) {
          w = calc(word, 0).originWidth
        }

        if (forceBreak) forcedEnds.add(lineWidths.length)
        lineWidths.push(
          currentWidth -
            prevLineEndingSpacesWidth +
            // Pictor (soft-hyphen-break): the hyphen drawn at its end.
            (previousWord?.endsWith(SHY) ? hyphenWidth() : 0)
        )
        baselines.push(currentBaselineOffset)
        lines++
        height += currentLineHeight
        lineEnds.push(height)
        currentWidth = w
        // Pictor (line-height-exact): line boxes keep their fractions, as
        // Chrome stacks them; glyphs are drawn on whole pixels (below).
        ;[currentLineHeight, currentBaselineOffset] = w
          ? uniteLineBox(0, 0, word)
          : [0, 0]
        lineSegmentNumber.push(1)
        lineIndex = -1
        previousWord = undefined

        // If it's naturally broken, we update the max width.
        // Since if there are multiple lines, the width should fit the
        // container.
        if (!forceBreak) {
          maxWidth = Math.max(maxWidth, width)
        }
      } else {
        // It fits into the current line.
        currentWidth += kernBefore + w
        ;[currentLineHeight, currentBaselineOffset] = uniteLineBox(
          currentLineHeight,
          currentBaselineOffset,
          word
        )
      }

      // Pictor (cjk-justify): a justified line is widened only where Chromium
      // widens it (after spaces, around CJK characters), not at every break
      // opportunity: `lineIndex` counts those places before the word.
      if (
        allowedToJustify &&
        (previousWord === undefined ||
          isJustificationOpportunity(previousWord, word))
      ) {
        if (previousWord !== undefined) {
          lineSegmentNumber[lineSegmentNumber.length - 1]++
        }
        lineIndex++
      }
      previousWord = word

      // Pictor (pre-line-break-width): white space that collapses, and the
      // kept line break of `pre-line`, hang at the end of a line: they take
      // no room there, in the width of the text as in its alignment.
      const hanging = shouldCollapseTabsAndSpaces ? lineEndingSpacesWidth : 0
      maxWidth = Math.max(maxWidth, currentWidth - hanging + lineIndent())

      let x = currentWidth - w

      if (w === 0) {
        wordPositionInLayout.push({
          // Pictor (line-height-exact): each line top rounded where its glyphs go.
          y: Math.round(height),
          lineTop: height,
          x,
          width: 0,
          line: lines,
          lineIndex,
          isImage: false,
        })
      } else {
        let _texts = segment(word, 'word')
        // Images in words, e.g. consecutive keycaps, are drawn apart.
        if (hasImages) _texts = _texts.flatMap((s) => splitImages(s, isImage))
        // Parts of words in different directions are reordered separately.
        if (needsBidi) _texts = _texts.flatMap(splitByDirection)

        for (let j = 0; j < _texts.length; j++) {
          const _text = _texts[j]
          let _width = 0
          let _isImage = false

          if (isImage(_text)) {
            _width = fontSize
            _isImage = true
          } else if (_text[0] === Tab) {
            _width = tabAdvance(x + lineIndent(), _text.length)
          } else if (!embedFont && _text.length > 1) {
            // When embedFont is false, use measureText for multi-character strings
            // to ensure consistency with how currentWidth is accumulated (sum of
            // grapheme widths). measureGrapheme uses getAdvanceWidth which includes
            // kerning, causing position mismatches between consecutive <text> elements.
            _width = measureText(_text)
          } else {
            _width = measureGrapheme(_text)
          }

          // Pictor (cjk-closing-at-line-end): the trimmed mark's piece.
          const trimsEnd = trimmedEnd > 0 && j === _texts.length - 1
          if (trimsEnd) _width -= trimmedEnd

          texts.push(_text)
          wordPositionInLayout.push({
            y: Math.round(height),
            lineTop: height,
            x,
            width: _width,
            line: lines,
            lineIndex,
            isImage: _isImage,
            ...(trimsEnd ? { trimsEnd } : {}),
          })

          // Widths include the letter spacing after each character, so they
          // add up to the width of the word.
          x += _width
        }
      }

      i++
      prevLineEndingSpacesWidth = lineEndingSpacesWidth
    }

    if (currentWidth) {
      if (lines < lineLimit) {
        height += currentLineHeight
        lineEnds.push(height)
      }
      lines++
      // Pictor (pre-line-break-width): the last line's too (`<address>` text
      // ending with a kept break: a right-aligned last line sat left of it).
      lineWidths.push(
        currentWidth -
          (shouldCollapseTabsAndSpaces ? prevLineEndingSpacesWidth : 0)
      )
      baselines.push(currentBaselineOffset)
      lastBaseline = height - currentLineHeight + currentBaselineOffset
    } else {
      lastBaseline = lines ? height : undefined
    }

    // @TODO: Support `line-height`.
    return { width: maxWidth, height }
  }

  // It's possible that the text's measured size is different from the container's
  // size, because the container might have a fixed width or height or being
  // expanded by its parent.
  let measuredTextSize = { width: 0, height: 0 }
  const layoutText = (containerWidth: number) => {
    const { width, height } = flow(containerWidth)

    // When doing `text-wrap: balance`, we reflow the text multiple times
    // using binary search to find the best width.
    // https://www.w3.org/TR/css-text-4/#valdef-text-wrap-balance
    if (textWrap === 'balance') {
      let l = width / 2
      let r = width
      let m: number = width
      while (l + 1 < r) {
        m = (l + r) / 2
        const { height: mHeight } = flow(m)
        if (mHeight > height) {
          l = m
        } else {
          r = m
        }
      }
      // The lines are balanced, but like in browsers, the size of the text
      // doesn't change.
      flow(r)
      // Pictor (measure-within-available): not past the available width.
      const _width = withinAvailable(
        roundUpToLayout(width, pointScaleFactor),
        width,
        containerWidth
      )
      measuredTextSize = { width: _width, height }
      return { width: _width, height, exactWidth: width }
    }

    // Pictor (text-wrap-pretty-greedy): `text-wrap: pretty` keeps the greedy
    // breaks. Chromium re-breaks at most the last four lines, and only where
    // its least-cost breaks say so (a one-word last line often stays); satori
    // flowed the whole paragraph again at 90% of its width whenever the last
    // line was short, which moved every line of a Standard Ebooks chapter.

    // Pictor (measure-within-available): not past the available width.
    const _width = withinAvailable(
      roundUpToLayout(width, pointScaleFactor),
      width,
      containerWidth
    )
    measuredTextSize = { width: _width, height }
    return { width: _width, height, exactWidth: width }
  }

  // The layout engine measures the text several times, often with the same
  // width. The size only depends on the width, so cache it. `flowedWidth` is
  // the width that the line state, e.g. `lineWidths`, was computed for.
  const measureCache = new Map<
    number,
    {
      width: number
      height: number
      firstBaseline?: number
      lastBaseline?: number
      exactWidth?: number
    }
  >()
  let flowedWidth: number | undefined
  const measure = (
    containerWidth: number,
    _height?: number,
    _exclusions?: unknown,
    minContent = false
  ) => {
    // The min-content size may break fewer words than a width of 0.
    const key = minContent ? -1 : containerWidth
    let cached = measureCache.get(key)
    if (!cached) {
      measuringMinContent = minContent
      cached = { ...layoutText(containerWidth), lastBaseline }
      // The first line starts at the top. Without baselines, the layout would
      // align the text by its bottom, e.g. with `alignItems: baseline`.
      if (baselines.length) cached.firstBaseline = baselines[0]
      measuringMinContent = false
      flowedWidth = minContent ? undefined : containerWidth
      measureCache.set(key, cached)
    }
    // Pictor (table-column-layout-units): to 1/64 px for a table's columns.
    return inMeasuredUnits(cached, pointScaleFactor)
  }
  textContainer.measure = measure
  textContainer.lastBaseline = (width) => {
    measure(width)
    return measureCache.get(width).lastBaseline
  }
  // Pictor (inline-table-first-baseline): see findFirstBaseline in inline.ts.
  textContainer.firstBaseline = (width) => {
    measure(width)
    return measureCache.get(width).firstBaseline
  }
  // Pictor (multi-column): where a column may end inside the text.
  textContainer.lineEnds = (width) => {
    layoutText(width)
    flowedWidth = width
    return [...lineEnds]
  }

  const [x, y] = yield

  let result = ''
  let backgroundClipDef = ''

  const clipPathId = inheritedStyle._inheritedClipPathId as string | undefined
  const overflowMaskId = inheritedStyle._inheritedMaskId as number | undefined
  const fillColor = getTextFillColor(parentStyle)

  const {
    left: containerLeft,
    top: containerTop,
    width: containerWidth,
    height: containerHeight,
  } = textContainer.layout

  // The layout engine may have measured the text with other widths last, so
  // lay it out again with the final width.
  // Pictor (plain-text-at-measured-width): unless the last measurement was
  // narrower by less than a pixel, the box's width having been rounded up
  // from it: the lines stay broken as measured, as Chromium breaks them in
  // the exact width (a line of 639 px wraps in a 638.66 px paragraph), and as
  // lines-at-measured-width does for inline content.
  const measuredBelow =
    flowedWidth !== undefined &&
    flowedWidth < containerWidth &&
    containerWidth - flowedWidth < 1
  if (flowedWidth !== containerWidth && !measuredBelow)
    layoutText(containerWidth)
  // Pictor (line-tops-from-exact-box): each line's glyphs on the pixel its
  // top rounds to on the page from where the box was laid out, not from
  // where rounding put the box, as in Chromium: a paragraph at y 49.56 has
  // its second line of 24.72 px at 74.28, drawn from 74, not 75.
  const exactTop = textContainer.roundedBy?.top ?? 0
  for (const piece of wordPositionInLayout) {
    if (piece) piece.y = Math.round(piece.lineTop + exactTop)
  }

  const textIndentNumber = getIndent(containerWidth)
  // Pictor (align-in-exact-box): right and centre alignment in the box as it
  // was laid out, not as it was rounded.
  const exact = exactAlignment(textContainer)
  const parentContainerInnerWidth = parent.contentWidth

  // The pieces of each line are positioned by their bidi levels, which are
  // also the directions they're shaped in. Lines are from the right with
  // `rtl`. Without right-to-left text, they're in logical order.
  const baseLevel = isRTL ? 1 : 0
  const levels = needsBidi ? reorderLines() : undefined
  function reorderLines() {
    // Pictor (bidi-numbers): levels from the whole paragraph's characters,
    // so separators between numbers (10:02, 2025/04/18) keep their order.
    const pieceLevels = resolvePieceLevels(
      wordPositionInLayout.map((_, i) => texts[i] ?? ''),
      isRTL ? 'rtl' : 'ltr'
    )
    for (let start = 0; start < wordPositionInLayout.length; ) {
      const line = wordPositionInLayout[start]?.line
      let end = start + 1
      while (
        end < wordPositionInLayout.length &&
        wordPositionInLayout[end]?.line === line
      ) {
        end++
      }
      const pieces = wordPositionInLayout.slice(start, end)
      if (line === undefined || pieces.some((piece) => !piece)) {
        start = end
        continue
      }

      // L1: spaces at the end of a line have the base level.
      for (let i = end - 1; i >= start && !texts[i]?.trim(); i--) {
        pieceLevels[i] = baseLevel
      }
      const lefts = reorderLine(
        pieces,
        pieceLevels.slice(start, end),
        lineWidths[line] ?? 0
      )
      pieces.forEach((piece, index) => {
        piece.x = lefts[index]
      })

      // Justified lines are widened between pieces of different words, from
      // the left.
      if (
        align === 'justify' &&
        line < lineWidths.length - 1 &&
        !forcedEnds.has(line)
      ) {
        const order = pieces
          .map((_, index) => index)
          .sort((a, b) => pieces[a].x - pieces[b].x)
        const isGap = (k: number) =>
          k > 0 && pieces[order[k]].lineIndex !== pieces[order[k - 1]].lineIndex
        const gaps = order.filter((_, k) => isGap(k)).length
        const remainingWidth =
          containerWidth -
          lineWidths[line] -
          (line === 0 ? textIndentNumber : 0)
        const gutter = gaps ? remainingWidth / gaps : 0
        let count = 0
        order.forEach((index, k) => {
          if (isGap(k)) count++
          pieces[index].justifyShift = gutter * count
        })
      }
      start = end
    }
    return pieceLevels
  }

  type PlacedPiece = NonNullable<typeof wordPositionInLayout[number]>

  // Where a piece is drawn in the container, after its line is indented and
  // aligned, and the left of its line. The first line is aligned beside its
  // indent.
  function placePiece(layout: PlacedPiece) {
    const { line } = layout
    const indent = line === 0 ? textIndentNumber : 0
    const remainingWidth = containerWidth - lineWidths[line] - indent
    // Pictor (forced-break-not-justified): like the last line, a line that a
    // kept line feed (`pre-wrap`, `pre-line`) ends is not justified.
    const isJustified =
      align === 'justify' &&
      line < lineWidths.length - 1 &&
      !forcedEnds.has(line)

    if (isRTL) {
      // Lines are aligned even when the container is as wide as their text,
      // so they're at the right of a wider container. The indent is on the
      // right. The last line of justified text is aligned to the start.
      // Pictor (align-in-exact-box): in the box as it was laid out, as the
      // left-to-right lines below (a right-to-left cell's lines a pixel right).
      let lineLeft = 0
      // Pictor (overflow-line-start): a right-to-left line wider than its
      // box is at the right, its start, whatever its alignment (it spills
      // out of the left side only), and isn't justified.
      const startsAtRight = rtlStartsAtRight(
        true,
        remainingWidth + exact.delta < 0
      )
      if (
        startsAtRight ||
        align === 'right' ||
        (align === 'justify' && !isJustified)
      ) {
        lineLeft = remainingWidth + exact.delta + exact.offset
      } else if (align === 'center') {
        lineLeft = (remainingWidth + exact.delta) / 2 + exact.offset
      }
      let leftOffset = layout.x + lineLeft
      if (isJustified && !startsAtRight)
        leftOffset += layout.justifyShift ?? 0
      if (embedFont) {
        leftOffset = Math.round(leftOffset)
        lineLeft = Math.round(lineLeft)
      }
      return { leftOffset, lineLeft, extendedWidth: isJustified }
    }

    let leftOffset = layout.x
    let lineLeft = indent
    let extendedWidth = false
    if (indent) leftOffset += indent
    if (
      lineWidths.length > 1 ||
      ((align === 'right' || align === 'center') &&
        (context.blockParagraph || remainingWidth > 1))
    ) {
      // A paragraph of a block container fills its width, and so does the
      // anonymous flex item around text stretched in a column flex container
      // (Pictor flex-text-align: Vivliostyle's `.cover h1 { display: flex;
      // flex-direction: column }` title is centred in Chromium). In a row it
      // is as wide as its line (but for sub-pixel rounding): nothing moves.
      // Pictor (overflow-line-start): a line wider than its box starts at
      // its start, whatever its alignment.
      const overflows = remainingWidth + exact.delta < 0
      if (align === 'right') {
        const shift = startWhenOverflowing(
          remainingWidth + exact.delta + exact.offset,
          overflows
        )
        leftOffset += shift
        lineLeft += shift
      } else if (align === 'center') {
        const shift = startWhenOverflowing(
          (remainingWidth + exact.delta) / 2 + exact.offset,
          overflows
        )
        leftOffset += shift
        lineLeft += shift
      } else if (isJustified) {
        if (layout.justifyShift !== undefined) {
          leftOffset += layout.justifyShift
        } else {
          const segments = lineSegmentNumber[line]
          const gutter = segments > 1 ? remainingWidth / (segments - 1) : 0
          leftOffset += gutter * layout.lineIndex
        }
        extendedWidth = true
      }

      // Only round for embedded fonts (paths benefit from pixel alignment).
      // For non-embedded fonts (<text> elements), keep fractional positions
      // to maintain consistent spacing between consecutive elements.
      if (embedFont) {
        leftOffset = Math.round(leftOffset)
        lineLeft = Math.round(lineLeft)
      }
    }
    return { leftOffset, lineLeft, extendedWidth }
  }

  // With bidi, the line that ends in an ellipsis is cut in visual order: the
  // pieces past its end edge, on the right or on the left with `rtl`, are
  // hidden, and the ellipsis is drawn after the others.
  // https://drafts.csswg.org/css-overflow/#text-overflow
  const ellipsisPlan =
    levels && lineLimit !== Infinity ? planEllipsis(lineLimit - 1) : null
  function planEllipsis(line: number) {
    if (
      line >= lineWidths.length ||
      (line === lineWidths.length - 1 &&
        lineWidths[line] <= parentContainerInnerWidth)
    ) {
      return null
    }
    let text = blockEllipsis
    let width = measureGrapheme(text)
    if (width > parentContainerInnerWidth) {
      text = HorizontalEllipsis
      width = measureGrapheme(text)
    }

    // Distances from the start edge of the container.
    const limit = parentContainerInnerWidth - width
    const pieces: { index: number; left: number; width: number }[] = []
    wordPositionInLayout.forEach((layout, index) => {
      if (layout?.line !== line) return
      const { leftOffset } = placePiece(layout)
      pieces.push({ index, left: leftOffset, width: layout.width })
    })
    const near = (piece: typeof pieces[number]) =>
      isRTL ? containerWidth - piece.left - piece.width : piece.left
    pieces.sort((a, b) => near(a) - near(b))

    const hidden = new Set<number>()
    let truncated: { index: number; text: string; left: number } | undefined
    // The edge of the text that's kept, without spaces, on the side of the
    // end edge.
    let end: number | undefined
    for (const piece of pieces) {
      const pieceText = texts[piece.index] ?? ''
      if (hidden.size || truncated) {
        hidden.add(piece.index)
      } else if (near(piece) + piece.width <= limit) {
        if (pieceText.trim()) {
          end = isRTL ? piece.left : piece.left + piece.width
        }
      } else {
        // The graphemes of the piece on the side of the start edge are kept,
        // which is its start if it's in the direction of the line. Like in
        // browsers, the first one of the line is always kept.
        const keepsStart = (levels[piece.index] % 2 === 1) === isRTL
        const graphemes = segment(pieceText.trim(), 'grapheme', locale)
        if (!keepsStart) graphemes.reverse()
        let kept = ''
        let keptWidth = 0
        for (const grapheme of graphemes) {
          const next = keepsStart ? kept + grapheme : grapheme + kept
          const nextWidth = measureGraphemeArray([next])
          if ((kept || end !== undefined) && near(piece) + nextWidth > limit) {
            break
          }
          kept = next
          keptWidth = nextWidth
        }
        if (kept) {
          let keptLeft = isRTL
            ? piece.left + piece.width - keptWidth
            : piece.left
          if (embedFont) keptLeft = Math.round(keptLeft)
          truncated = { index: piece.index, text: kept, left: keptLeft }
          end = isRTL ? keptLeft : keptLeft + keptWidth
        } else {
          hidden.add(piece.index)
        }
      }
    }
    end ??= isRTL ? containerWidth : 0
    return {
      line,
      hidden,
      truncated,
      text,
      width,
      end,
      left: isRTL ? end - width : end,
    }
  }

  // Attach offset to the current node.
  const left = x + containerLeft
  const top = y + containerTop

  const { matrix } = container(
    {
      left: containerLeft,
      top: containerTop,
      width: containerWidth,
      height: containerHeight,
      isInheritingTransform,
    },
    parentStyle
  )

  let filter = ''
  // Pictor (text-over-shadow-filter): text drawn as paths is drawn once more,
  // after its shadows, outside their filter (which then draws the shadows
  // alone): drawn through the filter's offscreen region, it came out lighter
  // and blurrier than the same text without a shadow, where Chromium paints the
  // shadows and then the text as it paints any text.
  const shadowTextHidden =
    isFullyTransparent(fillColor) ||
    (_inheritedBackgroundClipTextHasBackground && isOpaqueWhite(fillColor))
  if (parentStyle.textShadowOffset) {
    const { textShadowColor, textShadowOffset, textShadowRadius } = parentStyle

    filter = buildDropShadow(
      {
        width: measuredTextSize.width,
        height: measuredTextSize.height,
        id,
      },
      {
        shadowColor: textShadowColor,
        shadowOffset: textShadowOffset,
        shadowRadius: textShadowRadius,
      },
      shadowTextHidden || !!embedFont
    )

    filter = buildXMLString('defs', {}, filter)
  }

  let decorationShape = ''
  let mergedPath = ''
  // The paths of synthetic bold glyphs, which are emboldened.
  let mergedBoldPath = ''
  let extra = ''
  let skippedLine = -1
  type DecorationLine = {
    left: number
    top: number
    ascender: number
    width: number
  }
  let decorationLines: Record<number, DecorationLine | null> = {}
  let decorationGlyphs: Record<number, GlyphBox[]> = {}
  let wordBuffer: string | null = null
  let bufferedOffset = 0
  let bufferedRight = 0

  // Lines entirely above or below the image aren't drawn. The margin includes
  // the baseline of the line, glyphs drawn outside of their lines,
  // decorations and strokes. Lines are checked as a whole, as words are only
  // drawn together on the same line.
  const lineBounds =
    inheritedStyle._alwaysDrawn || parentStyle.textShadowOffset
      ? undefined
      : paintBounds
  const lineMargin =
    2 * fontSize +
    ((parentStyle.WebkitTextStrokeWidth as number) || 0) +
    ((inheritedStyle._cullMargin as number) || 0)

  for (let i = 0; i < texts.length; i++) {
    // Skip whitespace and empty characters.
    const layout = wordPositionInLayout[i]
    const nextLayout = wordPositionInLayout[i + 1]

    if (!layout) continue

    let text = texts[i]
    let path: string | null = null
    let isLastDisplayedBeforeEllipsis = false

    const image =
      graphemeImages &&
      Object.prototype.hasOwnProperty.call(graphemeImages, text)
        ? graphemeImages[text]
        : null

    let topOffset = layout.y
    const width = layout.width
    const line = layout.line
    const shouldCollectDecorationBoxes =
      getDecorationLines(parentStyle).includes('underline') &&
      (parentStyle.textDecorationSkipInk || 'auto') !== 'none'

    if (line === skippedLine) {
      continue
    }
    if (
      ellipsisPlan &&
      (line > ellipsisPlan.line || ellipsisPlan.hidden.has(i))
    ) {
      continue
    }
    if (
      lineBounds &&
      isOutside(
        lineBounds,
        0,
        top + layout.y,
        lineBounds.width,
        0,
        lineMargin + Math.abs(baselines[line] || 0)
      )
    ) {
      continue
    }

    // With `justify`, the line is as wide as the container beside the indent.
    const placed = placePiece(layout)
    let leftOffset = placed.leftOffset
    const { extendedWidth, lineLeft } = placed

    const baselineOfLine = baselines[line]
    const baselineOfWord = engine.baseline(text)
    const heightOfWord = engine.height(text)
    const baselineDelta = baselineOfLine - baselineOfWord

    const buildUnderlineBand = (offset: number) => {
      if (!shouldCollectDecorationBoxes) return undefined
      const strokeWidth = getDecorationThickness(parentStyle)
      return {
        underlineY:
          top +
          offset +
          baselineDelta +
          getUnderlineY(parentStyle, baselineOfWord, strokeWidth),
        strokeWidth,
      }
    }

    if (!decorationLines[line]) {
      decorationLines[line] = {
        // With bidi, the first piece may not be on the left of the line.
        left: levels ? lineLeft : leftOffset,
        top: top + topOffset + baselineDelta,
        ascender: baselineOfWord,
        width: extendedWidth
          ? containerWidth - (line === 0 ? textIndentNumber : 0)
          : lineWidths[line],
      }
    }

    // The shaping direction of the piece, guessed from its text without bidi.
    const direction =
      levels === undefined ? undefined : levels[i] % 2 === 1 ? 'rtl' : 'ltr'

    if (ellipsisPlan?.truncated?.index === i) {
      text = ellipsisPlan.truncated.text
      leftOffset = ellipsisPlan.truncated.left
    }

    if (lineLimit !== Infinity && !ellipsisPlan) {
      let _blockEllipsis = blockEllipsis
      let ellipsisWidth = measureGrapheme(blockEllipsis)
      if (ellipsisWidth > parentContainerInnerWidth) {
        _blockEllipsis = HorizontalEllipsis
        ellipsisWidth = measureGrapheme(_blockEllipsis)
      }
      const isNotLastLine = line < lineWidths.length - 1
      const isLastAllowedLine = line + 1 === lineLimit

      function calcEllipsis(baseWidth: number, _text: string) {
        const chars = segment(_text, 'grapheme', locale)

        let subset = ''
        let resolvedWidth = 0

        for (const char of chars) {
          const w = baseWidth + measureGraphemeArray([subset + char])
          if (
            // Keep at least one character at the start of the line:
            // > The first character or atomic inline-level element on a line
            // must be clipped rather than ellipsed.
            // https://drafts.csswg.org/css-overflow/#text-overflow
            (subset || layout.x > 0) &&
            w + ellipsisWidth > parentContainerInnerWidth
          ) {
            break
          }
          subset += char
          resolvedWidth = w
        }

        return {
          subset,
          resolvedWidth,
        }
      }

      if (
        isLastAllowedLine &&
        (isNotLastLine || lineWidths[line] > parentContainerInnerWidth)
      ) {
        // Like in browsers, the last line keeps its words, and characters are
        // only removed when the ellipsis doesn't fit after them.
        // https://drafts.csswg.org/css-overflow-4/#block-ellipsis
        if (
          leftOffset + width + ellipsisWidth > parentContainerInnerWidth ||
          (nextLayout && nextLayout.line !== line)
        ) {
          // Spaces at the end of the line aren't drawn before the ellipsis.
          const { subset, resolvedWidth } = calcEllipsis(
            leftOffset,
            text.replace(/\s+$/, '')
          )

          text = subset + _blockEllipsis
          skippedLine = line
          decorationLines[line].width = Math.max(
            0,
            resolvedWidth - decorationLines[line].left
          )
          isLastDisplayedBeforeEllipsis = true
        }
      }
    }

    if (image) {
      // For images, we remove the baseline offset.
      topOffset += 0
    } else if (embedFont) {
      // If the current word and the next word are on the same line, we try to
      // merge them together to better handle the kerning.
      if (
        !text.includes(Tab) &&
        !wordSeparators.includes(text) &&
        texts[i + 1] &&
        nextLayout &&
        !nextLayout.isImage &&
        topOffset === nextLayout.y &&
        !isLastDisplayedBeforeEllipsis &&
        // Pictor (cjk-justify): not across a place where justify widens
        // the line (CJK words were drawn together, unspread).
        !(extendedWidth && nextLayout.lineIndex !== layout.lineIndex) &&
        // Text is only shaped together in one direction, and not with pieces
        // hidden by the ellipsis.
        (levels === undefined ||
          (levels[i] === levels[i + 1] && !ellipsisPlan?.hidden.has(i + 1)))
      ) {
        if (wordBuffer === null) {
          bufferedOffset = leftOffset
          bufferedRight = leftOffset + layout.width
        } else if (levels) {
          // Right-to-left pieces are drawn from the left of the last one.
          bufferedOffset = Math.min(bufferedOffset, leftOffset)
          bufferedRight = Math.max(bufferedRight, leftOffset + layout.width)
        }
        wordBuffer = wordBuffer === null ? text : wordBuffer + text
        continue
      }

      const finalizedSegment = wordBuffer === null ? text : wordBuffer + text
      let finalizedLeftOffset =
        wordBuffer === null ? leftOffset : bufferedOffset
      let finalizedWidth = layout.width + leftOffset - finalizedLeftOffset
      if (levels && wordBuffer !== null) {
        finalizedLeftOffset = Math.min(bufferedOffset, leftOffset)
        finalizedWidth =
          Math.max(bufferedRight, leftOffset + layout.width) -
          finalizedLeftOffset
      }

      const band = buildUnderlineBand(topOffset)

      // Pictor (soft-hyphen-break): a line broken at a soft hyphen shows a
      // hyphen there (U+2010 where the font has it, as Blink draws it).
      const shownSegment =
        finalizedSegment.endsWith(SHY) &&
        (!nextLayout || nextLayout.line !== layout.line)
          ? finalizedSegment.slice(0, -1) + hyphenText()
          : finalizedSegment
      const svg = engine.getSVG(
        shownSegment.replace(/(\t)+/g, ''),
        {
          fontSize,
          left: left + finalizedLeftOffset,
          // Since we need to pass the baseline position, add the ascender to the top.
          top: top + topOffset + baselineOfWord + baselineDelta,
          letterSpacing,
          wordSpacing: wordSpacing as number,
          fontFeatureSettings: layout.trimsEnd
            ? withTrimmedEnd(fontFeatureSettings)
            : fontFeatureSettings,
          direction,
        },
        band
      )

      path = svg.path
      mergedBoldPath += svg.boldPath

      if (shouldCollectDecorationBoxes && svg.boxes && svg.boxes.length) {
        ;(decorationGlyphs[line] || (decorationGlyphs[line] = [])).push(
          ...svg.boxes
        )
      }

      wordBuffer = null

      if (debug) {
        extra +=
          // Glyph
          buildXMLString('rect', {
            x: left + finalizedLeftOffset,
            y: top + topOffset + baselineDelta,
            width: finalizedWidth,
            height: heightOfWord,
            fill: 'transparent',
            stroke: '#575eff',
            'stroke-width': 1,
            transform: matrix ? matrix : undefined,
            'clip-path': clipPathId ? `url(#${clipPathId})` : undefined,
          }) +
          // Baseline
          buildXMLString('line', {
            x1: left + leftOffset,
            x2: left + leftOffset + layout.width,
            y1: top + topOffset + baselineDelta + baselineOfWord,
            y2: top + topOffset + baselineDelta + baselineOfWord,
            stroke: '#14c000',
            'stroke-width': 1,
            transform: matrix ? matrix : undefined,
            'clip-path': clipPathId ? `url(#${clipPathId})` : undefined,
          })
      }
    } else {
      // We need manually add the font ascender height to ensure it starts
      // at the baseline because <text>'s alignment baseline is set to `hanging`
      // by default and supported to change in SVG 1.1.
      topOffset += baselineOfWord + baselineDelta

      if (shouldCollectDecorationBoxes && !image) {
        const band = buildUnderlineBand(topOffset)

        const svg = engine.getSVG(
          text.replace(/(\t)+/g, ''),
          {
            fontSize,
            left: left + leftOffset,
            top: top + topOffset,
            letterSpacing,
            wordSpacing: wordSpacing as number,
            fontFeatureSettings,
            direction,
          },
          band
        )

        if (svg.boxes && svg.boxes.length) {
          ;(decorationGlyphs[line] || (decorationGlyphs[line] = [])).push(
            ...svg.boxes
          )
        }
      }
    }

    if (path !== null) {
      mergedPath += path + ' '
    } else {
      const [t, shape] = buildText(
        {
          // Pictor (soft-hyphen-break): the hyphen at a line end, as above.
          content:
            text.endsWith(SHY) && (!nextLayout || nextLayout.line !== layout.line)
              ? text.slice(0, -1) + hyphenText()
              : text,
          filter,
          drawnAfterFilter: !!embedFont && !shadowTextHidden,
          id,
          left: left + leftOffset,
          // Pictor (emoji-box): an emoji's em square on the line's baseline.
          top: image
            ? emojiTop(top + topOffset + baselineOfLine, fontSize)
            : top + topOffset,
          width,
          height: image ? fontSize : heightOfWord,
          matrix,
          image,
          clipPathId,
          debug,
          shape: !!_inheritedBackgroundClipTextPath,
        },
        parentStyle
      )
      result += t
      backgroundClipDef += shape
    }

    if (isLastDisplayedBeforeEllipsis) {
      break
    }
  }

  if (ellipsisPlan) {
    const { line, text, width, end } = ellipsisPlan
    // At the baseline of the line, in the direction of the line.
    const baselineTop =
      top +
      wordPositionInLayout.find((layout) => layout?.line === line).y +
      baselines[line]
    if (embedFont) {
      const svg = engine.getSVG(text, {
        fontSize,
        left: left + ellipsisPlan.left,
        top: baselineTop,
        letterSpacing,
        wordSpacing: wordSpacing as number,
        fontFeatureSettings,
        direction: isRTL ? 'rtl' : 'ltr',
      })
      mergedPath += svg.path + ' '
      mergedBoldPath += svg.boldPath
    } else {
      const [t, shape] = buildText(
        {
          content: text,
          filter,
          id,
          left: left + ellipsisPlan.left,
          top: baselineTop,
          width,
          height: engine.height(text),
          matrix,
          image: null,
          clipPathId,
          debug,
          shape: !!_inheritedBackgroundClipTextPath,
        },
        parentStyle
      )
      result += t
      backgroundClipDef += shape
    }

    // The decoration ends with the text before the ellipsis.
    const decoration = decorationLines[line]
    if (decoration) {
      const right = decoration.left + decoration.width
      if (isRTL) decoration.left = Math.min(end, right)
      decoration.width = Math.max(0, (isRTL ? right : end) - decoration.left)
    }
  }

  if (getDecorationLines(parentStyle).length) {
    decorationShape = Object.entries(decorationLines)
      .map(([lineIndex, deco]) => {
        if (!deco) return ''
        const glyphBoxes = decorationGlyphs[lineIndex] || []

        return buildDecoration(
          {
            left: left + deco.left,
            top: deco.top,
            width: deco.width,
            ascender: deco.ascender,
            clipPathId,
            matrix,
            glyphBoxes,
            // Pictor (text-underline-position-under): the em box's bottom.
            emDescent: emBoxDescent(
              engine.fontFor(' '),
              parentStyle.fontSize as number
            ),
          },
          parentStyle
        )
      })
      .join('')
  }

  // The opacity of the parent if it only has this text, see `layout()`. A
  // single path without stroke or filters is one fill operation, so
  // `fill-opacity` looks the same as drawing it as a group with `opacity`,
  // and avoids the compositing surface of a group in rasterizers.
  const textOpacity = (parentStyle._textOpacity as number | undefined) ?? 1
  const fillOpacity =
    textOpacity < 1 &&
    !result &&
    !filter &&
    !cssFilter &&
    !decorationShape &&
    !mergedBoldPath &&
    !getTextStrokeAttributes(parentStyle).stroke
      ? textOpacity
      : undefined

  // Embed the font as path.
  if (mergedPath || mergedBoldPath) {
    const strokeAttributes = getTextStrokeAttributes(parentStyle)
    const path =
      !isFullyTransparent(fillColor) || strokeAttributes.stroke || filter
        ? buildGlyphPaths(
            { path: mergedPath, boldPath: mergedBoldPath },
            {
              fill:
                filter &&
                (isFullyTransparent(fillColor) ||
                  (_inheritedBackgroundClipTextHasBackground &&
                    isOpaqueWhite(fillColor)))
                  ? 'black'
                  : fillColor,
              transform: matrix ? matrix : undefined,
              'fill-opacity': fillOpacity,
              ...strokeAttributes,
            },
            getSyntheticBoldWidth(fontSize),
            id
          )
        : ''
    const p = path
      ? buildXMLString(
          'g',
          {
            mask: overflowMaskId ? `url(#${overflowMaskId})` : undefined,
            'clip-path': clipPathId ? `url(#${clipPathId})` : undefined,
          },
          path
        )
      : ''

    if (_inheritedBackgroundClipTextPath) {
      backgroundClipDef = buildXMLString('path', {
        d: mergedPath + mergedBoldPath,
        transform: matrix ? matrix : undefined,
      })
    }

    result +=
      (filter
        ? filter +
          buildXMLString(
            'g',
            { filter: `url(#satori_s-${id})` },
            p + decorationShape
          ) +
          (shadowTextHidden || !embedFont ? '' : p + decorationShape)
        : p + decorationShape) + extra
  } else if (decorationShape) {
    result += filter
      ? buildXMLString(
          'g',
          { filter: `url(#satori_s-${id})` },
          decorationShape
        ) + (shadowTextHidden || !embedFont ? '' : decorationShape)
      : decorationShape
  }

  if (textOpacity < 1 && fillOpacity === undefined && result) {
    result = buildXMLString('g', { opacity: textOpacity }, result)
  }

  // Hidden text takes up space, but isn't drawn.
  if (parentStyle.visibility === 'hidden') return ''

  // Attach information to the parent node.
  if (backgroundClipDef) {
    ;(parentStyle._inheritedBackgroundClipTextPath as any).value +=
      backgroundClipDef
  }

  return result
}
