import type { CustomWidgetConfig } from '../../protocol'
import type { SettingsVersion } from '../../protocol/numbers'
import type { PipelineStore } from '../storage/pipeline-store'
import type { SettingsRepository } from '../storage/settings-repo'
import { DEFAULT_WIDGET_CONFIG } from '../storage/chat-repo'
import { PREVIEW_INSTANCE_PREFIX, previewInstanceOf } from '../../shared/widget-settings'

/** Author of version 1: the configuration the instance had before anyone saved from the console. */
export const INITIAL_SETTINGS_AUTHOR = 'configuracion-inicial'

/**
 * Stores `config` as the instance's next version and as what every widget of the instance gets
 * (`widget_configs`, read by the 1 s poll). One save per instance at a time (the repository's lock).
 */
async function storeVersion(settings: SettingsRepository, instance: string, config: CustomWidgetConfig, author: string, restoredFrom: number | null) {
  let next = (await settings.lockVersions(instance)) + 1
  if (next === 1) {
    // The first save keeps what widgets showed until now as version 1, so it can be put back.
    const current = await settings.current(instance)
    await settings.insertVersion(instance, 1, current ?? DEFAULT_WIDGET_CONFIG, INITIAL_SETTINGS_AUTHOR, null)
    next = 2
  }
  const version = await settings.insertVersion(instance, next, config, author, restoredFrom)
  await settings.writeCurrent(instance, config)
  return version
}

export function widgetSettings(store: PipelineStore) {
  const { settings } = store
  return {
    /** What the instance's widgets get now. */
    async current(instance: string): Promise<CustomWidgetConfig> {
      return (await settings.current(instance)) ?? DEFAULT_WIDGET_CONFIG
    },
    /** Every saved version, newest first. */
    versions: (instance: string): Promise<SettingsVersion[]> => settings.versions(instance),
    /** Save a checked configuration (src/shared/widget-settings.ts) as the next version. */
    save(instance: string, config: CustomWidgetConfig, author: string): Promise<SettingsVersion> {
      return store.inTransaction((tx) => storeVersion(tx.settings, instance, config, author, null))
    },
    /** Undo to an earlier version: it becomes the newest one again; null when there is no such version. */
    restore(instance: string, version: number, author: string): Promise<SettingsVersion | null> {
      return store.inTransaction(async (tx) => {
        const old = await tx.settings.version(instance, version)
        return old ? storeVersion(tx.settings, instance, old.config, author, version) : null
      })
    },
    /** Instances that have a configuration, for the form's instance picker (previews are no instance). */
    instances: (): Promise<string[]> => settings.instances(PREVIEW_INSTANCE_PREFIX),
    /** An admin's unsaved draft, for their preview's widget only; returns the preview's instance. */
    async preview(accountId: string, config: CustomWidgetConfig): Promise<string> {
      const instance = previewInstanceOf(accountId)
      await settings.writeCurrent(instance, config)
      return instance
    },
  }
}

export type WidgetSettings = ReturnType<typeof widgetSettings>
