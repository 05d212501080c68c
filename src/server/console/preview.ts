/**
 * The widget settings preview page (docs/behaviour.md#widget-settings): the real /widget.js on a
 * blank page, framed by the console's settings screen. Its widget polls the admin's preview
 * instance, where the console writes the unsaved draft, so every edit shows within a second.
 */
import { escapeHtml } from '../../protocol/html'
import { SERVER_PATHS } from '../../domain/site-paths'
import { isPreviewInstance } from '../../shared/widget-settings'

/** Longest preview instance name accepted in the query (a prefix and an account id). */
const MAX_INSTANCE_LENGTH = 200

/** Only the console may frame it; the widget needs its socket, Web Audio and https images. */
export const PREVIEW_CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

export interface PreviewWidget {
  agentId: string
  apiKey: string
}

/** The page for `?instancia=`, or null when that is no preview instance. */
export function previewPage(instance: string | null, widget: PreviewWidget): string | null {
  if (!instance || instance.length > MAX_INSTANCE_LENGTH || !isPreviewInstance(instance)) return null
  const attribute = (value: string) => `"${escapeHtml(value)}"`
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Vista previa del chat</title>
<link rel="stylesheet" href="${SERVER_PATHS.demo}/demo.css">
</head>
<body>
<main class="page">
<h1>Vista previa</h1>
<p>Así verán el chat los visitantes con los cambios sin guardar. Abre el chat con el botón redondo.</p>
</main>
<script async src=${attribute(SERVER_PATHS.widget)} data-socket-url="/" data-id-agent=${attribute(widget.agentId)} data-api-key=${attribute(widget.apiKey)} data-instance-name=${attribute(instance)}></script>
</body>
</html>
`
}
