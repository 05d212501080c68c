import type { CustomWidgetConfig } from '../../protocol'
import type { SettingsVersion } from '../../protocol/numbers'
import type { Queryable } from './database'

interface VersionRow {
  version: number
  config: CustomWidgetConfig
  author: string
  created_at: Date | string
  restored_from: number | null
}

const toVersion = (row: VersionRow): SettingsVersion => ({
  version: Number(row.version),
  config: row.config,
  author: row.author,
  at: new Date(row.created_at).toISOString(),
  restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
})

/**
 * The widget's settings per instance (docs/behaviour.md#widget-settings) over `db`, the database or one
 * transaction: what every widget of the instance gets (`widget_configs`, read by the 1 s poll)
 * and the saved versions (`widget_config_versions`).
 */
export function settingsRepository(db: Queryable) {
  /** Holds off every other save of the instance until this transaction ends (an advisory lock). */
  const lock = (instance: string) => db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`widget-settings:${instance}`])
  /** Whether the instance has settings of its own: a configuration, or saved versions. */
  const has = async (instance: string) =>
    (await db.query('SELECT 1 FROM widget_configs WHERE instance = $1 UNION ALL SELECT 1 FROM widget_config_versions WHERE instance = $1 LIMIT 1', [instance])).length > 0
  return {
    /** What the instance's widgets get now; null when it has no configuration of its own. */
    async current(instance: string): Promise<CustomWidgetConfig | null> {
      const [row] = await db.query<{ config: CustomWidgetConfig }>('SELECT config FROM widget_configs WHERE instance = $1', [instance])
      return row?.config ?? null
    },

    /** What every widget of `instance` gets on its next poll. */
    async writeCurrent(instance: string, config: CustomWidgetConfig): Promise<void> {
      await db.query(`INSERT INTO widget_configs (instance, config) VALUES ($1, $2) ON CONFLICT (instance) DO UPDATE SET config = $2, updated_at = now()`, [
        instance,
        config,
      ])
    },

    /** Every saved version, newest first. */
    async versions(instance: string): Promise<SettingsVersion[]> {
      const rows = await db.query<VersionRow>('SELECT * FROM widget_config_versions WHERE instance = $1 ORDER BY version DESC', [instance])
      return rows.map(toVersion)
    },

    /** One saved version, or null. */
    async version(instance: string, version: number): Promise<SettingsVersion | null> {
      const [row] = await db.query<VersionRow>('SELECT * FROM widget_config_versions WHERE instance = $1 AND version = $2', [instance, version])
      return row ? toVersion(row) : null
    },

    /**
     * Waits until no other save of the instance is under way and holds it off until this
     * transaction ends (an advisory lock), then returns the instance's newest version number (0: none).
     */
    async lockVersions(instance: string): Promise<number> {
      await lock(instance)
      const [last] = await db.query<{ n: number }>('SELECT COALESCE(max(version), 0)::int AS n FROM widget_config_versions WHERE instance = $1', [instance])
      return last!.n
    },

    /** Stores one version of the instance's settings. */
    async insertVersion(instance: string, version: number, config: CustomWidgetConfig, author: string, restoredFrom: number | null): Promise<SettingsVersion> {
      const [row] = await db.query<VersionRow>(
        `INSERT INTO widget_config_versions (instance, version, config, author, restored_from) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [instance, version, config, author, restoredFrom],
      )
      return toVersion(row!)
    },

    /**
     * The agency was renamed, and its site's widget with it (docs/agency.md#widget): the settings of
     * `from` (its configuration and every version) become `to`'s, unless `to` has settings of its own,
     * which are not overwritten (both stay, each under its name). Run it in a transaction.
     * 'moved', 'kept' (`to` had its own), or 'none' (nothing was saved under `from`).
     */
    async rename(from: string, to: string): Promise<'moved' | 'kept' | 'none'> {
      // Saves of either instance wait for this; taken in name order, so two renames never wait on each other.
      for (const instance of [from, to].sort()) await lock(instance)
      if (from === to || !(await has(from))) return 'none'
      if (await has(to)) return 'kept'
      await db.query('UPDATE widget_configs SET instance = $2 WHERE instance = $1', [from, to])
      await db.query('UPDATE widget_config_versions SET instance = $2 WHERE instance = $1', [from, to])
      return 'moved'
    },

    /** Instances that have a configuration, but those whose name starts with `excludedPrefix` (previews). */
    async instances(excludedPrefix: string): Promise<string[]> {
      const rows = await db.query<{ instance: string }>('SELECT instance FROM widget_configs WHERE NOT starts_with(instance, $1) ORDER BY instance', [excludedPrefix])
      return rows.map((r) => r.instance)
    },
  }
}

export type SettingsRepository = ReturnType<typeof settingsRepository>
