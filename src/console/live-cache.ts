/**
 * The console's socket events applied to its query cache (docs/console-data.md): a change is
 * placed in every cached list and detail it belongs to, in the server's order and under that
 * entry's filters (live-lists.ts); where an entry cannot tell (another page, a text search, a full
 * list) it is invalidated, and asked again if a screen shows it. Screens only read the cache.
 */
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query'
import {
  type AccountChange,
  type AccountRemoved,
  type ConsoleAccount,
  ConsoleServerEvent,
  type ConversationDetail,
  type ConversationMessage,
  type ConversationOwner,
  type ErasedPerson,
  type InboxPage,
  type OfferChange,
  type OwnerChange,
} from '../protocol/console'
import type { LeadPage, PipelineLead, Visit, VisitStatus, VisitWeek } from '../protocol/crm'
import { agencyDay } from '../domain/agency-clock'
import type { LeadFilters } from './leads'
import type { Live } from './live'
import { leadPageWith, visitListWith, weekWith } from './live-lists'
import { LIVE_KINDS, queryKeys } from './queries'

/** Many inbox events in a burst (a conversation's messages) ask for the inbox once. */
const INBOX_REFRESH_MS = 250

/** Each cached entry under `prefix` with data: `change` answers its new data, or null to have it asked again. */
function updateEach<T>(client: QueryClient, prefix: QueryKey, change: (data: T, key: QueryKey) => T | null) {
  for (const [key, data] of client.getQueriesData<T>({ queryKey: prefix })) {
    if (data === undefined) continue // on its way, with the change in it
    const next = change(data, key)
    if (next) client.setQueryData(key, next)
    else void client.invalidateQueries({ queryKey: key, exact: true })
  }
}

/** `items` with `record` replacing its old version, or added by `add` when it was not there and belongs. */
function replaced<T extends { id: string }>(items: readonly T[], record: T, add: ((items: readonly T[]) => T[]) | null): T[] {
  if (items.some((item) => item.id === record.id)) return items.map((item) => (item.id === record.id ? record : item))
  return add ? add(items) : [...items]
}

/**
 * A lead stored (`arrived`) or changed (status, assignee, review): placed in every lead list and in
 * its visitor's leads; its open panel asks again (its history grew). `visitorId`: the conversation
 * it was saved from, whose leads list it joins even when it was another visitor's first.
 */
export function placeLead(client: QueryClient, lead: PipelineLead, arrived: boolean, visitorId?: string) {
  updateEach<LeadPage>(client, queryKeys.leads.lists, (page, key) => leadPageWith(page, lead, key[2] as LeadFilters, arrived))
  updateEach<PipelineLead[]>(client, ['leads', 'visitor'], (items, key) => {
    const theirs = key[2] === lead.visitorId || key[2] === visitorId
    return replaced(items, lead, theirs ? (old) => [lead, ...old] : null)
  })
  void client.invalidateQueries({ queryKey: queryKeys.leads.detail(lead.id) })
}

/** A visit booked, moved or changed: placed in every week, list and visitor's visits it belongs to. */
export function placeVisit(client: QueryClient, visit: Visit, today = agencyDay(new Date())) {
  updateEach<VisitWeek>(client, queryKeys.visits.weeks, (week) => weekWith(week, visit))
  updateEach<Visit[]>(client, queryKeys.visits.lists, (items, key) => visitListWith(items, visit, key[2] as VisitStatus | '', today))
  updateEach<Visit[]>(client, ['visits', 'visitor'], (items, key) => replaced(items, visit, key[2] === visit.visitorId ? (old) => [...old, visit] : null))
}

/** An erased person (here or on another console) leaves every list at once (docs/behaviour.md#data-rights). */
export function dropErased(client: QueryClient, { visitorIds, leadIds, visitIds }: ErasedPerson) {
  client.setQueriesData<InfiniteData<InboxPage>>({ queryKey: queryKeys.inbox.all }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !visitorIds.includes(item.visitorId)) })) },
  )
  client.setQueriesData<LeadPage>({ queryKey: queryKeys.leads.lists }, (page) => page && { ...page, items: page.items.filter((lead) => !leadIds.includes(lead.id)) })
  client.setQueriesData<VisitWeek>({ queryKey: queryKeys.visits.weeks }, (week) => week && { ...week, visits: week.visits.filter((visit) => !visitIds.includes(visit.id)) })
  client.setQueriesData<Visit[]>({ queryKey: queryKeys.visits.lists }, (items) => items?.filter((visit) => !visitIds.includes(visit.id)))
  // What only they had: gone from the cache unless a screen still shows it (that screen closes it).
  for (const visitorId of visitorIds)
    for (const queryKey of [queryKeys.conversation(visitorId), queryKeys.leads.ofVisitor(visitorId), queryKeys.visits.ofVisitor(visitorId)])
      client.removeQueries({ queryKey, type: 'inactive' })
  for (const id of leadIds) client.removeQueries({ queryKey: queryKeys.leads.detail(id), type: 'inactive' })
  // Totals and later pages changed too.
  void client.invalidateQueries({ queryKey: queryKeys.inbox.all })
  void client.invalidateQueries({ queryKey: queryKeys.leads.lists })
}

/** An owner with the account's name now, or as it was when it is another account's. */
const renamedOwner = <T extends ConversationOwner | null>(owner: T, { id, name }: AccountChange): T => (owner?.accountId === id ? { ...owner, name } : owner)

/**
 * An account's name, photo or permission changed (its person in «Mi cuenta», an admin in
 * «Cuentas»; docs/console-data.md): shown at once wherever the cache holds its name — the
 * accounts list, who answers each conversation, the author of each of its messages (the name now:
 * the console says who on the team wrote it, whatever they were called then) — and asked again
 * where the server names people (the pickers' people, a team or settings history).
 */
export function renameAccount(client: QueryClient, change: AccountChange) {
  client.setQueryData<ConsoleAccount[]>(queryKeys.accounts, (items) => items?.map((account) => (account.id === change.id ? { ...account, ...change } : account)))
  client.setQueriesData<ConversationDetail>({ queryKey: ['conversation'] }, (detail) =>
    detail && {
      ...detail,
      owner: renamedOwner(detail.owner, change),
      messages: detail.messages.map((m) => (m.author.kind === 'person' && m.author.accountId === change.id ? { ...m, author: { ...m.author, name: change.name } } : m)),
    },
  )
  client.setQueriesData<InfiniteData<InboxPage>>({ queryKey: queryKeys.inbox.all }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => ({ ...item, owner: renamedOwner(item.owner, change) })) })) },
  )
  for (const queryKey of [queryKeys.people, queryKeys.team, queryKeys.settings.instances]) void client.invalidateQueries({ queryKey })
}

/** An account removed: it leaves the accounts list and the pickers (what it did keeps its name: the server still names it). */
export function dropAccount(client: QueryClient, { accountId }: AccountRemoved) {
  client.setQueryData<ConsoleAccount[]>(queryKeys.accounts, (items) => items?.filter((account) => account.id !== accountId))
  void client.invalidateQueries({ queryKey: queryKeys.people })
}

/**
 * The catalogue changed somewhere (another console, an import, the database): its lists, the
 * forms' choices, the histories and the property picker are asked again if shown. A record's
 * form is not: it starts anew from a reloaded record (RecordEditor keys it by revision), which
 * would throw away what the person typed; their save then says someone else saved first.
 */
export function refreshCatalogue(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.catalogue.all, predicate: (query) => query.queryKey[2] !== 'record' })
  void client.invalidateQueries({ queryKey: ['properties'] })
}

/** A message stored in a conversation: appended to its cached history (once, whoever sent it). */
export function appendMessage(client: QueryClient, message: ConversationMessage) {
  client.setQueryData<ConversationDetail>(queryKeys.conversation(message.visitorId), (old) =>
    old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
  )
}

/** Who answers a conversation changed (or it closed: `closed`). */
export async function setOwner(client: QueryClient, visitorId: string, owner: ConversationDetail['owner'], closed?: boolean) {
  const key = queryKeys.conversation(visitorId)
  // An answer on its way was asked before this change and would bring the old owner back: it is
  // dropped (the conversation shown stays), then the change is set.
  await client.cancelQueries({ queryKey: key })
  client.setQueryData<ConversationDetail>(key, (old) => old && { ...old, owner, ...(closed ? { closed } : {}) })
}

/** Whom a conversation is offered to changed (docs/console.md#routing): its open detail says so at once. */
export function setOffer(client: QueryClient, { visitorId, offer }: OfferChange) {
  client.setQueryData<ConversationDetail>(queryKeys.conversation(visitorId), (old) => old && { ...old, offer })
}

/** Listens to the console's socket for as long as the console is signed in; answers the way to stop. */
export function connectLiveCache(live: Live, client: QueryClient): () => void {
  const { socket } = live
  let timer: ReturnType<typeof setTimeout> | undefined
  const refreshInbox = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void client.invalidateQueries({ queryKey: queryKeys.inbox.all }), INBOX_REFRESH_MS)
  }
  const handlers: Record<string, (payload: never) => void> = {
    // Back online: whatever the socket reports on is asked again, so nothing missed while offline stays missing.
    connect: () => {
      for (const queryKey of LIVE_KINDS) void client.invalidateQueries({ queryKey })
      refreshCatalogue(client)
    },
    [ConsoleServerEvent.message]: (message: ConversationMessage) => {
      appendMessage(client, message)
      refreshInbox()
    },
    [ConsoleServerEvent.owner]: (change: OwnerChange) => {
      void setOwner(client, change.visitorId, change.owner)
      refreshInbox()
    },
    [ConsoleServerEvent.handoff]: refreshInbox,
    [ConsoleServerEvent.offer]: (change: OfferChange) => {
      setOffer(client, change)
      refreshInbox()
    },
    [ConsoleServerEvent.lead]: (lead: PipelineLead) => {
      placeLead(client, lead, true)
      // The conversation's title and panel show what the visitor's lead says of them.
      if (lead.visitorId) void client.invalidateQueries({ queryKey: queryKeys.conversation(lead.visitorId) })
    },
    [ConsoleServerEvent.leadChanged]: (lead: PipelineLead) => placeLead(client, lead, false),
    [ConsoleServerEvent.visit]: (visit: Visit) => placeVisit(client, visit),
    [ConsoleServerEvent.erased]: (erased: ErasedPerson) => dropErased(client, erased),
    [ConsoleServerEvent.account]: (change: AccountChange) => renameAccount(client, change),
    [ConsoleServerEvent.accountRemoved]: (removed: AccountRemoved) => dropAccount(client, removed),
    [ConsoleServerEvent.catalogue]: () => refreshCatalogue(client),
  }
  // Each handler's payload type is its event's (src/protocol/console.ts).
  const listeners = Object.entries(handlers) as [string, (...args: unknown[]) => void][]
  for (const [event, handler] of listeners) socket.on(event, handler)
  return () => {
    clearTimeout(timer)
    for (const [event, handler] of listeners) socket.off(event, handler)
  }
}
