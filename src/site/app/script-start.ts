/**
 * The site's own scripts start after the page's largest image (docs/behaviour.md#shell): the
 * prerendered HTML lists them (the route's module preloads, the payload's preload, the entry)
 * inside an inert <template>, and a small inline script moves them into the page once the
 * priority image has loaded (or failed) and the next frame is painted, so the hydration chunks
 * never share the connection with the largest paint.
 */

/** The id of the <template> holding the page's script tags. */
export const PAGE_SCRIPTS_TEMPLATE = '__scripts'

/**
 * Runs inline in the prerendered page, serialized with `toString()`: it must not refer to
 * anything outside itself.
 */
export function startPageScripts(doc: Document, templateId: string): void {
  const run = () => {
    const template = doc.getElementById(templateId) as HTMLTemplateElement | null
    if (!template) return
    template.remove()
    doc.head.append(doc.importNode(template.content, true))
  }
  // After the next paint; a hidden tab paints nothing, so there is nothing to wait for.
  const afterPaint = () => (doc.visibilityState === 'hidden' ? run() : requestAnimationFrame(() => setTimeout(run)))
  const image = doc.querySelector<HTMLImageElement>('#contenido img[fetchpriority="high"]')
  if (image && !image.complete) {
    image.addEventListener('load', afterPaint, { once: true })
    image.addEventListener('error', afterPaint, { once: true })
  } else afterPaint()
}
