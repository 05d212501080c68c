import SEED from '../../../content/agency.json'
import type { Agency, AgencyProfile, TeamMember } from '../../shared/agency'
import type { Queryable } from './database'

/** The parts of the agency kept as one document each (migration 63): each saved whole, with its revision. */
export type AgencyDocument = 'profile' | 'team'

interface DocumentRow {
  name: AgencyDocument
  body: unknown
}

/**
 * Who the agency is (docs/agency.md) over `db`: its profile and team, one JSON document each,
 * seeded once with the demo's (content/agency.json). The live site reads them with the
 * catalogue (src/server/catalogue/live.ts), so a saved change reaches every page, the widget
 * and the agent the way a catalogue edit does.
 */
export function agencyRepository(db: Queryable) {
  return {
    async current(): Promise<Agency> {
      const rows = await db.query<DocumentRow>('SELECT name, body FROM agency_documents')
      const body = (name: AgencyDocument) => rows.find((row) => row.name === name)?.body
      return {
        profile: (body('profile') ?? SEED.profile) as AgencyProfile,
        team: (body('team') ?? SEED.team) as TeamMember[],
      }
    },
  }
}

export async function seedAgency(tx: Queryable): Promise<void> {
  for (const name of ['profile', 'team'] as const) {
    await tx.query('INSERT INTO agency_documents (name, body) VALUES ($1, $2)', [name, JSON.stringify(SEED[name])])
  }
}
