import type { CustomWidgetConfig } from '../../protocol'
import type { SettingsVersion } from '../../protocol/numbers'
import type { Database, Queryable } from '../storage/database'
import { DEFAULT_WIDGET_CONFIG } from '../storage/chat-repo'
import { PREVIEW_INSTANCE_PREFIX, previewInstanceOf } from '../../shared/widget-settings'

/** Author of version 1: the configuration the instance had before anyone saved from the console. */
export const INITIAL_SETTINGS_AUTHOR = 'configuracion-inicial'

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
 * Stores `config` as the instance's next version and as what every widget of the instance gets
 * (`widget_configs`, read by the 1 s poll). One save per instance at a time (advisory lock).
 */
async function storeVersion(tx: Queryable, instance: string, config: CustomWidgetConfig, author: string, restoredFrom: number | null) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`widget-settings:${instance}`])
  const [last] = await tx.query<{ n: number }>('SELECT COALESCE(max(version), 0)::int AS n FROM widget_config_versions WHERE instance = $1', [instance])
  let next = last!.n + 1
  if (next === 1) {
    // The first save keeps what widgets showed until now as version 1, so it can be put back.
    const [current] = await tx.query<{ config: CustomWidgetConfig }>('SELECT config FROM widget_configs WHERE instance = $1', [instance])
    await tx.query('INSERT INTO widget_config_versions (instance, version, config, author) VALUES ($1, 1, $2, $3)', [
      instance,
      current?.config ?? DEFAULT_WIDGET_CONFIG,
      INITIAL_SETTINGS_AUTHOR,
    ])
    next = 2
  }
  const [row] = await tx.query<VersionRow>(
    `INSERT INTO widget_config_versions (instance, version, config, author, restored_from) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [instance, next, config, author, restoredFrom],
  )
  await writeCurrent(tx, instance, config)
  return toVersion(row!)
}

/** What every widget of `instance` gets on its next poll. */
const writeCurrent = (db: Queryable, instance: string, config: CustomWidgetConfig) =>
  db.query(`INSERT INTO widget_configs (instance, config) VALUES ($1, $2) ON CONFLICT (instance) DO UPDATE SET config = $2, updated_at = now()`, [
    instance,
    config,
  ])

export function widgetSettings(db: Database) {
  return {
    /** What the instance's widgets get now. */
    async current(instance: string): Promise<CustomWidgetConfig> {
      const [row] = await db.query<{ config: CustomWidgetConfig }>('SELECT config FROM widget_configs WHERE instance = $1', [instance])
      return row?.config ?? DEFAULT_WIDGET_CONFIG
    },
    /** Every saved version, newest first. */
    async versions(instance: string): Promise<SettingsVersion[]> {
      const rows = await db.query<VersionRow>('SELECT * FROM widget_config_versions WHERE instance = $1 ORDER BY version DESC', [instance])
      return rows.map(toVersion)
    },
    /** Save a checked configuration (src/shared/widget-settings.ts) as the next version. */
    save(instance: string, config: CustomWidgetConfig, author: string): Promise<SettingsVersion> {
      return db.transaction((tx) => storeVersion(tx, instance, config, author, null))
    },
    /** Undo to an earlier version: it becomes the newest one again; null when there is no such version. */
    restore(instance: string, version: number, author: string): Promise<SettingsVersion | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx.query<VersionRow>('SELECT * FROM widget_config_versions WHERE instance = $1 AND version = $2', [instance, version])
        return old ? storeVersion(tx, instance, old.config, author, version) : null
      })
    },
    /** Instances that have a configuration, for the form's instance picker (previews are no instance). */
    async instances(): Promise<string[]> {
      const rows = await db.query<{ instance: string }>('SELECT instance FROM widget_configs WHERE NOT starts_with(instance, $1) ORDER BY instance', [
        PREVIEW_INSTANCE_PREFIX,
      ])
      return rows.map((r) => r.instance)
    },
    /** An admin's unsaved draft, for their preview's widget only; returns the preview's instance. */
    async preview(accountId: string, config: CustomWidgetConfig): Promise<string> {
      const instance = previewInstanceOf(accountId)
      await writeCurrent(db, instance, config)
      return instance
    },
  }
}

export type WidgetSettings = ReturnType<typeof widgetSettings>
