/**
 * Text made safe for HTML, one rule for the widget's message rendering, the site's prerendered
 * head and the server's filled-in placeholders (and the sitemap's XML, where the same entities
 * are valid).
 */

/** Escapes text for use both as element content and inside a single- or double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
