import { randomUUID } from 'node:crypto'
import type { Lead } from '../../catalogue/model'
import type { Queryable } from './database'

export type NewLead = Omit<Lead, 'id' | 'createdAt'>

interface LeadRow {
  id: string
  name: string
  email: string | null
  phone: string | null
  message: string
  source: Lead['source']
  property_slug: string | null
  attribution: Record<string, unknown> | null
  created_at: Date | string
}

const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  source: row.source,
  propertySlug: row.property_slug,
  attribution: row.attribution,
  createdAt: new Date(row.created_at).toISOString(),
})

export function leadsRepository(db: Queryable) {
  return {
    async insert(lead: NewLead): Promise<Lead> {
      const [row] = await db.query<LeadRow>(
        `INSERT INTO leads (id, name, email, phone, message, source, property_slug, attribution)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [randomUUID(), lead.name, lead.email, lead.phone, lead.message, lead.source, lead.propertySlug, lead.attribution],
      )
      return toLead(row!)
    },
    async recent(limit = 50): Promise<Lead[]> {
      return (await db.query<LeadRow>('SELECT * FROM leads ORDER BY created_at DESC, id LIMIT $1', [limit])).map(toLead)
    },
  }
}

export type LeadsRepository = ReturnType<typeof leadsRepository>
