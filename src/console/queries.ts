/**
 * Everything the console reads from its API, as keyed queries (docs/console-data.md): one key per
 * screen's filters, so an answer lands in the entry of the filters it was asked for and a screen
 * shows its current filters' entry only. An older, slower answer can no longer replace a newer
 * one: it fills the old filters' entry, which nobody shows.
 *
 * Keys start with the kind of data (`inbox`, `leads`, `visits`…): src/console/live-cache.ts
 * updates or invalidates by those prefixes when the console's socket says something changed.
 */
import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query'
import type { InboxFilter, InboxPage } from '../protocol/console'
import type { VisitStatus } from '../protocol/crm'
import type { DashboardRange } from '../protocol/numbers'
import { adminApi } from './admin-api'
import { agencyApi } from './agency-api'
import { api } from './api'
import { cannedApi } from './canned-api'
import { catalogueApi } from './catalogue-api'
import type { CatalogueFilters } from './catalogue-filters'
import type { CatalogueKind } from './catalogue-types'
import { knowledgeApi } from './knowledge-api'
import { mailApi } from './mail-api'
import { teamApi } from './team-api'
import type { LeadFilters } from './leads'
import { pagesApi } from './pages-api'
import { pipelineApi } from './pipeline-api'

/** The query keys, by kind of data; a kind's `all` is the prefix of every key of that kind. */
export const queryKeys = {
  inbox: {
    all: ['inbox'] as const,
    list: (filter: InboxFilter, q: string) => ['inbox', filter, q] as const,
  },
  conversation: (visitorId: string) => ['conversation', visitorId] as const,
  leads: {
    all: ['leads'] as const,
    lists: ['leads', 'list'] as const,
    list: (filters: LeadFilters, page: number) => ['leads', 'list', filters, page] as const,
    ofVisitor: (visitorId: string) => ['leads', 'visitor', visitorId] as const,
    detail: (id: string) => ['leads', 'detail', id] as const,
  },
  people: ['people'] as const,
  visits: {
    all: ['visits'] as const,
    weeks: ['visits', 'week'] as const,
    week: (day: string) => ['visits', 'week', day] as const,
    lists: ['visits', 'list'] as const,
    list: (status: VisitStatus | '') => ['visits', 'list', status] as const,
    ofVisitor: (visitorId: string) => ['visits', 'visitor', visitorId] as const,
  },
  properties: (q: string) => ['properties', q] as const,
  numbers: (range: DashboardRange) => ['numbers', range.from, range.to] as const,
  settings: {
    instances: ['settings'] as const,
    page: (instance: string) => ['settings', instance] as const,
  },
  accounts: ['accounts'] as const,
  team: ['team'] as const,
  catalogue: {
    all: ['catalogue'] as const,
    kind: (kind: CatalogueKind) => ['catalogue', kind] as const,
    lists: (kind: CatalogueKind) => ['catalogue', kind, 'list'] as const,
    list: (kind: CatalogueKind, filters: CatalogueFilters, page: number) => ['catalogue', kind, 'list', filters, page] as const,
    record: (kind: CatalogueKind, key: string) => ['catalogue', kind, 'record', key] as const,
    history: (kind: CatalogueKind, key: string) => ['catalogue', kind, 'history', key] as const,
    choices: ['catalogue', 'choices'] as const,
  },
  agencyProfile: ['agency', 'profile'] as const,
  knowledge: {
    all: ['knowledge'] as const,
    entries: ['knowledge', 'entries'] as const,
    unmatched: ['knowledge', 'unmatched'] as const,
  },
  pages: ['pages'] as const,
  mail: ['mail'] as const,
  canned: {
    all: ['canned'] as const,
    list: ['canned', 'list'] as const,
    fill: (id: string, visitorId: string, page: string | null) => ['canned', 'fill', id, visitorId, page] as const,
  },
}

/** The data the console's socket reports changes of: asked again after every (re)connect (live-cache.ts). */
export const LIVE_KINDS = [queryKeys.inbox.all, ['conversation'], queryKeys.leads.all, queryKeys.visits.all, queryKeys.accounts, queryKeys.people] as const

/** Each query's key and how it is asked for: screens call `useQuery(queries.x(...))`. */
export const queries = {
  inbox: (filter: InboxFilter, q: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.inbox.list(filter, q),
      queryFn: ({ pageParam }) => api.inbox(filter, q, pageParam ?? undefined),
      initialPageParam: null as string | null,
      getNextPageParam: (last: InboxPage) => last.next,
    }),
  conversation: (visitorId: string) => queryOptions({ queryKey: queryKeys.conversation(visitorId), queryFn: () => api.conversation(visitorId) }),
  leads: (filters: LeadFilters, page: number) => queryOptions({ queryKey: queryKeys.leads.list(filters, page), queryFn: () => pipelineApi.leads(filters, page) }),
  leadsOfVisitor: (visitorId: string) =>
    queryOptions({ queryKey: queryKeys.leads.ofVisitor(visitorId), queryFn: async () => (await pipelineApi.leads({ visitorId })).items }),
  lead: (id: string) => queryOptions({ queryKey: queryKeys.leads.detail(id), queryFn: () => pipelineApi.lead(id) }),
  /** Everyone's name by account id: shown from the cache, asked again as a screen that needs it opens. */
  people: () => queryOptions({ queryKey: queryKeys.people, queryFn: async () => (await pipelineApi.people()).items }),
  week: (day: string) => queryOptions({ queryKey: queryKeys.visits.week(day), queryFn: () => pipelineApi.week(day) }),
  visits: (status: VisitStatus | '') => queryOptions({ queryKey: queryKeys.visits.list(status), queryFn: async () => (await pipelineApi.visits(status || undefined)).items }),
  visitsOfVisitor: (visitorId: string) =>
    queryOptions({ queryKey: queryKeys.visits.ofVisitor(visitorId), queryFn: async () => (await pipelineApi.visitsOf(visitorId)).items }),
  properties: (q: string) => queryOptions({ queryKey: queryKeys.properties(q), queryFn: async () => (await api.properties(q)).items }),
  numbers: (range: DashboardRange) => queryOptions({ queryKey: queryKeys.numbers(range), queryFn: () => adminApi.numbers(range) }),
  instances: () => queryOptions({ queryKey: queryKeys.settings.instances, queryFn: async () => (await adminApi.instances()).instances }),
  settings: (instance: string) => queryOptions({ queryKey: queryKeys.settings.page(instance), queryFn: () => adminApi.settings(instance) }),
  accounts: () => queryOptions({ queryKey: queryKeys.accounts, queryFn: async () => (await api.accounts()).items }),
  team: () => queryOptions({ queryKey: queryKeys.team, queryFn: () => teamApi.get() }),
  catalogue: <K extends CatalogueKind>(kind: K, filters: CatalogueFilters, page: number) =>
    queryOptions({ queryKey: queryKeys.catalogue.list(kind, filters, page), queryFn: () => catalogueApi.list(kind, filters, page) }),
  catalogueRecord: <K extends CatalogueKind>(kind: K, key: string) =>
    queryOptions({ queryKey: queryKeys.catalogue.record(kind, key), queryFn: () => catalogueApi.get(kind, key) }),
  catalogueChoices: () => queryOptions({ queryKey: queryKeys.catalogue.choices, queryFn: () => catalogueApi.choices() }),
  catalogueHistory: (kind: CatalogueKind, key: string) =>
    queryOptions({ queryKey: queryKeys.catalogue.history(kind, key), queryFn: async () => (await catalogueApi.history(kind, key)).items }),
  /** Who the agency is: «Agencia» edits it; the visits' hours and the tab title read it. */
  agencyProfile: () => queryOptions({ queryKey: queryKeys.agencyProfile, queryFn: () => agencyApi.profile() }),
  knowledge: () => queryOptions({ queryKey: queryKeys.knowledge.entries, queryFn: async () => (await knowledgeApi.entries()).items }),
  unmatched: () => queryOptions({ queryKey: queryKeys.knowledge.unmatched, queryFn: async () => (await knowledgeApi.unmatched()).items }),
  pages: () => queryOptions({ queryKey: queryKeys.pages, queryFn: () => pagesApi.get() }),
  /** The outbox of the visitor's e-mails (Agencia → Correos). */
  mail: () => queryOptions({ queryKey: queryKeys.mail, queryFn: () => mailApi.overview() }),
  /** The canned replies the signed-in person sees: «Respuestas guardadas» edits them, the composer's «/» lists them. */
  cannedReplies: () => queryOptions({ queryKey: queryKeys.canned.list, queryFn: async () => (await cannedApi.list()).items }),
  /** A reply made ready for one conversation: asked when chosen, never from the cache (the next free slot moves). */
  cannedFill: (id: string, visitorId: string, page: string | null) =>
    queryOptions({ queryKey: queryKeys.canned.fill(id, visitorId, page), queryFn: () => cannedApi.fill(id, visitorId, page), staleTime: 0, gcTime: 0 }),
}

/**
 * The console's one cache. A failure shows at once in Spanish (no silent retries: the API's
 * refusals are final, and a network failure is said, then asked again on reconnect); the
 * console's socket, not window focus, says when data changed.
 */
export function createQueryClient(inbox: InboxPage | null = null): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  })
  // The first inbox page came with the console's page (docs/behaviour.md#console-inbox): shown at once, not asked again.
  if (inbox) {
    client.setQueryData(queries.inbox('all', '').queryKey, { pages: [inbox], pageParams: [null] })
    seeded.add(client)
  }
  return client
}

/** Caches holding the page's inbox, until the first inbox shown took it. */
const seeded = new WeakSet<QueryClient>()

/**
 * Whether the inbox mounting now shows the page's first inbox page: true once per console (the
 * server's render and the hydrating one alike each start from a new cache). That mount does not
 * ask again; a later one asks for fresh data, as shown again later the list may be old.
 */
export function takePageInbox(client: QueryClient): boolean {
  return seeded.delete(client)
}
