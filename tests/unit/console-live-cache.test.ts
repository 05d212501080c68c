// The console's socket events applied to its query cache (src/console/live-cache.ts): each change
// goes to every cached entry it belongs to, under that entry's filters; an entry that cannot tell
// is invalidated (asked again when shown).
import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { NO_CATALOGUE_FILTERS } from '../../src/console/catalogue-filters'
import { NO_FILTERS } from '../../src/console/leads'
import { appendMessage, dropAccount, dropErased, placeLead, placeVisit, refreshCatalogue, renameAccount, setOffer } from '../../src/console/live-cache'
import { createQueryClient, queryKeys } from '../../src/console/queries'
import type { ConsoleAccount, ConversationDetail, ConversationMessage, InboxPage } from '../../src/protocol/console'
import type { LeadPage, PipelineLead, Visit } from '../../src/protocol/crm'
import { pipelineLead, pipelineVisit } from '../support/pipeline-records'

const lead = pipelineLead
const page = (items: PipelineLead[]): LeadPage => ({ items, total: items.length, page: 1, pageSize: 25, pages: 1 })
const visit = (id: string, visitorId: string, at: string, status: Visit['status'] = 'por_confirmar'): Visit => pipelineVisit(id, at, { visitorId, status })
const ids = (items: { id: string }[] | undefined) => items?.map((item) => item.id)
const isStale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated

describe('live events in the console cache', () => {
  it('places a new lead in every lead list whose filters it matches, and in its visitor\'s leads', () => {
    const client = createQueryClient()
    const all = queryKeys.leads.list(NO_FILTERS, 1)
    const contacted = queryKeys.leads.list({ ...NO_FILTERS, status: 'contactado' }, 1)
    client.setQueryData(all, page([lead('a', '2026-11-18T18:00:00.000Z')]))
    client.setQueryData(contacted, page([]))
    client.setQueryData(queryKeys.leads.ofVisitor('visitor-1'), [])
    client.setQueryData(queryKeys.leads.ofVisitor('visitor-2'), [])

    placeLead(client, lead('n', '2026-11-21T18:00:00.000Z', { visitorId: 'visitor-1' }), true)

    expect(ids(client.getQueryData<LeadPage>(all)?.items)).toEqual(['n', 'a'])
    expect(ids(client.getQueryData<LeadPage>(contacted)?.items)).toEqual([])
    expect(ids(client.getQueryData<PipelineLead[]>(queryKeys.leads.ofVisitor('visitor-1')))).toEqual(['n'])
    expect(ids(client.getQueryData<PipelineLead[]>(queryKeys.leads.ofVisitor('visitor-2')))).toEqual([])
  })

  it('asks again for a list that cannot tell where a lead goes (a text search), and leaves one on its way alone', () => {
    const client = createQueryClient()
    const searched = queryKeys.leads.list({ ...NO_FILTERS, q: 'Rosa' }, 1)
    client.setQueryData(searched, page([]))
    placeLead(client, lead('n', '2026-11-21T18:00:00.000Z'), true)
    expect(isStale(client, searched)).toBe(true)
    expect(client.getQueryData<LeadPage>(searched)?.items).toEqual([])
  })

  it('places a visit in its week, in the lists of its status and in its visitor\'s visits', () => {
    const client = createQueryClient()
    const at = '2026-12-09T16:00:00.000Z'
    client.setQueryData(queryKeys.visits.week('2026-12-07'), { from: '2026-12-07', to: '2026-12-13', days: ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'], visits: [] })
    client.setQueryData(queryKeys.visits.list('confirmada'), [])
    client.setQueryData(queryKeys.visits.list(''), [])
    client.setQueryData(queryKeys.visits.ofVisitor('visitor-1'), [])
    placeVisit(client, visit('v1', 'visitor-1', at, 'confirmada'), '2026-12-07')
    expect(ids(client.getQueryData<{ visits: Visit[] }>(queryKeys.visits.week('2026-12-07'))?.visits)).toEqual(['v1'])
    expect(ids(client.getQueryData<Visit[]>(queryKeys.visits.list('confirmada')))).toEqual(['v1'])
    expect(ids(client.getQueryData<Visit[]>(queryKeys.visits.list('')))).toEqual(['v1'])
    expect(ids(client.getQueryData<Visit[]>(queryKeys.visits.ofVisitor('visitor-1')))).toEqual(['v1'])
    // Cancelled: it leaves the «Confirmada» list and stays in the others, changed.
    placeVisit(client, visit('v1', 'visitor-1', at, 'cancelada'), '2026-12-07')
    expect(ids(client.getQueryData<Visit[]>(queryKeys.visits.list('confirmada')))).toEqual([])
    expect(client.getQueryData<Visit[]>(queryKeys.visits.ofVisitor('visitor-1'))?.[0]?.status).toBe('cancelada')
  })

  it('appends a message to its conversation once, and drops an erased person from every list', () => {
    const client = createQueryClient()
    const message = { id: 'm1', visitorId: 'visitor-1', content: 'Hola', at: '2026-12-07T16:00:00.000Z', author: { kind: 'visitor' } } as ConversationMessage
    client.setQueryData(queryKeys.conversation('visitor-1'), { visitorId: 'visitor-1', messages: [] } as unknown as ConversationDetail)
    appendMessage(client, message)
    appendMessage(client, message)
    expect(client.getQueryData<ConversationDetail>(queryKeys.conversation('visitor-1'))?.messages).toHaveLength(1)

    const inboxKey = queryKeys.inbox.list('all', '')
    const item = (visitorId: string) => ({ visitorId }) as InboxPage['items'][number]
    client.setQueryData<InfiniteData<InboxPage>>(inboxKey, { pages: [{ items: [item('visitor-1'), item('visitor-2')], next: null, unreadConversations: 0 }], pageParams: [null] })
    client.setQueryData(queryKeys.leads.list(NO_FILTERS, 1), page([lead('a', '2026-11-18T18:00:00.000Z', { visitorId: 'visitor-1' }), lead('b', '2026-11-19T18:00:00.000Z')]))
    dropErased(client, { visitorIds: ['visitor-1'], leadIds: ['a'], visitIds: [] })
    expect(client.getQueryData<InfiniteData<InboxPage>>(inboxKey)?.pages[0]?.items.map((i) => i.visitorId)).toEqual(['visitor-2'])
    expect(ids(client.getQueryData<LeadPage>(queryKeys.leads.list(NO_FILTERS, 1))?.items)).toEqual(['b'])
    // Nobody shows their conversation: it leaves the cache.
    expect(client.getQueryData(queryKeys.conversation('visitor-1'))).toBeUndefined()
  })

  it('sets whom an open conversation is offered to, and nothing for one not in the cache', () => {
    const client = createQueryClient()
    client.setQueryData(queryKeys.conversation('visitor-1'), { visitorId: 'visitor-1', messages: [], offer: null } as unknown as ConversationDetail)
    const offer = { stage: 'offered' as const, to: { accountId: 'ana', name: 'Ana' }, since: '2026-12-07T16:00:00.000Z', until: '2026-12-07T16:02:00.000Z' }
    setOffer(client, { visitorId: 'visitor-1', offer })
    setOffer(client, { visitorId: 'visitor-2', offer })
    expect(client.getQueryData<ConversationDetail>(queryKeys.conversation('visitor-1'))?.offer).toEqual(offer)
    expect(client.getQueryData(queryKeys.conversation('visitor-2'))).toBeUndefined()
    setOffer(client, { visitorId: 'visitor-1', offer: null })
    expect(client.getQueryData<ConversationDetail>(queryKeys.conversation('visitor-1'))?.offer).toBeNull()
  })

  it('asks again for the catalogue\'s lists, choices, histories and the property picker on a catalogue change, never for an open record', () => {
    const client = createQueryClient()
    const filters = NO_CATALOGUE_FILTERS
    const keys = [
      queryKeys.catalogue.list('properties', filters, 1),
      queryKeys.catalogue.list('zones', filters, 2),
      queryKeys.catalogue.choices,
      queryKeys.catalogue.history('properties', 'prop-001'),
      queryKeys.properties('casa'),
    ]
    const record = queryKeys.catalogue.record('properties', 'prop-001')
    for (const key of [...keys, record]) client.setQueryData(key, {})
    refreshCatalogue(client)
    for (const key of keys) expect(isStale(client, key), JSON.stringify(key)).toBe(true)
    // Reloading the record would start its form anew, losing what was typed (RecordEditor).
    expect(isStale(client, record)).toBe(false)
  })

  it('shows a renamed account at once on the accounts list, the conversations it answers and its messages, and asks the pickers\' people again; a removed one leaves the list', () => {
    const client = createQueryClient()
    const account = (id: string, name: string) => ({ id, name, email: `${id}@pruebas.mx`, role: 'asesor', canPublish: false, photo: null, createdAt: '', lastSeenAt: null }) as ConsoleAccount
    client.setQueryData(queryKeys.accounts, [account('ana', 'Ana'), account('luis', 'Luis')])
    const ana = { accountId: 'ana', name: 'Ana', since: '2026-12-07T16:00:00.000Z' }
    const byAna = { id: 'm1', visitorId: 'visitor-1', content: 'Hola', at: '', author: { kind: 'person', accountId: 'ana', name: 'Ana' } } as ConversationMessage
    const byLuis = { ...byAna, id: 'm2', author: { kind: 'person', accountId: 'luis', name: 'Luis' } } as ConversationMessage
    client.setQueryData(queryKeys.conversation('visitor-1'), { visitorId: 'visitor-1', owner: ana, messages: [byAna, byLuis] } as unknown as ConversationDetail)
    const inboxKey = queryKeys.inbox.list('mine', '')
    client.setQueryData<InfiniteData<InboxPage>>(inboxKey, { pages: [{ items: [{ visitorId: 'visitor-1', owner: ana } as InboxPage['items'][number]], next: null, unreadConversations: 0 }], pageParams: [null] })
    client.setQueryData(queryKeys.people, [{ id: 'ana', name: 'Ana' }])

    renameAccount(client, { id: 'ana', name: 'Ana Sofía', photo: '/photos/cara.jpg', role: 'asesor', canPublish: false })

    expect(client.getQueryData<ConsoleAccount[]>(queryKeys.accounts)?.map((a) => [a.name, a.email, a.photo])).toEqual([
      ['Ana Sofía', 'ana@pruebas.mx', '/photos/cara.jpg'],
      ['Luis', 'luis@pruebas.mx', null],
    ])
    const detail = client.getQueryData<ConversationDetail>(queryKeys.conversation('visitor-1'))
    expect(detail?.owner?.name).toBe('Ana Sofía')
    expect(detail?.messages.map((m) => (m.author.kind === 'person' ? m.author.name : null))).toEqual(['Ana Sofía', 'Luis'])
    expect(client.getQueryData<InfiniteData<InboxPage>>(inboxKey)?.pages[0]?.items[0]?.owner?.name).toBe('Ana Sofía')
    // A linked account is named by its team member there: the server says which (GET /people).
    expect(isStale(client, queryKeys.people)).toBe(true)

    dropAccount(client, { accountId: 'luis' })
    expect(ids(client.getQueryData<ConsoleAccount[]>(queryKeys.accounts))).toEqual(['ana'])
  })
})
