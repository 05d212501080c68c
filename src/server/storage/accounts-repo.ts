import { randomUUID } from 'node:crypto'
import type { AccountRole, Availability, ConsoleAccount, WeekHours } from '../../protocol/console'
import type { Queryable } from './database'

/** An account with its password hash: only the sign-in reads this. */
export type AccountWithHash = ConsoleAccount & { passwordHash: string }

interface AccountRow {
  id: string
  email: string
  name: string
  role: AccountRole
  password_hash: string
  can_publish: boolean
  photo: string | null
  created_at: Date | string
  last_seen_at: Date | string | null
  availability: Availability
  duty_hours: WeekHours | null
}

const toAccount = (row: AccountRow): ConsoleAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  canPublish: row.role === 'admin' || row.can_publish === true,
  photo: row.photo ?? null,
  createdAt: new Date(row.created_at).toISOString(),
  lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
  availability: row.availability ?? 'disponible',
  dutyHours: row.duty_hours ?? null,
})

const ACTIVE = 'removed_at IS NULL'

/** The console's agent accounts and their sessions (docs/behaviour.md#console-accounts). */
export function accountsRepository(db: Queryable) {
  return {
    async count(): Promise<number> {
      const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM console_accounts WHERE ${ACTIVE}`)
      return Number(row?.n ?? 0)
    },
    /** A new account; null when an active account already has this e-mail. */
    async insert(account: { email: string; name: string; role: AccountRole; passwordHash: string }): Promise<ConsoleAccount | null> {
      const [row] = await db.query<AccountRow>(
        `INSERT INTO console_accounts (id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (lower(email)) WHERE ${ACTIVE} DO NOTHING RETURNING *`,
        [randomUUID(), account.email.trim(), account.name.trim(), account.role, account.passwordHash],
      )
      return row ? toAccount(row) : null
    },
    async byEmail(email: string): Promise<AccountWithHash | undefined> {
      const [row] = await db.query<AccountRow>(`SELECT * FROM console_accounts WHERE lower(email) = lower($1) AND ${ACTIVE}`, [email.trim()])
      return row ? { ...toAccount(row), passwordHash: row.password_hash } : undefined
    },
    async byId(id: string): Promise<ConsoleAccount | undefined> {
      const [row] = await db.query<AccountRow>(`SELECT * FROM console_accounts WHERE id = $1 AND ${ACTIVE}`, [id])
      return row ? toAccount(row) : undefined
    },
    async list(): Promise<ConsoleAccount[]> {
      return (await db.query<AccountRow>(`SELECT * FROM console_accounts WHERE ${ACTIVE} ORDER BY created_at`)).map(toAccount)
    },
    /** A new password hash for an active account; false when there is none with this id. */
    async setPassword(id: string, passwordHash: string): Promise<boolean> {
      return (await db.query(`UPDATE console_accounts SET password_hash = $2 WHERE id = $1 AND ${ACTIVE} RETURNING id`, [id, passwordHash])).length > 0
    },
    /**
     * What a person changes of an active account (its displayed name, its photo, whether an asesor
     * may publish in the catalogue): the account as it is now, or undefined when there is no such
     * active account. A field left out keeps its value.
     */
    async change(id: string, changes: { name?: string; photo?: string | null; canPublish?: boolean }): Promise<ConsoleAccount | undefined> {
      const [row] = await db.query<AccountRow>(
        `UPDATE console_accounts SET
           name = CASE WHEN $2 THEN $3 ELSE name END,
           photo = CASE WHEN $4 THEN $5 ELSE photo END,
           can_publish = CASE WHEN $6 THEN $7 ELSE can_publish END
         WHERE id = $1 AND ${ACTIVE} RETURNING *`,
        [id, changes.name !== undefined, changes.name?.trim() ?? null, changes.photo !== undefined, changes.photo ?? null, changes.canPublish !== undefined, changes.canPublish ?? false],
      )
      return row ? toAccount(row) : undefined
    },
    /** A person's status (docs/console.md#routing); false when there is no such active account. */
    async setAvailability(id: string, availability: Availability): Promise<boolean> {
      return (await db.query(`UPDATE console_accounts SET availability = $2 WHERE id = $1 AND ${ACTIVE} RETURNING id`, [id, availability])).length > 0
    },
    /** A person's duty hours (null: the agency's office hours); false when there is no such active account. */
    async setDutyHours(id: string, dutyHours: WeekHours | null): Promise<boolean> {
      return (await db.query(`UPDATE console_accounts SET duty_hours = $2 WHERE id = $1 AND ${ACTIVE} RETURNING id`, [id, dutyHours === null ? null : JSON.stringify(dutyHours)])).length > 0
    },
    /** Remove an account (kept for the names on its past messages), end its sessions and forget its devices. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.query(`UPDATE console_accounts SET removed_at = now() WHERE id = $1 AND ${ACTIVE} RETURNING id`, [id])
      await db.query('DELETE FROM console_sessions WHERE account_id = $1', [id])
      await db.query('DELETE FROM console_devices WHERE account_id = $1', [id])
      return rows.length > 0
    },
    /** Names of accounts, removed ones included (authors of past messages). */
    async names(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map()
      const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM console_accounts WHERE id = ANY($1)', [ids])
      return new Map(rows.map((r) => [r.id, r.name]))
    },
  }
}

/** Sessions kept in the database: every process sees the same ones. Keyed by the token's hash. */
export function databaseSessions(db: Queryable) {
  return {
    async create(tokenHash: string, accountId: string) {
      await db.query('INSERT INTO console_sessions (token_hash, account_id) VALUES ($1, $2)', [tokenHash, accountId])
      await db.query('UPDATE console_accounts SET last_seen_at = now() WHERE id = $1', [accountId])
    },
    /** The account of a session used within `idleMs`, marking it used now; undefined otherwise. */
    async touch(tokenHash: string, idleMs: number): Promise<string | undefined> {
      // One statement: the session is fresh and its account still exists; both are marked seen.
      const [row] = await db.query<{ account_id: string }>(
        `WITH s AS (
           UPDATE console_sessions SET last_seen_at = now() WHERE token_hash = $1 AND last_seen_at > now() - make_interval(secs => $2)
           RETURNING account_id
         )
         UPDATE console_accounts a SET last_seen_at = now() FROM s WHERE a.id = s.account_id AND a.${ACTIVE} RETURNING a.id AS account_id`,
        [tokenHash, idleMs / 1000],
      )
      if (!row) await db.query('DELETE FROM console_sessions WHERE token_hash = $1', [tokenHash])
      return row?.account_id
    },
    /** Of these sessions, the hashes of those still live (used within `idleMs`, their account active), without marking them used. */
    async live(tokenHashes: string[], idleMs: number): Promise<Set<string>> {
      if (!tokenHashes.length) return new Set()
      const rows = await db.query<{ token_hash: string }>(
        `SELECT s.token_hash FROM console_sessions s JOIN console_accounts a ON a.id = s.account_id
         WHERE s.token_hash = ANY($1) AND s.last_seen_at > now() - make_interval(secs => $2) AND a.${ACTIVE}`,
        [tokenHashes, idleMs / 1000],
      )
      return new Set(rows.map((row) => row.token_hash))
    },
    async destroy(tokenHash: string): Promise<string | undefined> {
      const [row] = await db.query<{ account_id: string }>('DELETE FROM console_sessions WHERE token_hash = $1 RETURNING account_id', [tokenHash])
      return row?.account_id
    },
    /** End every session of an account but the one hashed `keptHash`, if given. */
    async destroyAccount(accountId: string, keptHash?: string) {
      await db.query('DELETE FROM console_sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2', [accountId, keptHash ?? null])
    },
  }
}

export type SessionStore = ReturnType<typeof databaseSessions>

/**
 * Browsers that signed in to an account (docs/behaviour.md#console-accounts), keyed by the hash
 * of their device cookie's token; one unused for `keepMs` is forgotten.
 */
export function databaseDevices(db: Queryable) {
  return {
    /** Remember (or refresh) a device of the account, forgetting its devices unused for `keepMs`. */
    async remember(tokenHash: string, accountId: string, keepMs: number) {
      await db.query(
        `INSERT INTO console_devices (token_hash, account_id) VALUES ($1, $2)
         ON CONFLICT (token_hash) DO UPDATE SET last_used_at = now() WHERE console_devices.account_id = $2`,
        [tokenHash, accountId],
      )
      await db.query('DELETE FROM console_devices WHERE account_id = $1 AND last_used_at < now() - make_interval(secs => $2)', [accountId, keepMs / 1000])
    },
    /** The account a device signed in to within `keepMs`, or undefined. */
    async accountOf(tokenHash: string, keepMs: number): Promise<string | undefined> {
      const [row] = await db.query<{ account_id: string }>(
        'SELECT account_id FROM console_devices WHERE token_hash = $1 AND last_used_at > now() - make_interval(secs => $2)',
        [tokenHash, keepMs / 1000],
      )
      return row?.account_id
    },
  }
}

export type DeviceStore = ReturnType<typeof databaseDevices>
