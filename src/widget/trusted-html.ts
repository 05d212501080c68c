import type { Config } from 'dompurify'
import { GOOGLE_TAG_SCRIPT } from './constants'

/**
 * Pages that enforce Trusted Types (Content-Security-Policy `require-trusted-types-for 'script'`)
 * refuse a plain string where HTML is parsed (DOMPurify's parser, a message bubble's
 * dangerouslySetInnerHTML, where React would throw and the panel vanish) and as a script's src
 * (the Google tag, whose failure stopped the widget's start). All go through the widget's one
 * policy, `chat-widget` (docs/behaviour.md#embed); where a page's `trusted-types` list leaves
 * that name out, the bubbles show their text without markup, no tag is loaded, and the console
 * says which name to add.
 */
export const TRUSTED_TYPES_POLICY = 'chat-widget'

/** A Trusted Types policy as DOMPurify takes it (createHTML and createScriptURL, as its own default one). */
export type WidgetPolicy = NonNullable<Config['TRUSTED_TYPES_POLICY']>
interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML(html: string): string; createScriptURL(url: string): string }): WidgetPolicy
}

/** The page's `trusted-types` list does not allow the widget's policy. */
export const POLICY_REFUSED = 'refused'

let policy: WidgetPolicy | null | typeof POLICY_REFUSED | undefined

/** The widget's policy; null in a browser without Trusted Types (strings are fine there). */
export function widgetPolicy(): WidgetPolicy | null | typeof POLICY_REFUSED {
  if (policy !== undefined) return policy
  const factory = typeof window === 'undefined' ? undefined : (window as { trustedTypes?: PolicyFactory }).trustedTypes
  try {
    // The HTML given is DOMPurify's input to parse inertly, or its sanitised (or escaped)
    // output: passed through, as DOMPurify's own policy does. The one script is the Google tag.
    policy = factory ? factory.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (html) => html, createScriptURL: googleTagOnly }) : null
  } catch {
    policy = POLICY_REFUSED
    console.error(
      `[chat-widget] This page's Content-Security-Policy does not allow the Trusted Types policy "${TRUSTED_TYPES_POLICY}", so chat messages are shown without links, images or bold. Add ${TRUSTED_TYPES_POLICY} to the policy's trusted-types directive.`,
    )
  }
  return policy
}

function googleTagOnly(url: string): string {
  if (url.startsWith(`${GOOGLE_TAG_SCRIPT}?`)) return url
  throw new TypeError(`[chat-widget] ${url} is not a script the widget loads`)
}

/** The Google tag's URL as the page accepts it for a script's src; null where the page refuses the widget's policy. */
export function trustedScriptUrl(url: string): string | ReturnType<WidgetPolicy['createScriptURL']> | null {
  const current = widgetPolicy()
  if (current === POLICY_REFUSED) return null
  return current ? current.createScriptURL(url) : url
}

/** Sanitised HTML as the page accepts it for innerHTML; null where the page refuses the widget's policy. */
export function trustedHtml(sanitisedHtml: string): string | TrustedHTML | null {
  const current = widgetPolicy()
  if (current === POLICY_REFUSED) return null
  return current ? current.createHTML(sanitisedHtml) : sanitisedHtml
}
