/** Marketing events pushed to the page's data layer (docs/behaviour.md#analytics). */
import { GOOGLE_TAG_SCRIPT } from './constants'
import { trustedScriptUrl } from './trusted-html'

/**
 * The six events of docs/behaviour.md#analytics. Written as they are at each push (a table of
 * them cost widget.js its keys and lookups); the type refuses any other name.
 */
export type AnalyticsEventName =
  | 'chat_session_started'
  | 'chat_widget_opened'
  | 'chat_widget_closed'
  | 'chat_message_sent_client'
  | 'chat_lead_registered'
  | 'chat_scheduled_appointment'

export interface AnalyticsEvent {
  event: AnalyticsEventName
  chat_session_id: string
  [key: string]: unknown
}

/** docs/behaviour.md#analytics: chat_message_sent_client carries the session id, the length and the type 'text'. */
export function messageSentEvent(sessionId: string, message: string): AnalyticsEvent {
  return {
    event: 'chat_message_sent_client',
    chat_session_id: sessionId,
    chat_message_length: message.length,
    chat_message_type: 'text',
  }
}

/** Any other event: its name, the session id and, for server events, what the server said. */
export function chatEvent(event: AnalyticsEventName, sessionId: string, detail?: unknown): AnalyticsEvent {
  return { event, chat_session_id: sessionId, ...(detail !== undefined ? { chat_event_detail: detail } : {}) }
}

/** The tag script URL for a measurement id (only ids of the usual form are used). */
export function tagScriptUrl(trackingId: string): string | null {
  return /^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/i.test(trackingId)
    ? `${GOOGLE_TAG_SCRIPT}?id=${encodeURIComponent(trackingId)}`
    : null
}

type DataLayerWindow = Window & { dataLayer?: unknown[] }

/**
 * The data layer of the page: events are pushed to `window.dataLayer` (created if missing), and
 * the tag script is loaded once for `trackingId` unless the page already loads it.
 */
export function pageAnalytics(win: Window, trackingId: string | undefined) {
  const layer = () => ((win as DataLayerWindow).dataLayer ??= [])
  if (trackingId) {
    const src = tagScriptUrl(trackingId)
    if (!src) console.warn(`[chat-widget] data-ga-tracking-id "${trackingId}" does not look like a tag id; no tag loaded.`)
    else if (!win.document.querySelector(`script[src="${src}"]`)) {
      // gtag.js reads Arguments objects from the data layer, hence the `arguments` pushes.
      function gtag(..._args: unknown[]) {
        // eslint-disable-next-line prefer-rest-params
        layer().push(arguments)
      }
      gtag('js', new Date())
      gtag('config', trackingId)
      // Through the widget's Trusted Types policy where the page enforces them (trusted-html.ts).
      const url = trustedScriptUrl(src)
      if (url === null) console.warn(`[chat-widget] The Google tag for data-ga-tracking-id was not loaded: this page's trusted-types directive does not allow the policy chat-widget.`)
      else {
        const script = win.document.createElement('script')
        script.async = true
        script.src = url as string // a TrustedScriptURL where Trusted Types are enforced: the DOM types know only strings
        win.document.head.append(script)
      }
    }
  }
  return {
    push(event: AnalyticsEvent) {
      layer().push(event)
    },
  }
}
