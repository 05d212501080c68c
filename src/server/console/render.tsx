/**
 * The console's first screen as HTML (docs/behaviour.md#console-inbox): the same React app the
 * browser runs, signed in, on its first route (the inbox with its first page), so the page shows
 * the conversations before the app's script ran; the app then hydrates this markup.
 */
import { renderToString } from 'react-dom/server'
import type { ConsoleBoot } from '../../protocol/console'
import { App } from '../../console/App'
import { FIRST_ROUTE } from '../../console/route'

/** The markup inside the console's root element; none when signed out (the sign-in form renders in the browser). */
export function renderConsole(boot: ConsoleBoot): string {
  return boot.account ? renderToString(<App boot={boot} route={FIRST_ROUTE} />) : ''
}
