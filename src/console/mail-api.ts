/** The outbox in the console's API (/consola/api/mail, admins; docs/email.md#console). */
import type { MailOverview, OutboxItem } from '../protocol/mail'
import { request } from './api'

export const mailApi = {
  overview: () => request<MailOverview>('/mail'),
  retry: (id: string) => request<{ item: OutboxItem }>(`/mail/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
}
