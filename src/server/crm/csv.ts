/**
 * CSV as spreadsheets open it (RFC 4180): UTF-8 with a byte-order mark, so Excel reads accents
 * right; CRLF line ends; a field with a comma, quote or line break is quoted, quotes doubled.
 * Pure.
 */

export const UTF8_BOM = '\uFEFF'

/**
 * Where a spreadsheet would start a formula (`=`, `@`, tab, CR, or `+`/`-` not followed by a
 * phone number): at the start of the cell, and right after a `;`, `,` or tab, because a
 * spreadsheet that splits on another separator than ours (Excel in a Spanish locale splits on
 * `;`) opens `Ana;=cmd|…` as two cells. Each such place gets an apostrophe: visitors write
 * names and messages, and an exported `=HYPERLINK(…)` must stay text in any locale.
 */
const FORMULA_AT = /(?<=^|[;,\t])(?=[=@\t\r]|[+-](?![\d ().-]+(?:[;,\t]|$)))/g

export function csvCell(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value)
  const safe = text.replace(FORMULA_AT, "'")
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The whole file: BOM, header row, one row per record. */
export function toCsv(header: readonly string[], rows: Iterable<readonly (string | number | null | undefined)[]>): string {
  const lines = [header.map(csvCell).join(',')]
  for (const row of rows) lines.push(row.map(csvCell).join(','))
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`
}
