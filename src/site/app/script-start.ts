/**
 * The site's own scripts start after the page's largest image (docs/behaviour.md#shell): the
 * rendered HTML lists them (the route's module preloads, the payload's preload, the entry)
 * inside an inert <template>, and a small inline script moves them into the page once the
 * priority image has loaded (or failed), so the hydration chunks never share the connection
 * with the largest image.
 */

/** The id of the <template> holding the page's script tags. */
export const PAGE_SCRIPTS_TEMPLATE = '__scripts'

/**
 * Runs inline in the rendered page, serialized with `toString()`: it must not refer to
 * anything outside itself.
 */
export function startPageScripts(doc: Document, templateId: string): void {
  const run = () => {
    const template = doc.getElementById(templateId) as HTMLTemplateElement | null
    if (!template) return
    template.remove()
    doc.head.append(doc.importNode(template.content, true))
  }
  // Started from the image's own event, before the window's load event fires: the inserted scripts
  // delay it, so a page that has loaded has also started its scripts, as before.
  const image = doc.querySelector<HTMLImageElement>('#contenido img[fetchpriority="high"]')
  if (image && !image.complete) {
    image.addEventListener('load', run, { once: true })
    image.addEventListener('error', run, { once: true })
  } else run()
}
