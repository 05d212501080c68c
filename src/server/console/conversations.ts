import { randomUUID } from 'node:crypto'
/**
 * What an agent does to a conversation from the console (docs/behaviour.md#console-ownership):
 * take it over, answer, show typing, hand it back. Each change reaches the visitor's widget
 * (through the chat namespace's room) and every console (through the console namespace), in
 * every process when Redis joins them.
 */
import type { Namespace } from 'socket.io'
import { ServerEvent, TYPING_BY_PERSON, TYPING_DONE, TYPING_IN_PROGRESS, type ChatMessage, type TypingAuthor } from '../../protocol'
import {
  ConsoleServerEvent,
  type ConsoleAccount,
  type ConversationMessage,
  type ConversationOwner,
  type OwnerChange,
  type TakeOverAck,
} from '../../protocol/console'
import { OWNER_NOTICES, type Ownership } from '../chat/ownership'
import { roomOf } from '../chat/namespace'
import { nobodyIn } from '../rooms'
import type { Storage } from '../storage'
import type { AuthoredMessage } from '../storage/console-repo'
import type { StoredOwner } from '../storage/ownership-repo'

/** Every signed-in console socket is in this room. */
export const AGENTS_ROOM = 'agents'

/** Sends to every signed-in console, in every process. */
export type AgentsRoom = (event: string, payload: unknown) => void

/**
 * The agents' room of a console namespace. A visitor message makes several live events
 * (docs/behaviour.md#console-live-visitors): when no console can receive them they are not even
 * encoded (rooms.ts).
 */
export function agentsRoom(consoles: Namespace): AgentsRoom {
  return (event, payload) => {
    if (!nobodyIn(consoles, AGENTS_ROOM)) consoles.to(AGENTS_ROOM).emit(event, payload)
  }
}

/** Each account's sockets, to end them everywhere at sign-out. */
export const accountRoom = (accountId: string) => `account:${accountId}`

export const CONVERSATION_ERRORS = {
  notOwner: 'Toma la conversación para responder.',
  takenBy: (name: string) => `${name} ya atiende esta conversación.`,
  closeTakenBy: (name: string) => `${name} atiende esta conversación: solo esa persona o un administrador puede cerrarla.`,
} as const

/** A stored message as the console shows it, with its author's name for a person's message. */
export function consoleMessage(message: AuthoredMessage, names: Map<string, string>): ConversationMessage {
  const author: ConversationMessage['author'] =
    message.role === 'user'
      ? { kind: 'visitor' }
      : message.notice
        ? { kind: 'notice' }
        : message.authorId
          ? { kind: 'person', accountId: message.authorId, name: names.get(message.authorId) ?? 'Asesor' }
          : { kind: 'bot' }
  return { id: message.id, visitorId: message.visitorId, role: message.role, content: message.content, at: message.at, author }
}

/** What the widget receives: the same shape as the automated agent's replies. */
const widgetMessage = (message: AuthoredMessage): ChatMessage => ({ role: message.role, content: message.content, id: message.id })

/** What the actions tell routing (./routing.ts, docs/console.md#routing), kept to this so neither module imports the other. */
export interface RoutingHooks {
  /** A person took the conversation, or it closed: it waits for nobody. */
  ended(visitorId: string): Promise<void>
  /** Its owner signed out: each conversation is offered again, the visitor told who answers now. */
  ownerLeft(visitorIds: string[], owner: { id: string; name: string }): Promise<void>
}

export function conversationActions(options: { storage: Storage; ownership: Ownership; chat: Namespace; agents: AgentsRoom; routing?: RoutingHooks }) {
  const { storage, ownership, chat, agents, routing } = options

  const ownerOf = async (stored: StoredOwner | null): Promise<ConversationOwner | null> => {
    if (!stored) return null
    const name = (await storage.accounts.names([stored.accountId])).get(stored.accountId) ?? 'Asesor'
    return { accountId: stored.accountId, name, since: stored.since }
  }

  /** Store a message, send it to the visitor's widget and to every console. */
  const deliver = (message: AuthoredMessage, names: Map<string, string>) => {
    chat.to(roomOf(message.visitorId)).emit(ServerEvent.response, widgetMessage(message))
    agents(ConsoleServerEvent.message, consoleMessage(message, names))
  }
  const notify = async (visitorId: string, text: string) => deliver(await storage.console.appendNotice(visitorId, text), new Map())
  const announce = (change: OwnerChange) => agents(ConsoleServerEvent.owner, change)

  const release = async (visitorId: string, account: Pick<ConsoleAccount, 'id' | 'name'>, reason: OwnerChange['reason']) => {
    chat.to(roomOf(visitorId)).emit(ServerEvent.typingStateWidget, TYPING_DONE)
    await notify(visitorId, OWNER_NOTICES.left(account.name))
    announce({ visitorId, owner: null, reason })
  }

  return {
    ownerOf,
    currentOwner: async (visitorId: string) => ownerOf(await ownership.owner(visitorId)),
    async takeOver(account: ConsoleAccount, visitorId: string): Promise<TakeOverAck> {
      const before = await ownership.owner(visitorId)
      const { taken, owner } = await ownership.take(visitorId, account.id)
      if (!taken) {
        const current = await ownerOf(owner)
        return { ok: false, error: CONVERSATION_ERRORS.takenBy(current?.name ?? 'Otra persona'), ...(current ? { owner: current } : {}) }
      }
      const now = await ownerOf(owner)
      await routing?.ended(visitorId)
      if (before?.accountId !== account.id) {
        await notify(visitorId, OWNER_NOTICES.joined(account.name))
        announce({ visitorId, owner: now, reason: 'take-over' })
      }
      return { ok: true, ...(now ? { owner: now } : {}) }
    },
    /**
     * The automated agent hands the conversation to the account a visitor asked for by name
     * (docs/agency.md#the-team): theirs as if they had taken it over, unless another person holds
     * it. The agent's own message already told the visitor who will answer: no notice is added.
     */
    async assign(visitorId: string, accountId: string): Promise<boolean> {
      // An account removed since the team was saved: the hand-off stays with the whole team.
      if (!(await storage.accounts.byId(accountId))) return false
      const { taken, owner } = await ownership.take(visitorId, accountId)
      if (!taken) return false
      await routing?.ended(visitorId)
      announce({ visitorId, owner: await ownerOf(owner), reason: 'assigned' })
      return true
    },
    async handBack(account: ConsoleAccount, visitorId: string): Promise<boolean> {
      if (!(await ownership.release(visitorId, account.id))) return false
      await release(visitorId, account, 'hand-back')
      return true
    },
    /**
     * Close a conversation: its owner may, an admin may close anyone's (the owner is released,
     * with the visitor told), and anyone may close one the automated agent answers. Another
     * person's conversation is refused to an asesor, as taking it over and sending are.
     */
    async close(account: ConsoleAccount, visitorId: string): Promise<{ ok: true } | { ok: false; error: string }> {
      const owner = await ownership.owner(visitorId)
      if (owner) {
        const current = await ownerOf(owner)
        if (owner.accountId !== account.id && account.role !== 'admin') return { ok: false, error: CONVERSATION_ERRORS.closeTakenBy(current?.name ?? 'Otra persona') }
        if (await ownership.release(visitorId, owner.accountId)) await release(visitorId, { id: owner.accountId, name: current?.name ?? account.name }, 'hand-back')
      }
      await storage.console.close(visitorId)
      await routing?.ended(visitorId)
      announce({ visitorId, owner: null, reason: 'hand-back' })
      return { ok: true }
    },
    /**
     * Sign-out: every conversation of the account goes back to the automated agent and is offered
     * again (docs/console.md#routing): the visitor is told who answers now, in one message.
     */
    async releaseAll(account: Pick<ConsoleAccount, 'id' | 'name'>) {
      const released = await ownership.releaseAll(account.id)
      for (const visitorId of released) {
        chat.to(roomOf(visitorId)).emit(ServerEvent.typingStateWidget, TYPING_DONE)
        if (!routing) await notify(visitorId, OWNER_NOTICES.left(account.name))
        announce({ visitorId, owner: null, reason: 'sign-out' })
      }
      await routing?.ownerLeft(released, account)
    },
    /** Conversations whose owner stopped answering go back to the automated agent. */
    async releaseIdle() {
      for (const { visitorId, accountId } of await ownership.releaseIdle()) {
        const name = (await storage.accounts.names([accountId])).get(accountId) ?? 'Tu asesor'
        await release(visitorId, { id: accountId, name }, 'timeout')
      }
    },
    /** A person's answer, stored once per client id; sent on only the first time. */
    async send(account: ConsoleAccount, visitorId: string, content: string, clientMessageId: string) {
      const resent = await storage.console.findAgentMessage(visitorId, account.id, clientMessageId)
      if (resent) return { ok: true as const, id: resent.id }
      if (!(await ownership.touch(visitorId, account.id))) return { ok: false as const, error: CONVERSATION_ERRORS.notOwner }
      const { message, created } = await storage.console.appendAgentMessage(visitorId, account.id, content, clientMessageId)
      if (created) {
        chat.to(roomOf(visitorId)).emit(ServerEvent.typingStateWidget, TYPING_DONE)
        deliver(message, new Map([[account.id, account.name]]))
      }
      return { ok: true as const, id: message.id }
    },
    /**
     * A message the server writes in a person's name (their visit booked, moved or cancelled:
     * docs/behaviour.md#visits): stored with them as author, sent as their answers are.
     */
    async tellVisitor(accountId: string, visitorId: string, content: string) {
      const { message } = await storage.console.appendAgentMessage(visitorId, accountId, content, randomUUID())
      deliver(message, await storage.accounts.names([accountId]))
    },
    /**
     * The owner's typing shows in the widget under their name, marked as a person's (a protocol
     * addition), so the visitor may keep writing (docs/behaviour.md#console-ownership).
     */
    async typing(account: ConsoleAccount, visitorId: string, typing: boolean) {
      const owner = await ownership.owner(visitorId)
      if (owner?.accountId !== account.id) return
      const room = chat.to(roomOf(visitorId))
      if (!typing) return void room.emit(ServerEvent.typingStateWidget, TYPING_DONE)
      const author: TypingAuthor = { by: TYPING_BY_PERSON, name: account.name }
      room.emit(ServerEvent.typingStateWidget, TYPING_IN_PROGRESS, author)
    },
  }
}

export type ConversationActions = ReturnType<typeof conversationActions>
