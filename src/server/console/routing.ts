/**
 * Routing with a time to answer (docs/console.md#routing). A conversation that needs a person
 * (the visitor asked for one, the automated agent handed off) is offered to one person in turn,
 * on duty, online and available, under the cap of open conversations; if nobody takes it within
 * the agency's answer time it is offered to everyone; when nobody can answer the visitor hears
 * when the agency does. An owner who closes the console, or is away while the visitor waits,
 * loses the conversation within a minute: the visitor is told, and it is offered again.
 *
 * The state is the database's (storage/routing-repo.ts): deadlines are stored, and every process
 * sweeps them every few seconds; each change is one conditional write, so one process acts and
 * the visitor is told once, whatever the number of processes or a restart between.
 */
import type { Namespace } from 'socket.io'
import { ServerEvent, TYPING_DONE } from '../../protocol'
import { ConsoleServerEvent, type OfferChange } from '../../protocol/console'
import { routingOf, type Agency } from '../../shared/agency'
import { agencyChannels } from '../chat/agent/agent'
import { outlookSentence } from '../chat/agent/flows/handoff'
import type { Language } from '../chat/agent/language'
import { phrasesFor } from '../chat/agent/phrases-en'
import { agencyCalendar, nextOpening } from '../chat/agent/schedule'
import type { HandoffOutlook } from '../chat/agent/types'
import { publicMessage, roomOf } from '../chat/turns'
import type { Clock } from '../clock'
import { workInFlight } from '../in-flight'
import type { Storage } from '../storage'
import type { StoredMessage } from '../storage/chat-repo'
import { offerFrom, type RoutingChange, type RoutingRow, type StaffRow } from '../storage/routing-repo'
import { answering, nextInTurn, route, toEveryone, type ChoiceRules, type Routed } from './routing-choice'
import { accountRoom, consoleMessage, type AgentsRoom } from './conversations'

export interface RoutingTimes {
  /** How often each process sweeps the deadlines and the owners. */
  tickMs: number
  /** How long an owner may be gone (console closed, or away with the visitor waiting) before the conversation is offered again. */
  ownerGoneMs: number
  /** How often each process says which consoles it holds open. */
  beatMs: number
  /** How long one say-so lasts (a process that died stops saying it). */
  presenceMs: number
}

/**
 * A sweep every 5 s and 30 s of grace for an owner gone: the visitor hears within 35 s that their
 * person left (a reload of the console, a few seconds, keeps the conversation). Presence is said
 * every 10 s and lasts 30 s: a process killed with consoles open lets them go within 30 s.
 */
export const ROUTING_TIMES: RoutingTimes = { tickMs: 5_000, ownerGoneMs: 30_000, beatMs: 10_000, presenceMs: 30_000 }

const MINUTE_MS = 60_000

export interface RoutingOptions {
  storage: Storage
  /** The widgets' namespace: what the visitor is told reaches their open widgets. */
  chat: Namespace
  /** The consoles' namespace: whose consoles are open here. */
  consoles: Namespace
  agents: AgentsRoom
  /** The agency as it is now (live: a saved profile counts from the next decision). */
  agency: () => Agency
  clock: Clock
  times?: Partial<RoutingTimes>
}

export function createRouting(options: RoutingOptions) {
  const { storage, chat, consoles, agents, clock } = options
  const times = { ...ROUTING_TIMES, ...options.times }
  const store = storage.routing
  const background = workInFlight('[routing]')

  const rules = (): ChoiceRules => {
    const { profile } = options.agency()
    const now = clock()
    const { answerMinutes, maxOpenPerPerson } = routingOf(profile)
    return { now, office: profile, maxOpen: maxOpenPerPerson, answerMinutes, nextOpening: nextOpening(now, agencyCalendar(profile)) }
  }
  /** The sentence the visitor reads, in their conversation's language. */
  const sentence = (outlook: HandoffOutlook, language: string, now: Date) => {
    const lang: Language = language === 'en' ? 'en' : 'es'
    return outlookSentence(outlook, { now, language: lang, say: phrasesFor(lang), channels: agencyChannels(options.agency().profile) })
  }
  const say = (language: string) => phrasesFor(language === 'en' ? 'en' : 'es').routing
  /** The stage a routed conversation goes to. */
  const changeFor = (routed: Routed, r: ChoiceRules): RoutingChange => ({
    stage: routed.offerTo ? 'offered' : routed.outlook.kind === 'later' ? 'waiting' : 'everyone',
    offeredTo: routed.offerTo,
    since: r.now,
    deadline: routed.offerTo ? new Date(r.now.getTime() + r.answerMinutes * MINUTE_MS) : null,
  })

  const announce = (visitorId: string, row: RoutingRow | null) => agents(ConsoleServerEvent.offer, { visitorId, offer: row ? offerFrom(row) : null } satisfies OfferChange)
  /** What the automated agent told the visitor: to their widgets and every console. */
  const deliver = (visitorId: string, message: StoredMessage) => {
    chat.to(roomOf(visitorId)).emit(ServerEvent.response, publicMessage(message))
    agents(
      ConsoleServerEvent.message,
      consoleMessage({ id: message.id, seq: 0, visitorId, role: 'agent', content: message.content, authorId: null, notice: false, at: message.at }, new Map()),
    )
  }

  /** Who answers a visitor now, as they would be told: the conversation's routing when it has one, else a new choice. */
  async function outlook(visitorId: string, member: string | null): Promise<HandoffOutlook> {
    const r = rules()
    const [staff, row] = await Promise.all([store.staff(), store.get(visitorId)])
    if (member && answering(staff, r).some((person) => person.id === member)) return route(staff, r, { member }).outlook
    if (row?.stage === 'offered' && row.offeredTo && row.deadline) {
      const minutes = Math.max(1, Math.ceil((Date.parse(row.deadline) - r.now.getTime()) / MINUTE_MS))
      return { kind: 'person', accountId: row.offeredTo, name: row.offeredName ?? '', minutes }
    }
    if (row?.stage === 'everyone') return toEveryone(staff, r)
    // Waiting, or not routed yet: who would be offered it now (request() then offers it to them).
    return route(staff, r).outlook
  }

  /**
   * A hand-off turn was stored: the conversation is offered as the visitor was told (`told`, the
   * agent's outlook), or as the people are now when the agent said nothing of it. Already routed:
   * nothing changes.
   */
  async function request(visitorId: string, told?: HandoffOutlook) {
    const r = rules()
    const routed: Routed = told ? { outlook: told, offerTo: told.kind === 'person' ? told.accountId : null } : route(await store.staff(), r)
    const change = changeFor(routed, r)
    const row = await store.start(visitorId, change)
    if (row) return announce(visitorId, row)
    // It was waiting for someone, and the visitor was just told who answers now: offered to them.
    const waiting = await store.get(visitorId)
    if (waiting?.stage !== 'waiting' || change.stage !== 'offered') return
    const moved = await store.move(waiting, change, null)
    if (moved) announce(visitorId, moved.row)
  }

  /** A person took the conversation, or it closed: it waits for nobody now. */
  async function ended(visitorId: string) {
    if (await store.end(visitorId)) announce(visitorId, null)
  }

  /** The owner left these conversations (they signed out): each is offered again, the visitor told who answers now. */
  async function ownerLeft(visitorIds: string[], owner: { id: string; name: string }) {
    for (const visitorId of visitorIds) {
      const r = rules()
      const routed = route(await store.staff(), r, { exclude: [owner.id] })
      const language = await store.language(visitorId)
      const done = await store.reroute(visitorId, changeFor(routed, r), say(language).ownerLeft(owner.name, sentence(routed.outlook, language, r.now)))
      if (!done) continue
      deliver(visitorId, done.message)
      announce(visitorId, done.row)
    }
  }

  /**
   * Conversations offered to one person: to everyone past the deadline, or once that person can no
   * longer answer («Ausente», off duty, or their console closed for longer than a reload takes).
   */
  async function sweepOffered(staff: StaffRow[], r: ChoiceRules) {
    const reloading = (person: StaffRow) => !person.present && person.absentSeconds !== null && person.absentSeconds * 1000 < times.ownerGoneMs
    const able = new Set(answering(staff.map((person) => (reloading(person) ? { ...person, present: true } : person)), r).map((person) => person.id))
    for (const row of await store.inStages(['offered'])) {
      const due = !row.deadline || Date.parse(row.deadline) <= r.now.getTime() || !row.offeredTo || !able.has(row.offeredTo)
      if (!due) continue
      const next = toEveryone(staff, r)
      const text = next.kind === 'later' ? say(row.language).waiting(sentence(next, row.language, r.now), false) : say(row.language).escalated(sentence(next, row.language, r.now))
      const moved = await store.move(row, { stage: next.kind === 'later' ? 'waiting' : 'everyone', offeredTo: null, since: r.now, deadline: null }, text)
      if (!moved) continue
      deliver(row.visitorId, moved.message!)
      announce(row.visitorId, moved.row)
    }
  }

  /** Offered to everyone and everyone left: the visitor hears when the agency answers. */
  async function sweepEveryone(staff: StaffRow[], r: ChoiceRules) {
    if (answering(staff, r).length) return
    for (const row of await store.inStages(['everyone'])) {
      const next = toEveryone(staff, r)
      const moved = await store.move(row, { stage: 'waiting', offeredTo: null, since: r.now, deadline: null }, say(row.language).waiting(sentence(next, row.language, r.now), false))
      if (!moved) continue
      deliver(row.visitorId, moved.message!)
      announce(row.visitorId, moved.row)
    }
  }

  /** Someone can answer again: the conversations waiting for them are offered in turn, oldest first. */
  async function sweepWaiting(staff: StaffRow[], r: ChoiceRules) {
    if (!nextInTurn(staff, r)) return
    for (const row of await store.inStages(['waiting'])) {
      const chosen = nextInTurn(staff, r)
      if (!chosen) return
      const routed: Routed = { outlook: { kind: 'person', accountId: chosen.id, name: chosen.name, minutes: r.answerMinutes }, offerTo: chosen.id }
      const moved = await store.move(row, changeFor(routed, r), say(row.language).arrived(sentence(routed.outlook, row.language, r.now)))
      if (!moved) continue
      // The turn moved: the next waiting one goes to the next person.
      chosen.open++
      chosen.lastOfferedAt = r.now.toISOString()
      deliver(row.visitorId, moved.message!)
      announce(row.visitorId, moved.row)
    }
  }

  /**
   * Owners gone (console closed, or «ausente» with the visitor's message unanswered): first seen
   * now, or gone for ownerGoneMs, when the conversation goes back to the queue, offered to someone
   * else, the visitor told.
   */
  async function sweepOwners(staff: StaffRow[], r: ChoiceRules) {
    const people = new Map(staff.map((person) => [person.id, person]))
    const owned = await store.owned()
    const isGone = (ownerId: string, visitorWaiting: boolean) => {
      const owner = people.get(ownerId)
      return !owner || !owner.present || (owner.availability === 'ausente' && visitorWaiting)
    }
    const gone = owned.filter((o) => isGone(o.ownerId, o.visitorWaiting))
    const back = owned.filter((o) => o.goneAt && !isGone(o.ownerId, o.visitorWaiting))
    await store.markGone(
      gone.filter((o) => !o.goneAt).map((o) => o.visitorId),
      back.map((o) => o.visitorId),
      r.now,
    )
    const cutoff = new Date(r.now.getTime() - times.ownerGoneMs)
    for (const o of gone) {
      if (!o.goneAt || Date.parse(o.goneAt) > cutoff.getTime()) continue
      const name = people.get(o.ownerId)?.name ?? (await storage.accounts.names([o.ownerId])).get(o.ownerId) ?? 'Tu asesor'
      const routed = route(staff, r, { exclude: [o.ownerId] })
      const language = await store.language(o.visitorId)
      const done = await store.requeue(o.visitorId, o.ownerId, cutoff, changeFor(routed, r), say(language).ownerLeft(name, sentence(routed.outlook, language, r.now)))
      if (!done) continue
      if (routed.offerTo) {
        const chosen = people.get(routed.offerTo)
        if (chosen) {
          chosen.open++
          chosen.lastOfferedAt = r.now.toISOString()
        }
      }
      chat.to(roomOf(o.visitorId)).emit(ServerEvent.typingStateWidget, TYPING_DONE)
      deliver(o.visitorId, done.message)
      agents(ConsoleServerEvent.owner, { visitorId: o.visitorId, owner: null, reason: 'gone' })
      announce(o.visitorId, done.row)
    }
  }

  let sweeping: Promise<void> | null = null
  /** One sweep at a time in this process; the others' are told apart by the rows' versions. */
  function tick(): Promise<void> {
    sweeping ??= (async () => {
      try {
        const r = rules()
        const staff = await store.staff()
        await sweepOwners(staff, r)
        await sweepOffered(staff, r)
        await sweepEveryone(staff, r)
        await sweepWaiting(staff, r)
      } finally {
        sweeping = null
      }
    })()
    return sweeping
  }

  /** The accounts whose consoles this process holds open. */
  const localAccounts = () => [...new Set([...consoles.sockets.values()].map((socket) => (socket.data as { account?: { id: string } }).account?.id).filter((id): id is string => !!id))]
  const beat = () => store.beat(localAccounts(), times.presenceMs / 1000)

  const sweep = setInterval(() => background.track(tick(), 'sweep'), times.tickMs)
  sweep.unref()
  const beats = setInterval(() => background.track(beat(), 'presence'), times.beatMs)
  beats.unref()
  let closed = false

  return {
    outlook,
    request,
    ended,
    ownerLeft,
    tick,
    /** A console of `accountId` connected here: present at once. */
    connected(accountId: string) {
      background.track(store.beat([accountId], times.presenceMs / 1000), 'presence')
    },
    /** A console of `accountId` closed here: absent at once when none of theirs is open in any process. */
    disconnected(accountId: string) {
      if (closed) return
      background.track(
        consoles
          .in(accountRoom(accountId))
          .fetchSockets()
          .then((left) => (left.length || closed ? undefined : store.leave(accountId))),
        'presence',
      )
    },
    async close() {
      closed = true
      clearInterval(sweep)
      clearInterval(beats)
      await background.settled()
      await sweeping
    },
  }
}

export type Routing = ReturnType<typeof createRouting>
