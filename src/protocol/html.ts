/**
 * Text made safe for HTML, one rule for the widget's message rendering, the site's rendered
 * head and the server's filled-in placeholders (and the sitemap's XML, where the same entities
 * are valid); and JSON made safe inside a <script> data block (the site's and the console's boot data).
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

/** JSON safe inside a <script> element: no `</script>` (or `<!--`) can close it early. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
