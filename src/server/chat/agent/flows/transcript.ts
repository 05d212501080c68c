/**
 * A copy of the conversation by e-mail (docs/email.md#transcript): asked for («envíame la
 * conversación»), it goes to the address the visitor gave in the message or before; without one
 * the agent asks for it, and the next message that brings one sends it. Pure: the turn says where
 * the copy goes (`transcript`), the chat's turns store it in the outbox.
 */
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { has, type Step, type TurnContext } from './step'

/** Whether this message asks for the copy, or answers the agent's question for its address. */
export function wantsTranscript(state: ConversationState, u: Understanding): boolean {
  return has(u, 'transcript') || (state.copyWanted && (u.contact.email !== null || u.contact.invalidEmail !== null))
}

export function sendTranscript(state: ConversationState, u: Understanding, t: TurnContext): Step {
  const invalid = u.contact.email ? null : u.contact.invalidEmail
  if (invalid) return { state: { copyWanted: true, lastAsk: null }, dialogue: [t.say.contact.invalidEmail(invalid)] }
  const email = u.contact.email ?? state.contact.email
  if (!email) return { state: { copyWanted: true, lastAsk: null }, dialogue: [t.say.transcript.askEmail] }
  return { transcript: email, state: { copyWanted: false, lastAsk: null }, dialogue: [t.say.transcript.sending(email)] }
}
