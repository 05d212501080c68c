/** Every number the widget uses, named once, each beside the behaviour it serves (docs/behaviour.md). */

export const TYPING_RESET_MS = 1000 // docs/behaviour.md#typing-report: typing reported false after 1 s without input
export const URL_POLL_MS = 2000 // docs/behaviour.md#navigation-trail: page URL checked every 2 s
export const CONFIG_POLL_MS = 1000 // docs/behaviour.md#config-poll: get-custom-widget polled every 1 s
export const METRICS_POLL_MS = 10_000 // docs/behaviour.md#session-metrics: session metrics checked every 10 s
export const GEOLOCATION_TIMEOUT_MS = 5000 // docs/behaviour.md#location

export const WELCOME_TYPING_AT_MS = 1000 // docs/behaviour.md#welcome: typing dots appear at 1 s
export const WELCOME_CARD_AT_MS = 3500 // docs/behaviour.md#welcome: greeting card replaces them at 3.5 s
export const WELCOME_HIDE_EXTRA_MS = 4500 // docs/behaviour.md#welcome: card hides after display time + 4.5 s
export const WELCOME_HIDE_FALLBACK_MS = 15_000 // docs/behaviour.md#welcome: ... or 15 s when no display time is set

export const RECONNECTION_ATTEMPTS = 5 // docs/behaviour.md#connection
export const RECONNECTION_DELAY_MS = 1000 // docs/behaviour.md#connection
// docs/behaviour.md#connection: once a lost connection's first round (the spec's) ran out, later rounds
// wait longer each time, so a restarted server is not met by every open widget at once.
export const RETRY_ROUND_MS = 10_000 // the pause before the second round, doubled before each next one
export const RETRY_ROUND_MAX_MS = 5 * 60_000 // ... up to 5 minutes
export const RETRY_ROUND_JITTER = 0.5 // each pause randomised ±50%: the widgets a restart dropped spread out
export const LATER_ROUND_ATTEMPTS = 1 // a later round is one attempt: the first round's found the server down
export const QUICK_RETRY_GAP_MS = 3000 // 'online' or the tab shown again retries at once, at most once per 3 s

export const AUTO_SCROLL_DELAY_MS = 50 // docs/behaviour.md#messages
export const TYPING_DOTS_CYCLE_MS = 1200 // docs/behaviour.md#typing-indicator (the CSS animation duration)
export const CHAT_IMAGE_MAX_HEIGHT_PX = 300 // docs/behaviour.md#messages
export const MESSAGE_MAX_WIDTH_PERCENT = 70 // docs/behaviour.md#messages
export const MESSAGE_MAX_WIDTH_SMALL_PERCENT = 85 // docs/behaviour.md#messages: at 480 px or less
export const SMALL_SCREEN_MAX_PX = 480 // docs/behaviour.md#messages
export const DESKTOP_MIN_PX = 1024 // docs/behaviour.md#composer: Enter sends, send button hidden
export const MOBILE_FULLSCREEN_MAX_PX = 768 // docs/behaviour.md#launcher: open panel is full-screen
export const VERY_WIDE_MIN_PX = 1536 // docs/behaviour.md#launcher: the narrower 23vw x 68dvh panel

/** Safe additions (not in the spec), each with its reason. */
export const ACK_TIMEOUT_MS = 5000 // a server that never acks must not leak callbacks
export const MESSAGE_MAX_CHARS = 2000 // the server refuses longer; say so before sending
export const SHORT_SCREEN_MAX_PX = 480 // docs/behaviour.md#banner: the banner steps aside at 480 px tall or less (a phone's keyboard up)

/** Placement (docs/behaviour.md#placement): where the launcher sits and what follows it. */
export const LAUNCHER_SIZE_PX = 60
export const LAUNCHER_OFFSET_PX = 20 // default distance from the bottom and the side edge
export const MAX_LAUNCHER_OFFSET_PX = 300 // keeps the launcher on a 360 px phone screen
export const PANEL_GAP_PX = 12 // between the launcher and the panel or welcome card above it
export const PANEL_TOP_GAP_PX = 20 // room the desktop panel leaves at the top of the screen

/** Dispatched on the widget's shadow root once its host is put back on the page (docs/behaviour.md#embed); not composed, so the page does not hear it. */
export const PUT_BACK_EVENT = 'put-back'

/** Maximum z-index, so the launcher sits above the host page (docs/behaviour.md#launcher). */
export const MAX_Z_INDEX = 2147483647

/** The Google tag script loaded for data-ga-tracking-id (docs/behaviour.md#analytics): the only script the widget adds. */
export const GOOGLE_TAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js'
