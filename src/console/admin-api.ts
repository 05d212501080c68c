/** The console's calls for widget settings, numbers and data rights (/consola/api; docs/behaviour.md#pipeline). */
import type { CustomWidgetConfig } from '../protocol'
import type { Dashboard, DashboardRange, SettingsPage, SettingsVersion } from '../protocol/numbers'
import type { SettingsIssue } from '../shared/widget-settings'
import { request } from './api'

const settingsPath = (instance: string) => `/settings/${encodeURIComponent(instance)}`

export const adminApi = {
  instances: () => request<{ instances: string[] }>('/settings'),
  settings: (instance: string) => request<SettingsPage>(settingsPath(instance)),
  saveSettings: (instance: string, config: CustomWidgetConfig) =>
    request<{ version: SettingsVersion; warnings: SettingsIssue[] }>(settingsPath(instance), { method: 'PUT', body: config }),
  restoreSettings: (instance: string, version: number) =>
    request<{ version: SettingsVersion }>(`${settingsPath(instance)}/versions/${version}/restore`, { method: 'POST' }),
  /** The unsaved draft for this admin's preview widget; answers the preview's instance. */
  preview: (config: CustomWidgetConfig) => request<{ instance: string }>('/settings-preview', { method: 'PUT', body: config }),
  numbers: (range: DashboardRange) => request<Dashboard>(`/numbers?${new URLSearchParams({ ...range })}`),
  /** Everything stored about a visitor, as the JSON file the admin downloads. */
  exportVisitor: (visitorId: string) => request<unknown>(`/visitors/${encodeURIComponent(visitorId)}/export`),
  eraseVisitor: (visitorId: string) =>
    request<{ erasure: { rowsErased: Record<string, number> } }>(`/visitors/${encodeURIComponent(visitorId)}`, { method: 'DELETE' }),
  /** Erases the person of a lead with no chat: the lead, and their other leads, visits and chats by phone or e-mail. */
  eraseLeadPerson: (leadId: string) =>
    request<{ erasure: { rowsErased: Record<string, number> } }>(`/leads/${encodeURIComponent(leadId)}/person`, { method: 'DELETE' }),
}
