/** The agent console's entry (docs/behaviour.md#console): its own bundle, never in widget.js or the site's. */
import { createRoot } from 'react-dom/client'
import { App } from './App'
import './console.css'
// The lazy screens' styles load with the app: esbuild does not load a lazy chunk's CSS.
import './screens/numbers.css'
import './screens/settings.css'
import './screens/pipeline.css'
import './screens/data-rights.css'

const start = () => createRoot(document.getElementById('consola')!).render(<App />)
// The script is an async module: it evaluates while the page's boot data is still on the way
// (server/console/page.ts) and renders once the page is parsed, boot data included.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
else start()
