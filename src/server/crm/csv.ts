/**
 * CSV as spreadsheets open it (RFC 4180): UTF-8 with a byte-order mark, so Excel reads accents
 * right; CRLF line ends; a field with a comma, quote or line break is quoted, quotes doubled.
 * Pure.
 */

export const UTF8_BOM = '\uFEFF'

/**
 * A cell a spreadsheet would run as a formula (`=`, `@`, or `+`/`-` not followed by a phone
 * number) gets a leading apostrophe: visitors write names and messages, and an exported
 * `=HYPERLINK(…)` must stay text.
 */
const FORMULA_START = /^(?:[=@\t\r]|[+-](?![\d\s().-]+$))/

export function csvCell(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value)
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The whole file: BOM, header row, one row per record. */
export function toCsv(header: readonly string[], rows: Iterable<readonly (string | number | null | undefined)[]>): string {
  const lines = [header.map(csvCell).join(',')]
  for (const row of rows) lines.push(row.map(csvCell).join(','))
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`
}
