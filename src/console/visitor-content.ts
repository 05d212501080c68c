/**
 * What a visitor wrote, shown inert in the console (docs/behaviour.md#console-conversation): the
 * widget's renderer (widget/render.ts) with other elements. A visitor's image is a link the staff
 * choose to open («Imagen: host/ruta»), never an <img> the browser fetches by itself (a tracking
 * pixel would see who reads the conversation); a link shows the host it really opens beside its
 * text, so «banco.mx» pointing elsewhere says where. The console's CSP (server/headers.ts) refuses
 * images from other hosts as a second line. Messages of the agency keep the widget's elements.
 */
import { escapeHtml } from '../protocol/html'
import { linkHtml, parseHttpUrl, renderMessage, type MessageElements } from '../widget/public'

/** Of an image's address, the path shown after its host; longer ones end in «…» (the link opens the whole). */
export const IMAGE_PATH_SHOWN_CHARS = 60

/** Where a link really goes, as staff read it: a web address's host (punycode, port included), a mailto's address, a tel's number. */
function realTarget(url: string): string {
  return parseHttpUrl(url)?.host ?? url.replace(/^(?:mailto|tel):/i, '')
}

/** The label already says where the link goes when it starts with its real target (a bare URL or e-mail as typed). */
function labelShowsTarget(label: string, target: string): boolean {
  const shown = label
    .trim()
    .toLowerCase()
    .replace(/^(?:https?:\/\/|mailto:|tel:)/, '')
  const real = target.toLowerCase()
  return shown === real || shown === `${real}/` || shown.startsWith(`${real}/`)
}

function visitorLink(url: string, labelHtml: string, label: string): string {
  const target = realTarget(url)
  return labelShowsTarget(label, target) ? linkHtml(url, labelHtml) : `${linkHtml(url, labelHtml)} (${escapeHtml(target)})`
}

function visitorImage(url: string, alt: string, href: string): string {
  const parsed = parseHttpUrl(url)
  const path = parsed ? parsed.pathname : ''
  const shownPath = path.length > IMAGE_PATH_SHOWN_CHARS ? `${path.slice(0, IMAGE_PATH_SHOWN_CHARS)}…` : path
  const name = alt.trim() ? `Imagen «${alt.trim()}»` : 'Imagen'
  const image = linkHtml(url, escapeHtml(`${name}: ${parsed?.host ?? url}${shownPath}`))
  // A linked image also names the page it opened.
  return href === url ? image : `${image} → ${visitorLink(href, escapeHtml(href), href)}`
}

const VISITOR_ELEMENTS: MessageElements = { image: visitorImage, link: visitorLink }

/** A message's HTML for the console: inert when the visitor wrote it, as the widget shows it otherwise. */
export function consoleMessageHtml(content: string, fromVisitor: boolean): string {
  return fromVisitor ? renderMessage(content, VISITOR_ELEMENTS) : renderMessage(content)
}
