// Chat message rendering (docs/behaviour.md#rendering): plain text with a little markdown → sanitised HTML.
//
// Pipeline (every step works on a string, no DOM until the last one):
//  1. Strip NUL characters: they are used below as placeholder delimiters.
//  2. Scan for markdown images `![alt](url)` / links `[text](url)`; the text between them is
//     scanned with linkifyjs for bare URLs and e-mail addresses. Every recognised element is
//     emitted as a placeholder `\u0000N\u0000`; every other piece of text is HTML-escaped, so
//     HTML in the input is shown literally and never parsed as markup.
//  3. `**bold**` and line breaks are applied to that escaped string.
//  4. Placeholders are replaced by their element HTML (attribute values escaped).
//  5. DOMPurify runs last, with a tight allowlist, as defence in depth.
//
// The only module-level mutable state is the lazily created, configured DOMPurify instance.

import DOMPurify from 'dompurify'
import type { Config, DOMPurify as DOMPurifyInstance } from 'dompurify'
import { find } from 'linkifyjs'
import { escapeHtml } from '../protocol/html'
import { applyBold, isLinkUrl, LINE_BREAK_RE, MAILTO_RE, MARKDOWN_RE, parseHttpUrl, readMarkdown } from './markdown'
import { POLICY_REFUSED, widgetPolicy } from './trusted-html'

const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: ['a', 'img', 'br', 'strong'],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'target', 'rel', 'loading', 'class'],
  ALLOWED_URI_REGEXP: /^(?:https?|mailto|tel):/i,
  // Attributes not in this list (and not URI-safe by default, like alt/class) have their value
  // checked against ALLOWED_URI_REGEXP, which would strip loading="lazy" (and target/rel if the
  // hook did not set them afterwards). They are not URLs, so declare them URI-safe.
  ADD_URI_SAFE_ATTR: ['loading', 'target', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
}

const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer"'
const IMAGE_PATH_RE = /\.(?:png|jpe?g|gif|webp|bmp|svg)$/i
const PLACEHOLDER_RE = /\u0000(\d+)\u0000/g

/** `undefined`: not created yet; `null`: this DOM cannot sanitise (see {@link getPurifier}). */
let purifier: DOMPurifyInstance | null | undefined

function isImageUrl(url: string): boolean {
  const parsed = parseHttpUrl(url)
  return parsed !== null && IMAGE_PATH_RE.test(parsed.pathname)
}

/** De-duplication key: the normalised URL for http(s), the lower-cased URL otherwise. */
function urlKey(url: string): string {
  return parseHttpUrl(url)?.href ?? url.toLowerCase()
}

/**
 * Attribute-ready URL: characters that a URL parser would percent-encode anyway and that have
 * a meaning in HTML (`"` `<` `>` backtick) are percent-encoded, then the rest is escaped.
 */
function urlAttr(url: string): string {
  return escapeHtml(url.replace(/["<>`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
}

export function linkHtml(url: string, labelHtml: string): string {
  return `<a href="${urlAttr(url)}" ${LINK_ATTRS}>${labelHtml}</a>`
}

/** An image opening itself, or `href` when it is a linked image. */
function imageHtml(url: string, alt: string, href: string): string {
  const src = urlAttr(url)
  return (
    `<a href="${urlAttr(href)}" ${LINK_ATTRS} class="chat-image-link">` +
    `<img src="${src}" alt="${escapeHtml(alt)}" loading="lazy" class="chat-image"></a>`
  )
}

/**
 * How a recognised image or link becomes HTML. The widget's own ({@link WIDGET_ELEMENTS}) shows
 * images; the console passes its own for what visitors wrote (console/visitor-content.ts).
 */
export interface MessageElements {
  /** `url` is the picture, `href` what it opens (itself unless it is a linked image). */
  image(url: string, alt: string, href: string): string
  /** `labelHtml` is the escaped label as shown; `label` the same as plain text. */
  link(url: string, labelHtml: string, label: string): string
}

const WIDGET_ELEMENTS: MessageElements = { image: imageHtml, link: linkHtml }

/** Escaped text with `**bold**` and line breaks applied; used for the no-elements fallback too. */
function formatText(escaped: string): string {
  return escaped.split(LINE_BREAK_RE).map((line) => applyBold(line)).join('<br>')
}

/** Produces the (pre-sanitiser) HTML for a message. */
function buildHtml(text: string, shown: MessageElements): string {
  const elements: string[] = []
  // Each URL is rendered once per message: the first occurrence becomes the image/link element;
  // a later bare occurrence of the same URL is dropped, and a later markdown link (or image)
  // keeps only its label (or alt text) as plain text. This keeps messages that repeat a URL
  // (e.g. "[Casa](u) … u") from showing the same preview or link twice.
  const seen = new Set<string>()
  let out = ''

  const emit = (html: string): void => {
    out += `\u0000${elements.length}\u0000`
    elements.push(html)
  }

  /** Bare URLs / e-mails via linkifyjs; everything else is escaped text. */
  const linkify = (segment: string): void => {
    if (segment === '') return
    let last = 0
    for (const match of find(segment)) {
      out += escapeHtml(segment.slice(last, match.start))
      last = match.end
      const href = match.href
      const isUrl = match.type === 'url' && isLinkUrl(href)
      const isEmail = match.type === 'email' && MAILTO_RE.test(href)
      if (!isUrl && !isEmail) {
        out += escapeHtml(match.value)
        continue
      }
      const key = urlKey(href)
      if (seen.has(key)) continue // later bare occurrence: dropped
      seen.add(key)
      emit(isImageUrl(href) ? shown.image(href, '', href) : shown.link(href, escapeHtml(match.value), match.value))
    }
    out += escapeHtml(segment.slice(last))
  }

  let last = 0
  for (const match of text.matchAll(MARKDOWN_RE)) {
    const { whole, isImage, label, url, href, valid } = readMarkdown(match)
    const start = match.index
    linkify(text.slice(last, start))
    last = start + whole.length

    if (!valid) {
      // javascript:, data:, relative… : not an element; the text is still scanned for bare URLs.
      linkify(whole)
      continue
    }
    const key = urlKey(url)
    if (seen.has(key)) {
      out += escapeHtml(label) // later markdown occurrence: label/alt only, as plain text
      continue
    }
    seen.add(key)
    if (isImage) {
      emit(shown.image(url, label, href))
    } else {
      // A markdown link to an image URL stays a link: the author chose link syntax.
      const unlabelled = label.trim() === ''
      emit(shown.link(url, unlabelled ? escapeHtml(url) : applyBold(escapeHtml(label)), unlabelled ? url : label))
    }
  }
  linkify(text.slice(last))

  return formatText(out).replace(PLACEHOLDER_RE, (_m, index: string) => elements[Number(index)] ?? '')
}

/**
 * The configured DOMPurify instance, created on first use (so the module imports without a
 * `window`). Returns null when no usable sanitiser exists (no DOM, or DOMPurify reports the
 * DOM unsupported); callers then fail closed to escaped text.
 */
function getPurifier(): DOMPurifyInstance | null {
  if (purifier !== undefined) return purifier
  if (typeof window === 'undefined') return null // not cached: a window may appear later
  const instance = DOMPurify(window)
  if (!instance.isSupported) {
    purifier = null
    return purifier
  }
  // Its parser under the widget's Trusted Types policy, not a second one of its own; where the
  // page refuses that policy it could not parse, and the bubbles show text (trusted-html.ts).
  const policy = widgetPolicy()
  if (policy === POLICY_REFUSED) {
    purifier = null
    return purifier
  }
  instance.setConfig({ ...PURIFY_CONFIG, ...(policy ? { TRUSTED_TYPES_POLICY: policy } : {}) })
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a') {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
  purifier = instance
  return purifier
}

/** Escaped text with bold and line breaks only: used when no trustworthy sanitiser is available. */
function renderPlain(text: string): string {
  return formatText(escapeHtml(text))
}

/**
 * Turns a chat message's text into sanitised HTML. Never throws: any input yields a string.
 * `elements` decides how images and links look (the widget's by default).
 */
export function renderMessage(content: string, elements: MessageElements = WIDGET_ELEMENTS): string {
  let text: string
  try {
    text = (typeof content === 'string' ? content : String(content ?? '')).replace(/\u0000/g, '')
  } catch {
    return ''
  }
  try {
    const purify = getPurifier()
    if (purify === null) return renderPlain(text)
    const html = purify.sanitize(buildHtml(text, elements))
    return typeof html === 'string' ? html : renderPlain(text)
  } catch {
    try {
      return renderPlain(text)
    } catch {
      return ''
    }
  }
}
