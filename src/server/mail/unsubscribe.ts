/**
 * The unsubscribe link of the visitor's e-mails (docs/email.md#unsubscribe). The link carries the
 * address and an HMAC of it under a key the database keeps (outbox-repo.ts `key`, the same for
 * every process), so only the e-mails we sent can stop e-mails to an address. Opening it (GET)
 * shows a Spanish page with one button; the button, or a mail client's one-click unsubscribe
 * (RFC 8058: a POST with List-Unsubscribe=One-Click), records it. A GET never records: the link
 * scanners of companies' mail open every link of a message.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { emailKey, isValidEmail } from '../../domain/email'
import { SERVER_PATHS } from '../../domain/site-paths'
import { escapeHtml } from '../../protocol/html'
import type { OutboxRepository } from '../storage/outbox-repo'

/** Under SERVER_PATHS.mail: the unsubscribe page. */
export const UNSUBSCRIBE_PATH = `${SERVER_PATHS.mail}/baja`

/** What the database keeps of an unsubscribed address: its hash, never the address. */
export const addressHash = (address: string) => createHash('sha256').update(`mail:${emailKey(address)}`).digest('hex')

const signature = (key: string, address: string) => createHmac('sha256', key).update(`unsubscribe:${emailKey(address)}`).digest('base64url')

/** The link's token: the address and its signature. */
export const unsubscribeToken = (key: string, address: string) => `${Buffer.from(emailKey(address)).toString('base64url')}.${signature(key, address)}`

/** The address a token names, when its signature holds; null otherwise. */
export function tokenAddress(key: string, token: string): string | null {
  const [encoded, signed] = token.split('.')
  if (!encoded || !signed) return null
  const address = Buffer.from(encoded, 'base64url').toString('utf8')
  if (!isValidEmail(address)) return null
  const expected = Buffer.from(signature(key, address))
  const given = Buffer.from(signed)
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null
}

/** «a***@ejemplo.com»: enough for its owner to recognise it, not the whole address on a page. */
const masked = (address: string) => {
  const [user = '', domain = ''] = address.split('@')
  return `${user.slice(0, 1)}***@${domain}`
}

const STYLE = 'body{font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f3f4f6;margin:0;padding:32px 16px}main{max-width:480px;margin:0 auto;background:#fff;padding:24px;border-radius:8px}h1{font-size:20px}button{font-size:16px;padding:10px 16px;border:0;border-radius:6px;background:#1f2937;color:#fff;cursor:pointer}'
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')
/** The page runs no script and loads nothing: its one style block by hash, its form to itself. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

function page(agency: string, title: string, body: string): string {
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(agency)}</title><style>${STYLE}</style></head><body><main><p>${escapeHtml(agency)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

export interface UnsubscribeOptions {
  outbox: Pick<OutboxRepository, 'key' | 'unsubscribe'>
  agencyName: () => string
}

/** GET and POST {UNSUBSCRIBE_PATH}?t=… */
export function unsubscribeRoutes(options: UnsubscribeOptions) {
  const app = new Hono().basePath(UNSUBSCRIBE_PATH)
  const headers = { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' }
  const invalid = () =>
    page(options.agencyName(), 'Este enlace no es válido', '<p>Puede que esté incompleto. Abre el enlace tal como viene al final de nuestro correo, o respóndenos el correo y te damos de baja.</p>')
  const addressOf = async (token: string | undefined) => (token ? tokenAddress(await options.outbox.key('unsubscribe'), token) : null)

  app.get('/', async (c) => {
    const token = c.req.query('t')
    const address = await addressOf(token)
    if (!address) return c.html(invalid(), 400, headers)
    const action = `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token!)}`
    return c.html(
      page(
        options.agencyName(),
        'Dejar de recibir correos',
        `<p>Ya no enviaremos recordatorios de visitas ni copias de conversaciones a <strong>${escapeHtml(masked(address))}</strong>.</p>` +
          `<form method="post" action="${escapeHtml(action)}"><button type="submit">Darme de baja</button></form>`,
      ),
      200,
      headers,
    )
  })

  app.post('/', async (c) => {
    const address = await addressOf(c.req.query('t'))
    if (!address) return c.html(invalid(), 400, headers)
    await options.outbox.unsubscribe(addressHash(address))
    return c.html(
      page(
        options.agencyName(),
        'Listo: te diste de baja',
        `<p>No enviaremos más recordatorios de visitas ni copias de conversaciones a <strong>${escapeHtml(masked(address))}</strong>.</p>` +
          '<p>Si agendas una visita, te seguiremos avisando de su confirmación y de cualquier cambio de fecha, para que no llegues a una cita que ya no existe.</p>',
      ),
      200,
      headers,
    )
  })
  return app
}
