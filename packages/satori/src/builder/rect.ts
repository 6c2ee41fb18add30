import { nestedSVGWithPictures } from '../pictor-inline-svg-pictures.js'
import { svgWithNaturalSize } from '../handler/image.js'
import type { ParsedTransformOrigin } from '../transform-origin.js'

import backgroundImage, { getBoxArea } from './background-image.js'
import radius, { getBorderRadiusClipPath } from './border-radius.js'
import { boxShadow } from './shadow.js'
import transform from './transform.js'
import overflow from './overflow.js'
import { buildXMLString } from '../utils.js'
import border, { getBorderClipPath } from './border.js'
import { buildBorderImage } from './pictor-border-image.js'
import { genClipPath } from './clip-path.js'
import buildMaskImage, { MASK_IMAGE_ID_PREFIX } from './mask-image.js'
import { backdropFilter } from './backdrop-filter.js'
import contentMask from './content-mask.js'
import type { BackdropFilter } from '../parser/backdrop-filter.js'
import CssDimension from '../vendor/parse-css-dimension/index.js'

/**
 * Parse object-position value into [xOffset, yOffset] in pixels.
 * Supports keywords (left, center, right, top, bottom), percentages, and lengths.
 * Similar to background-position parsing.
 */
function parseObjectPosition(
  position: string,
  containerWidth: number,
  containerHeight: number
): [number, number] {
  const parts = position.toLowerCase().trim().split(/\s+/)

  // Convert keyword to percentage
  const keywordToPercent = (keyword: string, axis: 'x' | 'y'): string => {
    const map = {
      left: '0%',
      center: '50%',
      right: '100%',
      top: '0%',
      bottom: '100%',
    }
    return map[keyword] || keyword
  }

  let xValue: string
  let yValue: string

  if (parts.length === 1) {
    const part = parts[0]
    // Single value
    if (part === 'left' || part === 'center' || part === 'right') {
      xValue = keywordToPercent(part, 'x')
      yValue = '50%' // center
    } else if (part === 'top' || part === 'bottom') {
      xValue = '50%' // center
      yValue = keywordToPercent(part, 'y')
    } else {
      // Assume it's x value, y defaults to center
      xValue = part
      yValue = '50%'
    }
  } else {
    // Two or more values
    const first = parts[0]
    const second = parts[1]

    // Check if first is a y-axis keyword (top/bottom)
    if (first === 'top' || first === 'bottom') {
      yValue = keywordToPercent(first, 'y')
      if (second === 'left' || second === 'right' || second === 'center') {
        xValue = keywordToPercent(second, 'x')
      } else {
        // Second is a length/percentage, default x to center
        xValue = '50%'
        yValue =
          first === 'top' || first === 'bottom'
            ? keywordToPercent(first, 'y')
            : second
      }
    } else {
      // Normal order: x then y
      xValue = keywordToPercent(first, 'x')
      yValue = keywordToPercent(second, 'y')
    }
  }

  // Convert to absolute pixels
  const parseValue = (value: string, containerSize: number): number => {
    try {
      if (value.endsWith('%')) {
        return (containerSize * parseFloat(value)) / 100
      }
      const parsed = new CssDimension(value)
      if (parsed.type === 'length' || parsed.type === 'number') {
        return parsed.value
      }
      return 0
    } catch (e) {
      return 0
    }
  }

  return [
    parseValue(xValue, containerWidth),
    parseValue(yValue, containerHeight),
  ]
}

/**
 * Pictor (background-attachment-fixed): a `fixed` layer is positioned and
 * sized in the viewport, not in the box (CSS Backgrounds 3 §3.5), and still
 * painted in the box only: a hero header's picture (`background-size: 100%
 * auto; background-attachment: fixed`) is the viewport's width from the page's
 * top, and the box shows the part of it behind the box. Under a transform
 * (its own or an ancestor's) the layer scrolls with the box, as in Chromium.
 */
function fixedBackgroundArea(
  background: { attachment?: string },
  inheritableStyle: Record<string, number | string>
): { left: number; top: number; width: number; height: number } | undefined {
  if (background.attachment?.trim().toLowerCase() !== 'fixed') return undefined
  // The element's transform list, or the one it inherits, with its parents'.
  type Chain = { length: number; __parent?: Chain } | undefined
  for (
    let list = inheritableStyle.transform as unknown as Chain;
    list;
    list = list.__parent
  ) {
    if (list.length > 0) return undefined
  }
  const width = inheritableStyle._viewportWidth
  const height = inheritableStyle._viewportHeight
  if (typeof width !== 'number' || typeof height !== 'number') return undefined
  return { left: 0, top: 0, width, height }
}

export default async function rect(
  {
    id,
    left,
    top,
    width,
    height,
    isInheritingTransform,
    src,
    svgAspectRatio,
    debug,
    opacity = 1,
    drawn,
  }: {
    id: string
    left: number
    top: number
    width: number
    height: number
    isInheritingTransform: boolean
    src?: string
    /**
     * The `preserveAspectRatio` of an inline SVG, which fits its viewBox in
     * its box.
     */
    svgAspectRatio?: string
    debug?: boolean
    /**
     * The opacity of everything drawn here. Elements with children are drawn
     * as a group with their opacity instead, see `layout()`.
     */
    opacity?: number
    /** Set to whether shapes are drawn, not just definitions. */
    drawn?: { shapes: boolean }
  },
  style: Record<string, number | string>,
  inheritableStyle: Record<string, number | string>
) {
  if (style.display === 'none') return ''

  const isImage = !!src

  let type: 'rect' | 'path' = 'rect'
  let matrix = ''
  let defs = ''
  let fills: string[] = []
  // The blend mode of each fill, with the backgrounds below it.
  const blendModes: (string | undefined)[] = []
  let extra = ''

  if (style.backgroundColor) {
    fills.push(style.backgroundColor as string)
  }

  if (style.transform) {
    matrix = transform(
      {
        left,
        top,
        width,
        height,
      },
      style.transform as unknown as number[],
      isInheritingTransform,
      style.transformOrigin as ParsedTransformOrigin | undefined
    )
  }

  let backgroundShapes = ''
  if (style.backgroundImage) {
    const backgrounds: { image: string[]; blendMode?: string }[] = []

    for (
      let index = 0;
      index < (style.backgroundImage as any).length;
      index++
    ) {
      const background = (style.backgroundImage as any)[index]
      const image = await backgroundImage(
        {
          id: id + '_' + index,
          width,
          height,
          left,
          top,
          origin:
            fixedBackgroundArea(background, inheritableStyle) ??
            getBoxArea({ left, top, width, height }, style, background.origin),
        },
        background,
        inheritableStyle
      )
      if (image) {
        // Background images that come first in the array are rendered last.
        backgrounds.unshift({ image, blendMode: background.blendMode })
      }
    }

    for (const { image, blendMode } of backgrounds) {
      fills.push(`url(#${image[0]})`)
      blendModes[fills.length - 1] =
        blendMode && blendMode !== 'normal' ? blendMode : undefined
      defs += image[1]
      if (image[2]) {
        backgroundShapes += image[2]
      }
    }
  }

  const [miId, mi] = await buildMaskImage(
    { id, left, top, width, height },
    style,
    inheritableStyle,
    matrix
  )

  defs += mi
  const maskId = miId
    ? `url(#${miId})`
    : style._inheritedMaskId
    ? `url(#${style._inheritedMaskId})`
    : undefined

  const path = radius(
    { left, top, width, height },
    style as Record<string, number>
  )
  if (path) {
    type = 'path'
  }

  const clipPathId = style._inheritedClipPathId as number | undefined

  if (debug) {
    extra = buildXMLString('rect', {
      x: left,
      y: top,
      width,
      height,
      fill: 'transparent',
      stroke: '#ff5757',
      'stroke-width': 1,
      transform: matrix || undefined,
      'clip-path': clipPathId ? `url(#${clipPathId})` : undefined,
    })
  }

  const { backgroundClip } = style

  const currentClipPath =
    backgroundClip === 'text'
      ? `url(#satori_bct-${id})`
      : clipPathId
      ? `url(#${clipPathId})`
      : style.clipPath
      ? genClipPath(id)
      : undefined

  // The element's own clip path is only clipped by the ones of its ancestors,
  // and must not reference itself.
  const clip = overflow(
    {
      left,
      top,
      width,
      height,
      path,
      id,
      matrix,
      currentClipPath:
        backgroundClip === 'text' || clipPathId ? currentClipPath : undefined,
      src,
    },
    style as Record<string, number>,
    inheritableStyle
  )

  const [backdropDefinitions, backdropShape] = backdropFilter({
    id,
    left,
    top,
    width,
    height,
    path,
    type,
    matrix: matrix || undefined,
    currentClipPath,
    mask: maskId,
    filters: (style._backdropFilters as unknown as BackdropFilter[]) || [],
  })
  defs += backdropDefinitions

  // When the element is a single plain shape (one background fill, no border,
  // box shadow, backdrop filter, mask or CSS filter), `opacity` is visually
  // equivalent to `fill-opacity` since there is nothing to composite as an
  // isolated group. Using `fill-opacity` avoids emitting a `<g opacity>`
  // wrapper, which forces rasterizers such as librsvg and resvg to allocate
  // and composite a temporary surface.
  const useFillOpacity =
    opacity !== 1 &&
    !isImage &&
    fills.length === 1 &&
    !backdropShape &&
    !backgroundShapes &&
    !maskId &&
    !style.boxShadow &&
    !(
      style.borderTopWidth ||
      style.borderRightWidth ||
      style.borderBottomWidth ||
      style.borderLeftWidth
    )

  // Each background generates a new rectangle.
  // @TODO: Not sure if this is the best way to do it, maybe <pattern> with
  // multiple <image>s is better.
  let shape = fills
    .map((fill, index) =>
      buildXMLString(type, {
        x: left,
        y: top,
        width,
        height,
        fill,
        'fill-opacity': useFillOpacity ? opacity : undefined,
        d: path ? path : undefined,
        transform: matrix ? matrix : undefined,
        'clip-path': style.transform ? undefined : currentClipPath,
        mask: style.transform ? undefined : maskId,
        style: blendModes[index]
          ? `mix-blend-mode:${blendModes[index]}`
          : undefined,
      })
    )
    .join('')
  // Background layers only blend with the ones of the element.
  if (blendModes.some(Boolean)) {
    shape = buildXMLString('g', { style: 'isolation:isolate' }, shape)
  }

  // `background-clip: padding-box | content-box` masks the backgrounds with
  // the inner edge of the border, or of the padding.
  if (
    (shape || backgroundShapes) &&
    (backgroundClip === 'padding-box' || backgroundClip === 'content-box')
  ) {
    const sides = ['Top', 'Right', 'Bottom', 'Left']
    const borderOnly = backgroundClip === 'padding-box'
    const hasInset = sides.some(
      (side) =>
        style[`border${side}Width`] || (!borderOnly && style[`padding${side}`])
    )
    if (hasInset) {
      const backgroundClipMaskId = `satori_bgc-${id}`
      // The shapes are transformed by themselves, so the mask needs the
      // transform too.
      defs += contentMask(
        {
          id: backgroundClipMaskId,
          left,
          top,
          width,
          height,
          matrix: matrix || undefined,
          borderOnly,
        },
        { ...style, overflow: 'hidden', _inheritedMaskId: undefined }
      )
      const mask = { mask: `url(#${backgroundClipMaskId})` }
      if (shape) shape = buildXMLString('g', mask, shape)
      if (backgroundShapes) {
        backgroundShapes = buildXMLString('g', mask, backgroundShapes)
      }
    }
  }

  const borderClip = getBorderClipPath(
    {
      id,
      left,
      top,
      width,
      height,
      currentClipPathId: clipPathId,
      borderPath: path,
      borderType: type,
    },
    style
  )

  // border radius for images with transform property
  let imageBorderRadius = undefined

  // If it's an image (<img>) tag, we add an extra layer of the image itself.
  if (isImage) {
    // We need to subtract the border and padding sizes from the image size.
    const offsetLeft =
      ((style.borderLeftWidth as number) || 0) +
      ((style.paddingLeft as number) || 0)
    const offsetTop =
      ((style.borderTopWidth as number) || 0) +
      ((style.paddingTop as number) || 0)
    const offsetRight =
      ((style.borderRightWidth as number) || 0) +
      ((style.paddingRight as number) || 0)
    const offsetBottom =
      ((style.borderBottomWidth as number) || 0) +
      ((style.paddingBottom as number) || 0)

    const containerInnerWidth = width - offsetLeft - offsetRight
    const containerInnerHeight = height - offsetTop - offsetBottom

    // Parse object-position
    const position = (style.objectPosition || 'center').toString()

    // Get natural image dimensions if available
    const naturalWidth = (style.__naturalWidth as number) || containerInnerWidth
    const naturalHeight =
      (style.__naturalHeight as number) || containerInnerHeight

    // Calculate objectFit behavior
    let preserveAspectRatio: string
    let imageWidth = containerInnerWidth
    let imageHeight = containerInnerHeight
    let imageX = left + offsetLeft
    let imageY = top + offsetTop

    if (svgAspectRatio) {
      // Like in browsers, `object-fit` doesn't apply to inline SVGs, which
      // fit their viewBox in their box themselves.
      preserveAspectRatio = svgAspectRatio
    } else {
      // Pictor (object-fit-none-and-position): `none` draws the picture at its
      // natural size (satori stretched it as for `fill`), and object-position
      // places it as CSS does: a percentage is of the free space (the box less
      // the picture), a length an offset from the box's edge.
      const fit = style.objectFit
      if (
        fit === 'contain' ||
        fit === 'cover' ||
        fit === 'scale-down' ||
        fit === 'none'
      ) {
        const scaleX = containerInnerWidth / naturalWidth
        const scaleY = containerInnerHeight / naturalHeight
        const scale =
          fit === 'cover'
            ? Math.max(scaleX, scaleY)
            : fit === 'contain'
            ? Math.min(scaleX, scaleY)
            : fit === 'scale-down'
            ? Math.min(scaleX, scaleY, 1)
            : 1
        imageWidth = naturalWidth * scale
        imageHeight = naturalHeight * scale
        const [freeX, freeY] = parseObjectPosition(
          position,
          containerInnerWidth - imageWidth,
          containerInnerHeight - imageHeight
        )
        imageX = left + offsetLeft + freeX
        imageY = top + offsetTop + freeY
      }
      // `fill` (and anything else) stretches.
      preserveAspectRatio = 'none'
    }

    if (style.transform) {
      imageBorderRadius = getBorderRadiusClipPath(
        {
          id,
          borderRadiusPath: path,
          borderType: type,
          left,
          top,
          width,
          height,
        },
        style
      )
    }

    // An image without an area draws nothing, and renderers like librsvg
    // fail to draw it.
    // Pictor (inline-svg-pictures): an inline SVG with raster pictures as a
    // nested <svg>, which resvg draws with them.
    // Pictor (svg-picture-rasters): so is an <img>'s SVG picture with raster
    // pictures (core writes it in a canonical form), its own
    // preserveAspectRatio within the box object-fit gave it.
    const nested =
      imageWidth > 0 && imageHeight > 0
        ? nestedSVGWithPictures(src, {
            x: imageX,
            y: imageY,
            width: imageWidth,
            height: imageHeight,
            preserveAspectRatio: svgAspectRatio ? preserveAspectRatio : undefined,
          })
        : undefined
    // The picture's transform, clip and mask: the same for a nested SVG and an <image>.
    const placed = {
      transform: matrix ? matrix : undefined,
      'clip-path': style.transform
        ? imageBorderRadius
          ? `url(#${imageBorderRadius[1]})`
          : undefined
        : `url(#satori_cp-${id})`,
      mask: style.transform
        ? undefined
        : miId
        ? `url(#${miId})`
        : `url(#satori_om-${id})`,
    }
    if (nested) {
      shape += buildXMLString('g', placed, nested)
    } else if (imageWidth > 0 && imageHeight > 0) {
      shape += buildXMLString('image', {
        x: imageX,
        y: imageY,
        width: imageWidth,
        height: imageHeight,
        // Pictor (svg-size-units): an SVG picture without a size of its own
        // is laid out at the natural size it was given.
        href: svgWithNaturalSize(
          src,
          style.__naturalWidth as number,
          style.__naturalHeight as number
        ),
        preserveAspectRatio,
        ...placed,
      })
    }
  }

  // Pictor (border-image-gradient): a gradient border image is drawn in
  // place of the border (clipped by the ancestors' clip, not the radius).
  const borderImage = borderClip
    ? await buildBorderImage(
        { id, left, top, width, height, matrix: matrix || undefined },
        style as Record<string, unknown>,
        inheritableStyle as Record<string, number | string>
      )
    : undefined
  // Pictor (mask-covers-border): a CSS mask covers the element's whole
  // painting, its border (and border image) included; satori masked the
  // background fills only. The mask is the element's own or a masked
  // ancestor's; an `overflow` content mask (satori_om-) is left to the clip
  // path the border already has (a mask costs resvg a canvas-sized layer per
  // element). A transformed element's content is masked as a group below.
  const borderMaskId = miId
    ? miId
    : String(style._inheritedMaskId ?? '').startsWith(MASK_IMAGE_ID_PREFIX)
    ? style._inheritedMaskId
    : undefined
  const maskedBorder = (lines: string) =>
    lines && borderMaskId && !style.transform
      ? buildXMLString('g', { mask: `url(#${borderMaskId})` }, lines)
      : lines
  if (borderImage) {
    shape += maskedBorder(
      clipPathId
        ? buildXMLString(
            'g',
            { 'clip-path': `url(#${clipPathId})` },
            borderImage
          )
        : borderImage
    )
  } else if (borderClip) {
    defs += borderClip[0]
    const rectClipId = borderClip[1]

    shape += maskedBorder(border(
      {
        id,
        left,
        top,
        width,
        height,
        props: {
          transform: matrix ? matrix : undefined,
          // When using `background-clip: text`, we need to draw the extra border because
          // it shouldn't be clipped by the clip path, so we are not using currentClipPath here.
          'clip-path': `url(#${rectClipId})`,
        },
      },
      style
    ))
  }

  // box-shadow.
  const shadow = boxShadow(
    {
      width,
      height,
      id,
      shape: buildXMLString(type, {
        x: left,
        y: top,
        width,
        height,
        fill: '#fff',
        stroke: '#fff',
        'stroke-width': 0,
        d: path ? path : undefined,
        transform: matrix ? matrix : undefined,
        'clip-path': currentClipPath,
        mask: maskId,
      }),
    },
    style
  )

  let content = backdropShape + (backgroundShapes || shape)

  if (style.transform && (currentClipPath || maskId)) {
    content = buildXMLString(
      'g',
      {
        'clip-path': currentClipPath || undefined,
        mask: maskId || undefined,
      },
      content
    )
  }

  // Shadows and content are drawn as a group with the opacity, so e.g. a
  // shadow under the element doesn't show through it.
  // A hidden element isn't drawn, but its descendants still use the
  // definitions, e.g. of its `overflow` clip.
  let shapes =
    style.visibility === 'hidden'
      ? ''
      : (shadow ? shadow[0] : '') + content + (shadow ? shadow[1] : '')
  if (drawn) drawn.shapes = !!shapes
  if (opacity !== 1 && !useFillOpacity) {
    shapes = buildXMLString('g', { opacity }, shapes)
  }

  return (
    (defs ? buildXMLString('defs', {}, defs) : '') +
    (imageBorderRadius ? imageBorderRadius[0] : '') +
    clip +
    shapes +
    extra
  )
}
