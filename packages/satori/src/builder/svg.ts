import { buildXMLString } from '../utils.js'

export default function svg({
  width,
  height,
  content,
  scanBackground = true,
}: {
  width: number
  height: number
  content: string
  /**
   * Pictor (no-enable-background-scan): search the document for a backdrop
   * filter to set `enable-background`, which resvg ignores. Pictor skips it.
   */
  scanBackground?: boolean
}) {
  return buildXMLString(
    'svg',
    {
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      xmlns: 'http://www.w3.org/2000/svg',
      'enable-background':
        scanBackground && content.includes('filter="url(#satori_bf-')
        ? 'new'
        : undefined,
    },
    content
  )
}
