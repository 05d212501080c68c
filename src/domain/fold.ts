/**
 * How free text is compared (docs/domain.md#fold), once: lower case without accents, so
 * «Huayacán» is "huayacan" and «baño» is "bano". The chat agent reads every message folded; the
 * catalogue's searches, slugs, the lead policy and the site's heading anchors fold the same way.
 * Pure.
 */

/** Combining marks (accents once NFD has split them off); one RegExp, not one per call. */
const MARKS = /\p{M}/gu

/** Lower case without accents: "Huayacán" = "huayacan", "baño" = "bano". */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(MARKS, '')
}
