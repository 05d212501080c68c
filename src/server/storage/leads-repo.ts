import { randomUUID } from 'node:crypto'
import { foldText } from '../../domain/fold'
import type { Lead } from '../../catalogue/model'
import type { LeadReview, LeadStatus, PipelineLead, TrafficChannel } from '../../protocol/crm'
import type { Queryable } from './database'
import { emailKey } from '../../domain/email'
import { phoneKey, phoneTail, phoneTailSql } from '../../domain/phone'

/** Leads sharing a phone's last digits or an e-mail in the window, at most: more is an attack, not a duplicate. */
const DUPLICATE_CANDIDATES = 50

/** A new lead; `visitorId` links a chat lead to the widget's visitor; `review` marks it for a person to check. */
export type NewLead = Omit<Lead, 'id' | 'createdAt'> & { visitorId?: string | null; review?: LeadReview | null }

export interface LeadRow {
  id: string
  name: string
  email: string | null
  phone: string | null
  message: string
  source: Lead['source']
  property_slug: string | null
  attribution: Record<string, unknown> | null
  created_at: Date | string
  visitor_id: string | null
  status: LeadStatus
  assigned_to: string | null
  campaign: string | null
  traffic_source: string | null
  traffic_channel: TrafficChannel
  landing_page: string | null
  updated_at: Date | string
  review: LeadReview | null
}

export const toLead = (row: LeadRow): PipelineLead => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  source: row.source,
  propertySlug: row.property_slug,
  attribution: row.attribution,
  createdAt: new Date(row.created_at).toISOString(),
  visitorId: row.visitor_id,
  status: row.status,
  assignedTo: row.assigned_to,
  campaign: row.campaign,
  trafficChannel: row.traffic_channel,
  trafficSource: row.traffic_source,
  landingPage: row.landing_page,
  updatedAt: new Date(row.updated_at).toISOString(),
  review: row.review ?? null,
})

/** What a lead's text search looks in: name, e-mail, phone and message, folded like every search. */
export const leadSearchText = (lead: Pick<Lead, 'name' | 'email' | 'phone' | 'message'>) =>
  foldText([lead.name, lead.email, lead.phone, lead.message].filter(Boolean).join(' '))

/** The path of the attribution's page URL (the page the form or message was sent from), or null. */
export function attributionPath(attribution: Record<string, unknown> | null): string | null {
  const url = attribution?.page_url
  if (typeof url !== 'string' || url === '') return null
  try {
    return new URL(url, 'http://localhost').pathname
  } catch {
    return null
  }
}

/** A navigation entry's path without its query and fragment (SQL), as landing pages are counted. */
export const NAVIGATION_PATH_SQL = "split_part(split_part(url_path, '?', 1), '#', 1)"

export function leadsRepository(db: Queryable) {
  /** Who hears of each new lead in this process (the console shows it live: docs/behaviour.md#leads). */
  const listeners = new Set<(lead: PipelineLead) => void>()
  return {
    /** Calls `listener` with every lead stored from now on; returns the function that stops it. */
    onCreated(listener: (lead: PipelineLead) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async insert(lead: NewLead): Promise<PipelineLead> {
      // The landing page is the visitor's first page in the trail, else the page the lead came from.
      const [row] = await db.query<LeadRow>(
        `INSERT INTO leads (id, name, email, phone, message, source, property_slug, attribution, visitor_id, landing_page, search_text, review)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
           COALESCE((SELECT ${NAVIGATION_PATH_SQL} FROM chat_navigation WHERE visitor_id = $9 ORDER BY seq LIMIT 1), $10), $11, $12)
         RETURNING *`,
        [
          randomUUID(),
          lead.name,
          lead.email,
          lead.phone,
          lead.message,
          lead.source,
          lead.propertySlug,
          lead.attribution,
          lead.visitorId ?? null,
          attributionPath(lead.attribution),
          leadSearchText(lead),
          lead.review ?? null,
        ],
      )
      const created = toLead(row!)
      for (const listener of listeners) {
        try {
          listener(created)
        } catch (error) {
          console.error('[leads] a new-lead listener failed:', error)
        }
      }
      return created
    },
    /**
     * The newest lead since `since` with the same phone (E.164, src/domain/phone.ts: a US number
     * and a Mexican one with the same ten digits are two people) or the same e-mail (any case)
     * about the same property: the lead policy's duplicate (docs/behaviour.md#leads). SQL narrows
     * the candidates by the phone's last digits, phoneKey decides.
     */
    async findDuplicate(lead: Pick<NewLead, 'phone' | 'email' | 'propertySlug'>, since: Date): Promise<PipelineLead | null> {
      const phone = lead.phone ? phoneKey(lead.phone) : null
      const email = lead.email ? emailKey(lead.email) : null
      if (!phone && !email) return null
      const rows = await db.query<LeadRow>(
        `SELECT * FROM leads
         WHERE created_at >= $1 AND property_slug IS NOT DISTINCT FROM $2
           AND (${phoneTailSql('phone')} = $3 OR lower(email) = $4)
         ORDER BY created_at DESC LIMIT ${DUPLICATE_CANDIDATES}`,
        [since.toISOString(), lead.propertySlug, phone ? phoneTail(phone) : null, email],
      )
      const same = (row: LeadRow) => (email !== null && row.email !== null && emailKey(row.email) === email) || (phone !== null && row.phone !== null && phoneKey(row.phone) === phone)
      const row = rows.find(same)
      return row ? toLead(row) : null
    },
    /** A chat visitor was merged into `leadId` (their contact was already that lead's): remember it, once. */
    async linkVisitor(leadId: string, visitorId: string): Promise<void> {
      await db.query('INSERT INTO lead_visitors (visitor_id, lead_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [visitorId, leadId])
    },
    async recent(limit = 50): Promise<PipelineLead[]> {
      return (await db.query<LeadRow>('SELECT * FROM leads ORDER BY created_at DESC, id LIMIT $1', [limit])).map(toLead)
    },
  }
}

export type LeadsRepository = ReturnType<typeof leadsRepository>
