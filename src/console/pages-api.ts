/** The site's own pages in the console's API (/consola/api/pages, admins; docs/agency.md#the-pages). */
import type { PageId, PagesDocument, PageText } from '../protocol/pages'
import { request } from './api'

export const pagesApi = {
  get: () => request<PagesDocument>('/pages'),
  save: <P extends PageId>(page: P, text: PageText<P>, revision: number) =>
    request<PagesDocument>(`/pages/${page}`, { method: 'PUT', body: { revision, text } }),
}
