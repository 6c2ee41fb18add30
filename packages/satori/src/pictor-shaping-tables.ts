/**
 * Pictor (shaping-tables-unparsed): opentype.js parses a face's GSUB and GPOS tables into objects (every lookup and
 * coverage table: half of a parsed Inter, and two thirds of its parse time), yet HarfBuzz shapes all text from the
 * face's bytes and nothing here reads those objects. The tables are hidden from opentype.js while it parses — their
 * tags in the table directory changed for the moment of the parse and put back after — and the one thing read from
 * GSUB, its feature tags (small capitals, `pictor-small-caps.ts`), is read from the bytes.
 */

const GSUB = 0x47535542
const GPOS = 0x47504f53
/** A tag's bit that makes its letters lower case: a table opentype.js does not know, so skips. */
const LOWER_CASE = 0x20202020

/** The table records of a TrueType/OpenType (sfnt) or WOFF font: where they start, their size and count. */
function tableRecords(view: DataView): { start: number; size: number; count: number } | undefined {
  if (view.byteLength < 12) return undefined
  const isWoff = view.getUint32(0) === 0x774f4646
  if (isWoff && view.byteLength < 44) return undefined
  return {
    start: isWoff ? 44 : 12,
    size: isWoff ? 20 : 16,
    count: view.getUint16(isWoff ? 12 : 4),
  }
}

/**
 * Run `parse` with the GSUB and GPOS tables of `data` hidden (renamed in place, restored after, also on a throw).
 * `data` is written to for the parse's duration only, on this thread.
 */
export function parseWithoutShapingTables<T>(data: ArrayBuffer, parse: () => T): T {
  const view = new DataView(data)
  const records = tableRecords(view)
  const hidden: number[] = []
  if (records) {
    for (let i = 0; i < records.count; i++) {
      const at = records.start + i * records.size
      if (at + 4 > data.byteLength) break
      const tag = view.getUint32(at)
      if (tag === GSUB || tag === GPOS) {
        view.setUint32(at, (tag | LOWER_CASE) >>> 0)
        hidden.push(at)
      }
    }
  }
  try {
    return parse()
  } finally {
    for (const at of hidden) view.setUint32(at, (view.getUint32(at) & ~LOWER_CASE) >>> 0)
  }
}

const featureTags = new WeakMap<ArrayBuffer, Set<string>>()

/** The feature tags of the GSUB table of `data` (an sfnt font), empty when it has none or it cannot be read. */
export function gsubFeatureTags(data: ArrayBuffer | undefined): Set<string> {
  if (!data) return new Set()
  let tags = featureTags.get(data)
  if (tags) return tags
  tags = new Set()
  featureTags.set(data, tags)
  const view = new DataView(data)
  const records = tableRecords(view)
  if (!records || records.start !== 12) return tags
  for (let i = 0; i < records.count; i++) {
    const at = 12 + i * 16
    if (at + 16 > data.byteLength) break
    if (view.getUint32(at) !== GSUB) continue
    const table = view.getUint32(at + 8)
    if (table + 10 > data.byteLength) return tags
    const list = table + view.getUint16(table + 6)
    if (list + 2 > data.byteLength) return tags
    const count = view.getUint16(list)
    for (let f = 0; f < count; f++) {
      const record = list + 2 + f * 6
      if (record + 4 > data.byteLength) break
      tags.add(
        String.fromCharCode(
          view.getUint8(record),
          view.getUint8(record + 1),
          view.getUint8(record + 2),
          view.getUint8(record + 3)
        )
      )
    }
    return tags
  }
  return tags
}
