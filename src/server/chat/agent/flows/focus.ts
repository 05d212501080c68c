/**
 * The property the visitor means: named by its URL, by its position in the last results ("la
 * segunda"), by comparing them («la más barata», «el más grande»), or the only one shown ("esa", "quiero verla"). Pure.
 */
import { pickShown } from './criteria'
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { has, type Step, type TurnContext } from './step'

/**
 * «la segunda» when fewer were shown (docs/behaviour.md#agent-focus): with one shown it is that
 * one, said so before the answer; with more, none of them, and the visitor hears how many there
 * were and is asked which.
 */
export function withinShown(state: ConversationState, u: Understanding, t: TurnContext): { u: Understanding; step: Step } {
  const count = state.shown.length
  if (u.ordinal === null || u.ordinal < count || count === 0) return { u, step: {} }
  const only = count === 1 ? state.shown[0] : undefined
  if (only) return { u: { ...u, ordinal: 0 }, step: { messages: [t.say.facts.onlyOne(only.title)] } }
  return { u: { ...u, ordinal: null }, step: { messages: [t.say.facts.onlySome(count)], state: { lastAsk: 'after-results' } } }
}

/** `page`: the property whose page the visitor is on (it is in focus unless the message names another). */
export function focusOnProperty(state: ConversationState, u: Understanding, page: string | null = null): Step {
  if (u.propertySlug) {
    const known = state.shown.find((p) => p.slug === u.propertySlug)
    return { state: { focus: { slug: u.propertySlug, title: known?.title ?? null } } }
  }
  if (u.ordinal !== null && state.shown.length) {
    const chosen = state.shown[u.ordinal < 0 ? state.shown.length - 1 : u.ordinal]
    return chosen ? { state: { focus: { slug: chosen.slug, title: chosen.title } } } : {}
  }
  // «la más barata», «el más grande»: that one of those shown.
  const picked = pickShown(state.shown, u.pick)
  if (picked) return { state: { focus: { slug: picked.slug, title: picked.title } } }
  if (page && state.focus?.slug !== page) {
    const known = state.shown.find((p) => p.slug === page)
    return { state: { focus: { slug: page, title: known?.title ?? null } } }
  }
  const only = state.shown.length === 1 ? state.shown[0] : undefined
  if (only && (u.demonstrative || has(u, 'visit') || has(u, 'contact'))) return { state: { focus: { slug: only.slug, title: only.title } } }
  return {}
}

/** The property a lead or a visit is about: the one in focus, else the only one shown. */
export function propertyOfInterest(state: ConversationState): string | null {
  return state.focus?.slug ?? (state.shown.length === 1 ? state.shown[0]?.slug ?? null : null)
}
