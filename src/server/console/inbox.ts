/** One page of an agent's inbox (docs/behaviour.md#console-inbox): for /consola/api/inbox and the console's page. */
import type { InboxFilter, InboxPage } from '../../protocol/console'
import type { Storage } from '../storage'

/** Conversations per inbox page: a screenful and some. */
const INBOX_PAGE_SIZE = 50

export async function inboxPage(storage: Storage, accountId: string, query: { filter: InboxFilter; q?: string; before?: number }): Promise<InboxPage> {
  const { filter, q, before } = query
  const [page, unreadConversations] = await Promise.all([
    storage.console.inbox({ accountId, filter, ...(q ? { search: q } : {}), ...(before ? { before } : {}), limit: INBOX_PAGE_SIZE }),
    storage.console.alertingCount(accountId),
  ])
  return { ...page, unreadConversations }
}
