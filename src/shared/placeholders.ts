/** Placeholders in the rendered HTML (docs/live-site.md) that the server fills per request (the widget's settings, the site URL, an error page's path). */
export const PLACEHOLDERS = {
  widgetSocketUrl: '%%WIDGET_SOCKET_URL%%',
  widgetAgentId: '%%WIDGET_AGENT_ID%%',
  widgetApiKey: '%%WIDGET_API_KEY%%',
  siteUrl: '%%SITE_URL%%',
  pathHtml: '%%PATH_HTML%%',
  pathJson: '%%PATH_JSON%%',
  /** The public, read-only, rate-limited X-Api-Key (no secret is ever in a page). */
  publicApiKey: '%%PUBLIC_API_KEY%%',
  /** This response's Content-Security-Policy nonce, on every script the page runs. */
  nonce: '%%NONCE%%',
} as const
