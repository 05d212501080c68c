import {
  WELCOME_CARD_AT_MS,
  WELCOME_HIDE_EXTRA_MS,
  WELCOME_HIDE_FALLBACK_MS,
  WELCOME_TYPING_AT_MS,
} from './constants'

/** sessionStorage key: the welcome card has shown in this browser session. */
export const WELCOME_SHOWN_KEY = 'chat_welcome_shown'
/** localStorage key: the visitor has sent a message from this browser. */
export const VISITOR_CHATTED_KEY = 'chat_visitor_chatted'

/**
 * Whether the welcome sequence may start, by the configuration's `welcome_frequency`
 * (docs/behaviour.md#welcome): every page (the default, also for an unknown value), once per
 * browser session, or not once the visitor has chatted.
 */
export function welcomeAllowed(frequency: unknown, seen: { shownThisSession: boolean; chatted: boolean }): boolean {
  if (frequency === 'once-per-session') return !seen.shownThisSession
  if (frequency === 'until-chatted') return !seen.chatted
  return true
}

/** hidden -> typing (dots) -> card (greeting, launcher bobs) -> done (hidden for good). */
export type WelcomeStage = 'hidden' | 'typing' | 'card' | 'done'

/** setTimeout fires at once for delays past 2^31 - 1 ms, so longer display times are capped. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** When the card hides, counted from the start of the sequence (docs/behaviour.md#welcome). */
export function welcomeHideAtMs(displaySeconds: unknown): number {
  return typeof displaySeconds === 'number' && Number.isFinite(displaySeconds) && displaySeconds > 0
    ? Math.min(displaySeconds * 1000 + WELCOME_HIDE_EXTRA_MS, MAX_TIMER_MS)
    : WELCOME_HIDE_FALLBACK_MS
}

/**
 * The welcome sequence (docs/behaviour.md#welcome), as timers only: it reports each stage and returns a cancel
 * function that clears every pending timer (opening the chat cancels them all).
 */
export function welcomeSequence(
  displaySeconds: unknown,
  onStage: (stage: WelcomeStage) => void,
): () => void {
  const timers = [
    setTimeout(() => onStage('typing'), WELCOME_TYPING_AT_MS),
    setTimeout(() => onStage('card'), WELCOME_CARD_AT_MS),
    setTimeout(() => onStage('done'), welcomeHideAtMs(displaySeconds)),
  ]
  return () => timers.forEach(clearTimeout)
}
