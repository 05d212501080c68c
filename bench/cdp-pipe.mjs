// A Chromium driven over the DevTools protocol through a pipe, with nothing enabled but what the
// caller sends: no `Runtime.enable` (Playwright's pages all have it), under which every new Error
// and every network request from script records its stack, and no utility world with Playwright's
// injected script. The page then runs as it does for a visitor. Used by bench/widget-page.mjs.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium.mjs'

/** Loopback only, as bench/browser.mjs's contexts: every other host name resolves to nothing. */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'

export async function launchBareChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-bare-chromium-'))
  const child = spawn(ensureChromium(), [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', LOOPBACK_ONLY, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  })
  const [toBrowser, fromBrowser] = [child.stdio[3], child.stdio[4]]
  let nextId = 0
  const waiting = new Map()
  /** Event listeners by `${sessionId} ${method}`. */
  const listeners = new Map()
  let buffered = ''
  fromBrowser.on('data', (chunk) => {
    buffered += chunk.toString('utf8')
    let end
    while ((end = buffered.indexOf('\0')) !== -1) {
      const message = JSON.parse(buffered.slice(0, end))
      buffered = buffered.slice(end + 1)
      if (message.method) listeners.get(`${message.sessionId} ${message.method}`)?.(message.params)
      const pending = waiting.get(message.id)
      if (!pending) continue
      waiting.delete(message.id)
      if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`))
      else pending.resolve(message.result)
    }
  })
  /** One protocol command, to the browser or (with `sessionId`) to an attached page. */
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++nextId
      waiting.set(id, { resolve, reject, method })
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`)
    })
  await send('Browser.getVersion')
  return {
    send,
    /** A page in a context of its own, attached; `close()` drops both. */
    async newPage() {
      const { browserContextId } = await send('Target.createBrowserContext')
      const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId })
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true })
      return {
        send: (method, params) => send(method, params, sessionId),
        /** Calls `handler` with the params of each `method` event of this page. */
        on: (method, handler) => listeners.set(`${sessionId} ${method}`, handler),
        close: () => send('Target.disposeBrowserContext', { browserContextId }),
      }
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      await send('Browser.close').catch(() => child.kill())
      await exited
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
