/** Every number of the spec (§9) the widget uses, named once, with where it comes from. */

export const TYPING_RESET_MS = 1000 // spec §4, §9: typing reported false after 1 s without input
export const URL_POLL_MS = 2000 // spec §7, §9: page URL checked every 2 s
export const CONFIG_POLL_MS = 1000 // spec §7, §9: get-custom-widget polled every 1 s
export const METRICS_POLL_MS = 10_000 // spec §7, §9: session metrics checked every 10 s
export const GEOLOCATION_TIMEOUT_MS = 5000 // spec §4, §9

export const WELCOME_TYPING_AT_MS = 1000 // spec §4: typing dots appear at 1 s
export const WELCOME_CARD_AT_MS = 3500 // spec §4: greeting card replaces them at 3.5 s
export const WELCOME_HIDE_EXTRA_MS = 4500 // spec §4: card hides after display time + 4.5 s
export const WELCOME_HIDE_FALLBACK_MS = 15_000 // spec §4: ... or 15 s when no display time is set

export const RECONNECTION_ATTEMPTS = 5 // spec §7, §9
export const RECONNECTION_DELAY_MS = 1000 // spec §7, §9

export const AUTO_SCROLL_DELAY_MS = 50 // spec §2, §9
export const TYPING_DOTS_CYCLE_MS = 1200 // spec §2, §9 (the CSS animation duration)
export const CHAT_IMAGE_MAX_HEIGHT_PX = 300 // spec §2, §9
export const MESSAGE_MAX_WIDTH_PERCENT = 70 // spec §2, §9
export const MESSAGE_MAX_WIDTH_SMALL_PERCENT = 85 // spec §2, §9: at 480 px or less
export const SMALL_SCREEN_MAX_PX = 480 // spec §2
export const DESKTOP_MIN_PX = 1024 // spec §9: Enter sends, send button hidden
export const MOBILE_FULLSCREEN_MAX_PX = 768 // spec §9: open panel is full-screen
export const VERY_WIDE_MIN_PX = 1536 // spec §9 "2xl": the narrower 23vw x 68dvh panel

/** Safe additions (not in the spec), each with its reason. */
export const ACK_TIMEOUT_MS = 5000 // a server that never acks must not leak callbacks
export const MESSAGE_MAX_CHARS = 2000 // the server refuses longer; say so before sending

/** Placement (docs/behaviour.md#placement): where the launcher sits and what follows it. */
export const LAUNCHER_SIZE_PX = 60
export const LAUNCHER_OFFSET_PX = 20 // default distance from the bottom and the side edge
export const MAX_LAUNCHER_OFFSET_PX = 300 // keeps the launcher on a 360 px phone screen
export const PANEL_GAP_PX = 12 // between the launcher and the panel or welcome card above it
export const PANEL_TOP_GAP_PX = 20 // room the desktop panel leaves at the top of the screen

/** Maximum z-index, so the launcher sits above the host page (design.md §3). */
export const MAX_Z_INDEX = 2147483647
