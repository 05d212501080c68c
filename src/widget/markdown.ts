// The chat's little markdown (docs/behaviour.md#rendering): what renderMessage (render.ts) recognises,
// and the same message as one line of plain text for the console's previews and notifications.
// Its own module so that widget.js, which never shows plain-text previews, does not carry messageText.
// Pure: no DOM, no module-level mutable state.

import { toHttpUrl } from './http-url'

// `![alt](url)` or `[text](url)`. Labels cannot contain brackets or line breaks and URLs cannot
// contain whitespace or parentheses, which keeps every scan bounded by the next delimiter
// (linear-ish on long input) and makes nested/broken markdown fall back to text.
// A linked image `[![alt](image)](url)` (an agent's property card: the photo opens the property page) comes first.
export const MARKDOWN_RE = /\[!\[([^[\]\r\n]*)\]\(([^\s()]*)\)\]\(([^\s()]*)\)|(!?)\[([^[\]\r\n]*)\]\(([^\s()]*)\)/g
const HTTP_RE = /^https?:\/\//i
export const MAILTO_RE = /^mailto:[^\s@]+@[^\s@]+$/i
const TEL_RE = /^tel:\+?\d[\d.-]*$/i
export const LINE_BREAK_RE = /\r\n|\r|\n/

/** An absolute http(s) URL (which the URL parser never gives an empty host), else null. */
export function parseHttpUrl(url: string): URL | null {
  return HTTP_RE.test(url) ? toHttpUrl(url) : null
}

export function isLinkUrl(url: string): boolean {
  return parseHttpUrl(url) !== null || MAILTO_RE.test(url) || TEL_RE.test(url)
}

/**
 * `**text**` → `<strong>text</strong>` on one line of already-escaped HTML (placeholders
 * included). Delimiters are paired left to right; a pair whose content is empty or starts/ends
 * with whitespace is not bold, and its first `**` stays literal. Linear in the line length.
 */
export function applyBold(line: string, wrap: (inner: string) => string = (inner) => `<strong>${inner}</strong>`): string {
  const delimiters: number[] = []
  for (let i = line.indexOf('**'); i !== -1; i = line.indexOf('**', i + 2)) delimiters.push(i)
  if (delimiters.length < 2) return line
  let out = ''
  let last = 0
  let i = 0
  while (i + 1 < delimiters.length) {
    const open = delimiters[i] as number
    const close = delimiters[i + 1] as number
    const inner = line.slice(open + 2, close)
    if (inner !== '' && inner.trim() === inner) {
      out += `${line.slice(last, open)}${wrap(inner)}`
      last = close + 2
      i += 2
    } else {
      i += 1
    }
  }
  return out + line.slice(last)
}

/** One markdown image or link as MARKDOWN_RE found it, and whether it may become an element. */
export function readMarkdown(match: RegExpMatchArray) {
  const linked = match[1] !== undefined
  const isImage = linked || match[4] === '!'
  const label = (linked ? match[1] : match[5]) ?? ''
  const url = (linked ? match[2] : match[6]) ?? ''
  const href = linked ? (match[3] ?? '') : url
  const valid = isImage ? parseHttpUrl(url) !== null && (!linked || isLinkUrl(href)) : isLinkUrl(url)
  return { whole: match[0], isImage, label, url, href, valid }
}

/** What a preview says for an image without alt text. */
const IMAGE_WORD = 'Imagen'

/**
 * A message as one line of plain text, for an inbox preview or a notification: what
 * renderMessage shows, without markup. A link keeps its label (its URL without one), an image
 * its alt text, bold its words; line breaks become spaces. Pure: no DOM needed.
 */
export function messageText(content: string): string {
  const text = (typeof content === 'string' ? content : String(content ?? '')).replace(/\u0000/g, '')
  let plain = ''
  let last = 0
  for (const match of text.matchAll(MARKDOWN_RE)) {
    const { whole, isImage, label, url, valid } = readMarkdown(match)
    plain += text.slice(last, match.index) + (!valid ? whole : isImage ? label.trim() || IMAGE_WORD : label.trim() || url)
    last = match.index + whole.length
  }
  plain += text.slice(last)
  return plain
    .split(LINE_BREAK_RE)
    .map((line) => applyBold(line, (inner) => inner))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}
