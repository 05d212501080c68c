/**
 * The chat wire protocol (spec §7, design.md §4), shared by the widget and the server.
 * Types and names only: no runtime dependencies, so both sides can import it freely.
 */

/** Default socket.io namespace of the chat (spec §7: '/chat', overridable by the nameSpace prop). */
export const CHAT_NAMESPACE = '/chat'

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
} as const

/** Typing state value that shows the indicator (spec §4); any other value hides it. */
export const TYPING_IN_PROGRESS = 'in-progress'
/** What our server sends when the reply is done (any value but 'in-progress' would do). */
export const TYPING_DONE = 'done'

export type ChatRole = 'user' | 'agent'

/** A chat message as it crosses the wire (spec §3). `id` and `clientMessageId` are safe additions. */
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
} as const

export type HandshakeRefusalCode = (typeof HandshakeRefusal)[keyof typeof HandshakeRefusal]

/** The `connect_error` data of a refused handshake. */
export interface HandshakeRefusalData {
  code: HandshakeRefusalCode
  /** With origin-not-allowed: the page origin the server saw (absent when the browser sent none). */
  origin?: string
}

/** Handshake query fields (spec §7). */
export interface ChatHandshakeQuery {
  idOwner: string
  api_key: string
  idClient: string
  instance: string
}

export interface ConnectedChatPayload {
  userUUID: string
  agentId: string
}

/**
 * Outgoing attribution record (spec §3): the stored attribution fields plus the URL's
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

/** Session info (spec §3); unknown values are the text 'Unknown', coordinates null. */
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

/** Colour keys of the custom widget configuration (spec §3 "colours for ..."). */
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

/** Sounds the configuration may choose (spec §3). */
export const SOUND_NAMES = ['sound1', 'sound2', 'sound3', 'sound4', 'sound5'] as const
export type SoundName = (typeof SOUND_NAMES)[number]

/** Custom widget configuration returned by get-custom-widget (spec §3). Every key is optional. */
export type CustomWidgetConfig = Partial<Record<WidgetColorKey, string>> & {
  welcomeMessage?: string
  welcomeMessageButton?: string
  visibility_welcome_modal?: boolean
  btn_close_welcome_modal?: boolean
  /** Seconds the greeting card stays (spec §4). */
  time_active_welcome_modal?: number
  svgName?: string
  icon_button_url?: string
  soundName?: SoundName | string
}

/** Spanish notices the server may send as an agent message when it refuses something. */
export interface ServerNotice {
  code: string
  message: string
}
