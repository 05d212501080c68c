import { phoneKey } from '../../domain/phone'
import { idHash } from '../storage/chat-repo'
import type { DataRightsRepository, ErasureRecord, Person } from '../storage/data-rights-repo'
import type { PipelineStore } from '../storage/pipeline-store'

export { ERASED_TABLES, type ErasureRecord, type Person } from '../storage/data-rights-repo'

/**
 * A visitor's rights over their data (LFPDPPP, docs/behaviour.md#data-rights): everything stored
 * about one person as JSON, and erasing all of it. A person is found from one visitor id (the
 * widget's userUUID, or the site's `cp_visitor` cookie a form lead carries) or one lead, and
 * gathers every lead and visit with the same phone (E.164, as src/domain/phone.ts reads it) or e-mail (any
 * case), the visitor ids of those, and the visitors merged into their leads, until nothing new
 * turns up.
 */

/** Everything that is the person's of `seed`, gathered until a round finds nothing new. */
export async function personOf(rights: DataRightsRepository, seed: { visitorId: string } | { leadId: string }): Promise<Person> {
  const leads = new Set('leadId' in seed ? [seed.leadId] : [])
  const visitors = new Set('visitorId' in seed ? [seed.visitorId] : [])
  const visits = new Set<string>()
  const emails = new Set<string>()
  const phones = new Set<string>()
  const size = () => leads.size + visitors.size + visits.size + emails.size + phones.size
  for (let before = -1; before !== size(); ) {
    before = size()
    const rows = await rights.candidates({ leadIds: [...leads], visitIds: [...visits], visitorIds: [...visitors], emails: [...emails], phones: [...phones] })
    for (const row of rows) {
      if (!row.sure && !(row.phone && phones.has(phoneKey(row.phone)))) continue
      ;(row.kind === 'visit' ? visits : leads).add(row.id)
      if (row.visitor_id) visitors.add(row.visitor_id)
      if (row.email) emails.add(row.email.toLowerCase())
      if (row.phone) phones.add(phoneKey(row.phone))
    }
  }
  return { visitorIds: [...visitors], leadIds: [...leads], visitIds: [...visits] }
}

/** The log keeps a one-way fingerprint of the id, so a repeated request can be answered, and nothing else. */
export const subjectHash = (visitorId: string) => idHash('visitor', visitorId)

/** What an erasure did: the log's record, and whom it erased (for the open widgets and consoles, never logged). */
export interface Erasure {
  record: ErasureRecord
  person: Person
}

export function dataRights(store: PipelineStore, clock: () => Date = () => new Date()) {
  /** Deletes every row about the person of `seed` in one transaction and logs how many, never what. */
  const erase = (seed: { visitorId: string } | { leadId: string }, actor: string): Promise<Erasure> =>
    store.inTransaction(async ({ rights }) => {
      const person = await personOf(rights, seed)
      const subject = 'visitorId' in seed ? idHash('visitor', seed.visitorId) : idHash('lead', seed.leadId)
      return { record: await rights.erase(person, subject, actor), person }
    })

  return {
    /** Everything stored about the visitor and the person they are, table by table; null when nothing is. */
    async exportVisitor(visitorId: string): Promise<{ visitorId: string; exportedAt: string; tables: Record<string, unknown[]> } | null> {
      const person = await personOf(store.rights, { visitorId })
      const tables = await store.rights.rowsOf(person)
      if (Object.values(tables).every((rows) => rows.length === 0)) return null
      return { visitorId, exportedAt: clock().toISOString(), tables }
    },

    /** Erases the visitor (a widget's userUUID or a form's `cp_visitor`) and the person they are. */
    eraseVisitor: (visitorId: string, actor: string) => erase({ visitorId }, actor),
    /** Erases the person of a lead, with or without a chat (a lead from the API has no visitor id); null when no such lead. */
    async eraseLead(leadId: string, actor: string): Promise<Erasure | null> {
      return (await store.leads.exists(leadId)) ? erase({ leadId }, actor) : null
    },

    /** The erasure log, newest first. */
    erasures: (limit = 100): Promise<ErasureRecord[]> => store.rights.erasures(limit),
  }
}

export type DataRights = ReturnType<typeof dataRights>
