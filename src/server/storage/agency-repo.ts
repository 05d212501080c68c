import SEED from '../../../content/agency.json'
import { completeMember, type Agency, type AgencyPages, type AgencyProfile, type TeamMember } from '../../shared/agency'
import type { Queryable } from './database'

/** The parts of the agency kept as one document each (migration 63): each saved whole, with its revision. */
export type AgencyDocument = 'profile' | 'team' | 'pages'

/** Every document; a database seeded before one existed reads the seed's until it is first saved. */
const DOCUMENTS: readonly AgencyDocument[] = ['profile', 'team', 'pages']

interface DocumentRow {
  name: AgencyDocument
  body: unknown
}

/** One document as the console edits it: its body, and the revision a save must name. */
export interface StoredDocument<T> {
  body: T
  revision: number
  updatedAt: string
  updatedBy: string | null
}

/** What a save answers: saved (the new revision), or someone saved since `revision` was read. */
export type DocumentSave<T> = { saved: StoredDocument<T> } | { conflict: StoredDocument<T> }

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
        team: ((body('team') ?? SEED.team) as TeamMember[]).map(completeMember),
        pages: (body('pages') ?? SEED.pages) as AgencyPages,
      }
    },

    /**
     * The first-run setup code: the stored one, else `candidate` stored now (null: only read).
     * Two processes starting together store one of theirs and both answer it.
     */
    async setupCode(candidate: string | null): Promise<string | null> {
      if (candidate) await db.query('INSERT INTO first_run_setup (code) VALUES ($1) ON CONFLICT (id) DO NOTHING', [candidate])
      const [row] = await db.query<{ code: string }>('SELECT code FROM first_run_setup')
      return row?.code ?? null
    },
    async forgetSetupCode(): Promise<void> {
      await db.query('DELETE FROM first_run_setup')
    },

    /**
     * The demo's listings gone (the first-run setup's «quitar»): properties, developments, blog
     * posts, their history and redirects. Zones and product pages stay: they are the site's
     * sections (its menu links to them), which the agency edits rather than rebuilds.
     */
    async removeDemoListings(): Promise<void> {
      for (const table of ['catalogue_history', 'catalogue_redirects', 'properties', 'developments', 'blog_posts']) await db.query(`DELETE FROM ${table}`)
    },

    async document<T>(name: AgencyDocument): Promise<StoredDocument<T>> {
      const [row] = await db.query<{ body: T; revision: number; updated_at: Date | string; updated_by: string | null }>(
        'SELECT body, revision, updated_at, updated_by FROM agency_documents WHERE name = $1',
        [name],
      )
      if (!row) return { body: SEED[name] as T, revision: 0, updatedAt: new Date(0).toISOString(), updatedBy: null }
      return { body: row.body, revision: Number(row.revision), updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by }
    },

    /**
     * Replace a document whole, if nobody saved it since `revision` (optimistic: the second of two
     * people saving at once is shown what the first saved; nothing is merged behind their backs).
     * The caller validated `body`; after a save, call the live catalogue's `changed()`.
     */
    async save<T>(name: AgencyDocument, body: T, { revision, by }: { revision: number; by: string }): Promise<DocumentSave<T>> {
      const rows = await db.query<{ revision: number }>(
        `INSERT INTO agency_documents (name, body, revision, updated_by) VALUES ($1, $2, 1, $4)
         ON CONFLICT (name) DO UPDATE SET body = $2, revision = agency_documents.revision + 1, updated_at = now(), updated_by = $4
           WHERE agency_documents.revision = $3
         RETURNING revision`,
        [name, JSON.stringify(body), revision, by],
      )
      const stored = await this.document<T>(name)
      return rows.length ? { saved: stored } : { conflict: stored }
    },
  }
}

export async function seedAgency(tx: Queryable): Promise<void> {
  for (const name of DOCUMENTS) {
    await tx.query('INSERT INTO agency_documents (name, body) VALUES ($1, $2)', [name, JSON.stringify(SEED[name])])
  }
}
