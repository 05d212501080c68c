/** The agent console's entry (docs/behaviour.md#console): its own bundle, never in widget.js or the site's. */
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './App'
import { pageBoot } from './boot'
import { FIRST_ROUTE, readRoute, sameRoute } from './route'
import './console.css'
// The lazy screens' styles load with the app: esbuild does not load a lazy chunk's CSS.
import './screens/numbers.css'
import './screens/settings.css'
import './screens/agency.css'
import './screens/hours-editor.css'
import './screens/pipeline.css'
import './screens/data-rights.css'
import './screens/team.css'
import './screens/canned.css'
import './screens/catalogue/catalogue.css'

/**
 * The server rendered the signed-in console on its first route into the page (server/console/page.ts):
 * on that route the app hydrates it; on another (the hash names another screen) it renders anew.
 */
function start() {
  const container = document.getElementById('consola')!
  const route = readRoute(window.location.hash)
  const app = <App boot={pageBoot()} route={route} />
  if (container.hasChildNodes() && sameRoute(route, FIRST_ROUTE)) hydrateRoot(container, app)
  else createRoot(container).render(app)
}
// The script is an async module: it evaluates while the page's boot data is still on the way
// (server/console/page.ts) and starts once the page is parsed, boot data included.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
else start()
