/** Placeholders in prerendered HTML that the server fills per request (the widget's settings, the site URL, an error page's path). */
export const PLACEHOLDERS = {
  widgetSocketUrl: '%%WIDGET_SOCKET_URL%%',
  widgetAgentId: '%%WIDGET_AGENT_ID%%',
  widgetApiKey: '%%WIDGET_API_KEY%%',
  siteUrl: '%%SITE_URL%%',
  pathHtml: '%%PATH_HTML%%',
  pathJson: '%%PATH_JSON%%',
  apiKey: '%%API_KEY%%',
  leadsToken: '%%LEADS_TOKEN%%',
} as const
