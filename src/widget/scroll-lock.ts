/** Longhands, so a page's own `overflow-y` alone is put back as it was. */
const OVERFLOW_PROPERTIES = ['overflow-x', 'overflow-y'] as const

/**
 * Keep the host page from scrolling under the full-screen panel (docs/behaviour.md#launcher):
 * overflow hidden on <html> while it is open. Only <html>: the panel is fixed, so wheel and
 * touch over it scroll the viewport, and a clipping <body> would change the page's layout (its
 * margins stop collapsing). The returned function puts back exactly the page's own inline
 * values and priorities, and no empty style attribute.
 */
export function lockPageScroll(doc: Document): () => void {
  const root = doc.documentElement
  const hadStyle = root.hasAttribute('style')
  const saved = OVERFLOW_PROPERTIES.map((name) => ({
    name,
    value: root.style.getPropertyValue(name),
    priority: root.style.getPropertyPriority(name),
  }))
  for (const name of OVERFLOW_PROPERTIES) root.style.setProperty(name, 'hidden', 'important')
  return () => {
    for (const { name, value, priority } of saved) {
      if (value) root.style.setProperty(name, value, priority)
      else root.style.removeProperty(name)
    }
    if (!hadStyle && !root.getAttribute('style')) root.removeAttribute('style')
  }
}

/** Whether <html> is locked now: a framework may have replaced it, or reset its styles, since (docs/behaviour.md#embed). */
export const pageScrollLocked = ({ documentElement: { style } }: Document) =>
  OVERFLOW_PROPERTIES.every((name) => style.getPropertyValue(name) == 'hidden' && style.getPropertyPriority(name) == 'important')
