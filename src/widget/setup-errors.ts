import { HandshakeRefusal, type HandshakeRefusalCode } from '../protocol'
import { PROP_ATTRIBUTES, type WidgetProps } from './props'
import { RETRY_ROUND_MAX_MS, RETRY_ROUND_MS } from './constants'

/**
 * The console line an integrator gets when the chat cannot connect (docs/behaviour.md#setup-errors):
 * what is wrong, which attribute or setting, and the fix. English, since developers read it;
 * the visitor sees only the Spanish connection notice.
 */

/** A failed connection as socket.io reports it: a server refusal carries `data`, a network failure a `type`. */
export interface ConnectFailure {
  message: string
  data?: unknown
  type?: string
}

/** socket.io's own refusal for a namespace the server does not have. */
const INVALID_NAMESPACE = 'Invalid namespace'
/** socket.io-client's words for "nothing answered at that address". */
const NETWORK_FAILURES = new Set(['timeout', 'websocket error', 'xhr poll error'])

const PREFIX = '[chat-widget]'
const { socketUrl: SOCKET_URL, idAgent: ID_AGENT, api_key: API_KEY, nameSpace: NAME_SPACE } = PROP_ATTRIBUTES

/** Nothing answered: the server is down, or the URL is not a chat server's. */
export function isNetworkFailure(failure: ConnectFailure): boolean {
  return failure.type === 'TransportError' || NETWORK_FAILURES.has(failure.message)
}

/** The server refused for now because it is busy: not a setup problem, the widget tries again. */
export function isBusyRefusal(failure: ConnectFailure): boolean {
  return refusalCode(failure.data) === HandshakeRefusal.serverBusy
}

/** The Origin header of a page without one of its own (file://, sandboxed iframes). */
const OPAQUE_ORIGIN = 'null'

/**
 * The page's Content-Security-Policy blocked the connection: socket.io only sees a failed
 * socket, so without this it would look like an unreachable server. `directive` is the one
 * the browser names (connect-src, or default-src when the policy has no connect-src).
 */
export function blockedByPolicyMessage(props: WidgetProps, directive: string): string {
  const { protocol, host } = new URL(props.socketUrl)
  const sources = `${protocol}//${host} ${protocol === 'https:' ? 'wss' : 'ws'}://${host}`
  return `${PREFIX} This page's Content-Security-Policy (${directive}) blocked the connection to the chat server at ${props.socketUrl}. Add ${sources} to the policy's connect-src.`
}

/** A policy violation on a request to the chat server's host: a blocked socket or polling request. */
export function blocksChatServer(blockedUri: string, props: WidgetProps): boolean {
  try {
    return new URL(blockedUri).host === new URL(props.socketUrl).host
  } catch {
    return false // "inline", "eval" and other non-URLs
  }
}

/** Nothing answered; a relative data-socket-url is named as the cause: it points at the page's own site. */
export function unreachableMessage(props: WidgetProps): string {
  const relative = props.relativeSocketUrl
  const advice = relative
    ? `${SOCKET_URL} "${relative.written}" is relative, so it was resolved against this page; a tag on another site needs the chat server's full address, e.g. ${relative.scriptOrigin ? `${relative.scriptOrigin} (where widget.js came from)` : 'https://chat.example.com'}.`
    : `Check ${SOCKET_URL}: it must be the address of a running chat server that this page can reach.`
  return `${PREFIX} Could not reach the chat server at ${props.socketUrl} (namespace ${props.nameSpace}). ${advice}`
}

/**
 * A connection that was up is gone and the reconnection attempts ran out: the server stopped or
 * the network dropped, not a wrong address (it worked), so no attribute is blamed.
 */
export function connectionLostMessage(props: WidgetProps, attempts: number): string {
  return `${PREFIX} Lost the connection to the chat server at ${props.socketUrl} and ${attempts} reconnection attempts failed: is the server running and reachable? While the page is visible the widget tries again by itself, after about ${RETRY_ROUND_MS / 1000} s and then less often (up to every ${RETRY_ROUND_MAX_MS / 60_000} minutes), and at once when the visitor presses «Reintentar», sends a message, comes back online or shows the tab again.`
}

/** The console line for any failed connection; `pageOrigin` is where the widget runs. */
export function connectFailureMessage(failure: ConnectFailure, props: WidgetProps, pageOrigin: string): string {
  if (isNetworkFailure(failure)) return unreachableMessage(props)
  if (failure.message === INVALID_NAMESPACE) return namespaceMessage(props)
  const code = refusalCode(failure.data)
  switch (code) {
    case HandshakeRefusal.unknownAgent:
      return `${PREFIX} The chat server has no agent "${props.idAgent}". Check ${ID_AGENT}: it must be the agent id the chat server was set up with.`
    case HandshakeRefusal.invalidKey:
      return `${PREFIX} The chat server refused ${API_KEY} for the agent "${props.idAgent}". Check ${API_KEY}: it must be that agent's public key.`
    case HandshakeRefusal.originNotAllowed: {
      const origin = originOf(failure.data) ?? pageOrigin
      // A file:// page or a sandboxed frame: allowing "null" would allow every such page.
      if (origin === OPAQUE_ORIGIN) {
        return `${PREFIX} The chat server does not allow this page: it has no origin (browsers send "null" for a page opened from a file or in a sandboxed iframe). Serve the page over http(s), and add its origin to that agent's allowed origins on the chat server (CHAT_ALLOWED_ORIGINS).`
      }
      return `${PREFIX} The chat server does not allow pages from ${origin} for the agent "${props.idAgent}". Add ${origin} to that agent's allowed origins on the chat server (CHAT_ALLOWED_ORIGINS).`
    }
    case HandshakeRefusal.missingVisitor:
      return `${PREFIX} The chat server refused the connection because no visitor id was sent. This is a fault of the widget, not of the tag: please report it.`
    case HandshakeRefusal.invalidVisitorToken:
      return `${PREFIX} The chat server refused this visitor's token, also after starting over as a new visitor. Check that localStorage keeps the widget's keys.`
    case HandshakeRefusal.tooManyConnections:
      return `${PREFIX} The chat server refused the connection: too many chat connections are open from this network.`
    default:
      // A server without codes (or with newer ones): its own words are the best clue.
      return `${PREFIX} The chat server refused the connection: "${failure.message}".`
  }
}

/** socket.io puts any path of the URL before the namespace; say which one was asked for. */
function namespaceMessage(props: WidgetProps): string {
  const { origin, pathname } = new URL(props.socketUrl)
  const path = pathname.replace(/\/$/, '')
  if (path) {
    return `${PREFIX} The chat server at ${origin} has no namespace "${path}${props.nameSpace}": the path of ${SOCKET_URL} ("${path}") is put before ${NAME_SPACE} ("${props.nameSpace}"). Give ${SOCKET_URL} without a path.`
  }
  return `${PREFIX} The chat server at ${origin} has no namespace "${props.nameSpace}". Check ${NAME_SPACE} (without it, /chat is used).`
}

const CODES: readonly string[] = Object.values(HandshakeRefusal)

export function refusalCode(data: unknown): HandshakeRefusalCode | null {
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined
  return typeof code === 'string' && CODES.includes(code) ? (code as HandshakeRefusalCode) : null
}

function originOf(data: unknown): string | null {
  const origin = data && typeof data === 'object' ? (data as { origin?: unknown }).origin : undefined
  return typeof origin === 'string' ? origin : null
}
