/** The team's canned replies in the console's API (/consola/api/canned-replies; docs/console.md#canned-replies). */
import type { CannedFill, CannedReply, CannedReplyInput } from '../protocol/canned'
import { request } from './api'

const path = (id: string) => `/canned-replies/${encodeURIComponent(id)}`

export const cannedApi = {
  list: () => request<{ items: CannedReply[] }>('/canned-replies'),
  add: (reply: CannedReplyInput) => request<{ reply: CannedReply }>('/canned-replies', { method: 'POST', body: reply }),
  save: (id: string, reply: CannedReplyInput) => request<{ reply: CannedReply }>(path(id), { method: 'PUT', body: reply }),
  remove: (id: string) => request(path(id), { method: 'DELETE' }),
  /** The reply made ready for one conversation; `page`: the page the visitor has on screen (none: off the site). */
  fill: (id: string, visitorId: string, page: string | null) =>
    request<CannedFill>(`${path(id)}/fill?${new URLSearchParams({ visitorId, ...(page ? { page } : {}) })}`),
}
