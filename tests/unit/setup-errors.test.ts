import { describe, expect, it } from 'vitest'
import type { WidgetProps } from '../../src/widget/props'
import { blockedByPolicyMessage, blocksChatServer, connectFailureMessage, connectionLostMessage, isNetworkFailure, unreachableMessage } from '../../src/widget/setup-errors'

const PROPS: WidgetProps = {
  socketUrl: 'https://chat.example.com',
  idAgent: 'agente-7',
  api_key: 'pk_7',
  nameSpace: '/chat',
  instanceName: 'Casas',
}
const PAGE = 'https://casas.example.com'
const message = (failure: Parameters<typeof connectFailureMessage>[0], props: WidgetProps = PROPS) => connectFailureMessage(failure, props, PAGE)

describe('the console line for a failed connection', () => {
  it('names the attribute to fix for each refusal code', () => {
    expect(message({ message: 'Clave de chat no válida.', data: { code: 'invalid-key' } })).toBe(
      '[chat-widget] The chat server refused data-api-key for the agent "agente-7". Check data-api-key: it must be that agent\'s public key.',
    )
    expect(message({ message: 'Clave de chat no válida.', data: { code: 'unknown-agent' } })).toBe(
      '[chat-widget] The chat server has no agent "agente-7". Check data-id-agent: it must be the agent id the chat server was set up with.',
    )
    expect(message({ message: 'x', data: { code: 'too-many-connections' } })).toContain('too many chat connections')
    expect(message({ message: 'x', data: { code: 'missing-visitor' } })).toContain('no visitor id')
  })

  it('names the origin the server saw, else the page origin', () => {
    expect(message({ message: 'x', data: { code: 'origin-not-allowed', origin: 'https://otro.example.com' } })).toBe(
      '[chat-widget] The chat server does not allow pages from https://otro.example.com for the agent "agente-7". Add https://otro.example.com to that agent\'s allowed origins on the chat server (CHAT_ALLOWED_ORIGINS).',
    )
    expect(message({ message: 'x', data: { code: 'origin-not-allowed' } })).toContain(`pages from ${PAGE} `)
  })

  it('does not advise allowing the origin "null" of a page opened from a file or a sandboxed frame', () => {
    expect(connectFailureMessage({ message: 'x', data: { code: 'origin-not-allowed', origin: 'null' } }, PROPS, 'null')).toBe(
      '[chat-widget] The chat server does not allow this page: it has no origin (browsers send "null" for a page opened from a file or in a sandboxed iframe). Serve the page over http(s), and add its origin to that agent\'s allowed origins on the chat server (CHAT_ALLOWED_ORIGINS).',
    )
  })

  it('quotes the message of a server without codes, or with codes it does not know', () => {
    expect(message({ message: 'Clave de chat no válida.' })).toBe('[chat-widget] The chat server refused the connection: "Clave de chat no válida.".')
    expect(message({ message: 'Otra razón', data: { code: 'new-code' } })).toBe('[chat-widget] The chat server refused the connection: "Otra razón".')
  })

  it('explains a namespace the server does not have, and where a path in the URL went', () => {
    expect(message({ message: 'Invalid namespace' }, { ...PROPS, nameSpace: '/soporte' })).toBe(
      '[chat-widget] The chat server at https://chat.example.com has no namespace "/soporte". Check data-name-space (without it, /chat is used).',
    )
    expect(message({ message: 'Invalid namespace' }, { ...PROPS, socketUrl: 'https://chat.example.com/realtime' })).toBe(
      '[chat-widget] The chat server at https://chat.example.com has no namespace "/realtime/chat": the path of data-socket-url ("/realtime") is put before data-name-space ("/chat"). Give data-socket-url without a path.',
    )
  })

  it('says where it tried when nothing answered', () => {
    const unreachable = '[chat-widget] Could not reach the chat server at https://chat.example.com (namespace /chat). Check data-socket-url: it must be the address of a running chat server that this page can reach.'
    expect(unreachableMessage(PROPS)).toBe(unreachable)
    for (const failure of [{ message: 'websocket error', type: 'TransportError' }, { message: 'xhr poll error', type: 'TransportError' }, { message: 'timeout' }]) {
      expect(isNetworkFailure(failure)).toBe(true)
      expect(message(failure)).toBe(unreachable)
    }
    expect(isNetworkFailure({ message: 'Clave de chat no válida.', data: { code: 'invalid-key' } })).toBe(false)
  })

  it('names a relative data-socket-url as the cause, with the origin widget.js came from when known', () => {
    const fromPage = { ...PROPS, socketUrl: PAGE, relativeSocketUrl: { written: '/', scriptOrigin: 'https://chat.example.com' } }
    expect(unreachableMessage(fromPage)).toBe(
      `[chat-widget] Could not reach the chat server at ${PAGE} (namespace /chat). data-socket-url "/" is relative, so it was resolved against this page; a tag on another site needs the chat server's full address, e.g. https://chat.example.com (where widget.js came from).`,
    )
    expect(unreachableMessage({ ...fromPage, relativeSocketUrl: { written: '/' } })).toMatch(/full address, e\.g\. https:\/\/chat\.example\.com\.$/)
  })
})

describe("the page's Content-Security-Policy blocking the chat server", () => {
  it('names the directive and the sources to add, wss for an https server', () => {
    expect(blockedByPolicyMessage(PROPS, 'connect-src')).toBe(
      "[chat-widget] This page's Content-Security-Policy (connect-src) blocked the connection to the chat server at https://chat.example.com. Add https://chat.example.com wss://chat.example.com to the policy's connect-src.",
    )
    expect(blockedByPolicyMessage({ ...PROPS, socketUrl: 'http://localhost:3000' }, 'connect-src')).toContain('Add http://localhost:3000 ws://localhost:3000 ')
  })

  it("counts only violations on the chat server's host", () => {
    expect(blocksChatServer('wss://chat.example.com/socket.io/?EIO=4&transport=websocket', PROPS)).toBe(true)
    expect(blocksChatServer('https://chat.example.com/socket.io/?EIO=4&transport=polling', PROPS)).toBe(true)
    expect(blocksChatServer('https://ipapi.co/json/', PROPS)).toBe(false)
    expect(blocksChatServer('inline', PROPS)).toBe(false)
    expect(blocksChatServer('', PROPS)).toBe(false)
  })
})

describe('a connection that was up and is lost', () => {
  it('blames no attribute: the address worked', () => {
    const lost = connectionLostMessage(PROPS, 5)
    expect(lost).toBe(
      '[chat-widget] Lost the connection to the chat server at https://chat.example.com and 5 reconnection attempts failed: is the server running and reachable? While the page is visible the widget tries again by itself, after about 10 s and then less often (up to every 5 minutes), and at once when the visitor presses «Reintentar», sends a message, comes back online or shows the tab again.',
    )
    expect(lost).not.toContain('data-')
  })
})
