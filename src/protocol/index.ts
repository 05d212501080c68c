/**
 * The chat wire protocol (docs/behaviour.md#protocol), shared by the widget and the server.
 * Types and names only: no runtime dependencies, so both sides can import it freely.
 */

/** Default socket.io namespace of the chat (docs/behaviour.md#protocol: '/chat', overridable by the nameSpace prop). */
export const CHAT_NAMESPACE = '/chat'

/** The widget's IP geolocation service unless data-ip-lookup-url names another (the site's CSP allows it). */
export const DEFAULT_IP_LOOKUP_URL = 'https://ipapi.co/json/'

/** Client -> server event names. */
export const ClientEvent = {
  connectedChat: 'connected-chat',
  sendChatMessage: 'send-chat-message',
  typingUserState: 'typing-user-state',
  navigationPathChat: 'navigation-path-chat',
  getCustomWidget: 'get-custom-widget',
  metricsChat: 'metrics-chat',
} as const

/** Server -> client event names. */
export const ServerEvent = {
  response: 'response',
  typingStateWidget: 'typing-state-widget',
  leadRegistered: 'lead-registered',
  scheduledAppointment: 'scheduled_appointment',
  /** A safe addition: the new visitor's secret token, sent once (docs/behaviour.md#visitor-token). */
  visitorToken: 'visitor-token',
} as const

/** Typing state value that shows the indicator (docs/behaviour.md#typing-indicator); any other value hides it. */
export const TYPING_IN_PROGRESS = 'in-progress'
/** What our server sends when the reply is done (any value but 'in-progress' would do). */
export const TYPING_DONE = 'done'

/**
 * Second argument of `typing-state-widget` with 'in-progress', a protocol addition set only by the
 * server (docs/behaviour.md#protocol-additions): a person of the agency is typing, not the
 * automated agent. A client that reads only the first argument shows the spec's indicator and lock.
 */
export interface TypingAuthor {
  by: typeof TYPING_BY_PERSON
  /** The person's displayed name, which the visitor already read in «Ana, de nuestro equipo, se unió…». */
  name?: string
}
export const TYPING_BY_PERSON = 'person'
/** A person's displayed name at most (an account's name); the widget ignores a longer one. */
export const PERSON_NAME_MAX_CHARS = 80

export type ChatRole = 'user' | 'agent'

/** A chat message as it crosses the wire (docs/behaviour.md#protocol). `id` and `clientMessageId` are safe additions. */
export interface ChatMessage {
  role: ChatRole
  content: string
  /** Server-assigned id, when the server gives one. */
  id?: string
  /** Client-chosen id of a visitor message, so a resent message is stored once. */
  clientMessageId?: string
}

/**
 * Why the server refused a handshake (docs/behaviour.md#protocol-additions): sent as the
 * `connect_error` data beside the Spanish message, which older widgets read and keep reading.
 */
export const HandshakeRefusal = {
  invalidKey: 'invalid-key',
  unknownAgent: 'unknown-agent',
  originNotAllowed: 'origin-not-allowed',
  missingVisitor: 'missing-visitor',
  tooManyConnections: 'too-many-connections',
  /** The server has more waiting work than it takes on: try again in a moment (the widget does). */
  serverBusy: 'server-busy',
  /** The visitor id has a token and the handshake did not present it. */
  invalidVisitorToken: 'invalid-visitor-token',
} as const

export type HandshakeRefusalCode = (typeof HandshakeRefusal)[keyof typeof HandshakeRefusal]

/** The `connect_error` data of a refused handshake. */
export interface HandshakeRefusalData {
  code: HandshakeRefusalCode
  /** With origin-not-allowed: the page origin the server saw (absent when the browser sent none). */
  origin?: string
}

/** Handshake query fields (docs/behaviour.md#protocol). */
export interface ChatHandshakeQuery {
  idOwner: string
  api_key: string
  idClient: string
  instance: string
}

/**
 * Handshake `auth` (socket.io's CONNECT packet, never in a URL): the visitor's token, once the
 * server gave one. A safe addition: a server that knows nothing of it ignores it.
 */
export interface ChatHandshakeAuth {
  visitorToken?: string
}

/** Payload of the `visitor-token` event. */
export interface VisitorTokenPayload {
  token: string
}

export interface ConnectedChatPayload {
  userUUID: string
  agentId: string
}

/**
 * Outgoing attribution record (docs/behaviour.md#attribution): the stored attribution fields plus the URL's
 * utm fields, referrer, page URL and an ISO timestamp, with the campaign object `utm_obj`.
 * Kept open (`Record`) because the visitor-context work fills it in.
 */
export type AttributionRecord = Record<string, unknown>

export interface SendChatMessagePayload {
  userUUID: string
  message: string
  agentId: string
  api_key: string
  utms: AttributionRecord
  clientMessageId?: string
}

/** Our server's ack to send-chat-message; the widget works without it too. */
export interface SendChatMessageAck {
  ok: boolean
  id?: string
  error?: string
}

export interface NavigationPathPayload {
  urlPath: string
  time: string
  clientId: string
  instance: string
  utms: AttributionRecord
}

export interface GetCustomWidgetPayload {
  instance: string
}

export interface ClientLocation {
  country: string
  city: string
  region: string
  latitude: number | null
  longitude: number | null
  timezone: string
}

/** Session info (docs/behaviour.md#session-metrics); unknown values are the text 'Unknown', coordinates null. */
export interface SessionInfo {
  browser: string
  browserVersion: string
  os: string
  deviceType: string
  screenWidth: number
  screenHeight: number
  userAgent: string
  referrer: string
  clientLocation: ClientLocation
}

export interface MetricsPayload extends SessionInfo {
  idClient: string
}

/** Colour keys of the custom widget configuration (docs/behaviour.md#theme). */
export const WIDGET_COLOR_KEYS = [
  'panelColor',
  'headerColor',
  'headerTextColor',
  'messagesBackgroundColor',
  'inputBackgroundColor',
  'inputTextColor',
  'inputBorderColor',
  'sendButtonColor',
  'sendButtonHoverColor',
  'userMessageColor',
  'userMessageTextColor',
  'botMessageColor',
  'botMessageTextColor',
  'welcomeBackgroundColor',
  'welcomeTextColor',
  'welcomeButtonColor',
  'welcomeButtonHoverColor',
] as const

export type WidgetColorKey = (typeof WIDGET_COLOR_KEYS)[number]

/** Sounds the configuration may choose (docs/behaviour.md#sounds). */
export const SOUND_NAMES = ['sound1', 'sound2', 'sound3', 'sound4', 'sound5'] as const
export type SoundName = (typeof SOUND_NAMES)[number]

/** Custom widget configuration returned by get-custom-widget (docs/behaviour.md#theme). Every key is optional. */
export type CustomWidgetConfig = Partial<Record<WidgetColorKey, string>> & {
  welcomeMessage?: string
  welcomeMessageButton?: string
  visibility_welcome_modal?: boolean
  btn_close_welcome_modal?: boolean
  /** Seconds the greeting card stays (docs/behaviour.md#welcome). */
  time_active_welcome_modal?: number
  svgName?: string
  icon_button_url?: string
  soundName?: SoundName | string
  /** How often the welcome card shows (docs/behaviour.md#protocol-additions); every page when absent. */
  welcome_frequency?: WelcomeFrequency
  /** Whether the banner offers «Compartir ubicación» / «Recibir alertas» (protocol addition); both when absent. */
  banner_location?: boolean
  banner_alerts?: boolean
  /**
   * Protocol addition, set by the server from the agency profile (docs/agency.md#widget), never by
   * «Ajustes del chat»: the name the header welcomes to (else the tag's instance name) and the
   * logo it shows (a path on the chat server, else the launcher's image).
   */
  agencyName?: string
  agencyLogo?: string
}

/**
 * How often the welcome card shows: on every page (docs/behaviour.md#welcome, the default), once per browser
 * session, or never again once the visitor has chatted (on a phone the card covers the page).
 */
export const WELCOME_FREQUENCIES = ['every-page', 'once-per-session', 'until-chatted'] as const
export type WelcomeFrequency = (typeof WELCOME_FREQUENCIES)[number]

/** Icons the configuration's svgName may name for the welcome card (docs/behaviour.md#welcome). */
export const WELCOME_ICON_NAMES = ['hello', 'iconBtn', 'alerts', 'ubication', 'home', 'send', 'restart'] as const

/** Spanish notices the server may send as an agent message when it refuses something. */
export interface ServerNotice {
  code: string
  message: string
}
