/** Longhands, so a page's own `overflow-y` alone is put back as it was. */
const OVERFLOW_PROPERTIES = ['overflow-x', 'overflow-y'] as const

/**
 * Keep the host page from scrolling under the full-screen panel (docs/behaviour.md#launcher):
 * overflow hidden on <html> and <body> while it is open. The returned function puts back
 * exactly the page's own inline values and priorities, and no empty style attribute.
 */
export function lockPageScroll(doc: Document): () => void {
  const saved = [doc.documentElement, doc.body].map((element) => ({
    element,
    hadStyle: element.hasAttribute('style'),
    values: OVERFLOW_PROPERTIES.map((name) => ({
      name,
      value: element.style.getPropertyValue(name),
      priority: element.style.getPropertyPriority(name),
    })),
  }))
  for (const { element } of saved) {
    for (const name of OVERFLOW_PROPERTIES) element.style.setProperty(name, 'hidden', 'important')
  }
  return () => {
    for (const { element, hadStyle, values } of saved) {
      for (const { name, value, priority } of values) {
        if (value) element.style.setProperty(name, value, priority)
        else element.style.removeProperty(name)
      }
      if (!hadStyle && !element.getAttribute('style')) element.removeAttribute('style')
    }
  }
}
