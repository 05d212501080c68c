import SEED from '../../../content/knowledge.json'
import type { KnowledgeEntry, KnowledgeInput, UnmatchedQuestion } from '../../protocol/knowledge'
import type { Queryable } from './database'

interface EntryRow {
  name: string
  title: string
  examples: KnowledgeInput['examples']
  answer: KnowledgeInput['answer']
  adviser: boolean
  updated_at: Date | string
}

const toEntry = (row: EntryRow): KnowledgeEntry => ({
  name: row.name,
  title: row.title,
  examples: { es: row.examples.es ?? [], en: row.examples.en ?? [] },
  answer: { es: row.answer.es, en: row.answer.en ?? '' },
  adviser: row.adviser,
  updatedAt: new Date(row.updated_at).toISOString(),
})

/** How many unmatched questions the console lists. */
const UNMATCHED_SHOWN = 100

/** Where a change came from: this process (the console's API) or another one (redis.ts). */
export type KnowledgeChange = 'here' | 'elsewhere'

/**
 * The agent's knowledge base (docs/knowledge.md) over `db`: the entries an agency edits in the
 * console and the visitors' questions nothing answered. A change made here is told to this
 * process's listeners (the agent's live book, chat/knowledge-live.ts, and the other processes'
 * announcer, redis.ts); one made elsewhere is told to them by `changedElsewhere`.
 */
export function knowledgeRepository(db: Queryable) {
  const listeners = new Set<(change: KnowledgeChange) => void>()
  const tell = (change: KnowledgeChange) => {
    for (const listener of listeners) listener(change)
  }
  return {
    async list(): Promise<KnowledgeEntry[]> {
      return (await db.query<EntryRow>('SELECT * FROM knowledge_entries ORDER BY title, name')).map(toEntry)
    },

    async names(): Promise<string[]> {
      return (await db.query<{ name: string }>('SELECT name FROM knowledge_entries')).map((row) => row.name)
    },

    /** A new entry under `name`; null when that name is taken (nothing stored). */
    async create(name: string, input: KnowledgeInput): Promise<KnowledgeEntry | null> {
      const [row] = await db.query<EntryRow>(
        `INSERT INTO knowledge_entries (name, title, examples, answer, adviser) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO NOTHING RETURNING *`,
        [name, input.title, input.examples, input.answer, input.adviser],
      )
      if (row) tell('here')
      return row ? toEntry(row) : null
    },

    /** The entry `name` rewritten; null when there is none. */
    async update(name: string, input: KnowledgeInput): Promise<KnowledgeEntry | null> {
      const [row] = await db.query<EntryRow>(
        'UPDATE knowledge_entries SET title = $2, examples = $3, answer = $4, adviser = $5, updated_at = now() WHERE name = $1 RETURNING *',
        [name, input.title, input.examples, input.answer, input.adviser],
      )
      if (row) tell('here')
      return row ? toEntry(row) : null
    },

    async remove(name: string): Promise<boolean> {
      const removed = await db.query('DELETE FROM knowledge_entries WHERE name = $1 RETURNING name', [name])
      if (removed.length) tell('here')
      return removed.length > 0
    },

    /** One more visitor asked `question` (folded) and nothing answered it. */
    async recordUnmatched(question: string): Promise<void> {
      await db.query(
        `INSERT INTO knowledge_unmatched (question, count, last_asked_at) VALUES ($1, 1, now())
         ON CONFLICT (question) DO UPDATE SET count = knowledge_unmatched.count + 1, last_asked_at = now()`,
        [question],
      )
    },

    /** The unmatched questions, most frequent first (the latest first among equals). */
    async unmatched(): Promise<UnmatchedQuestion[]> {
      const rows = await db.query<{ question: string; count: number; last_asked_at: Date | string }>(
        'SELECT question, count, last_asked_at FROM knowledge_unmatched ORDER BY count DESC, last_asked_at DESC LIMIT $1',
        [UNMATCHED_SHOWN],
      )
      return rows.map((row) => ({ question: row.question, count: Number(row.count), lastAskedAt: new Date(row.last_asked_at).toISOString() }))
    },

    /** Call `listener` after every change to the entries; returns how to stop. */
    onChange(listener: (change: KnowledgeChange) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    /** Another process changed the entries (redis.ts). */
    changedElsewhere(): void {
      tell('elsewhere')
    },
  }
}

/** The demo's entries (content/knowledge.json) into the new table: the knowledge migration's seed (migrations.ts). */
export async function seedKnowledge(tx: Queryable): Promise<void> {
  for (const entry of (SEED as { entries: Array<KnowledgeInput & { name: string }> }).entries) {
    await tx.query('INSERT INTO knowledge_entries (name, title, examples, answer, adviser) VALUES ($1, $2, $3, $4, $5)', [
      entry.name,
      entry.title,
      entry.examples,
      entry.answer,
      entry.adviser,
    ])
  }
}
