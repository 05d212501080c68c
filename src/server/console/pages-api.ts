/**
 * The site's own pages in the console (docs/agency.md#the-pages), admins only: read the texts of
 * the home page, /acerca and /politica-de-privacidad with what fills their placeholders now, and
 * save one page's texts. A save is checked with the editor's own schema (protocol/pages.ts): a
 * refusal is a 400 with each field's message and nothing is stored. It replaces the 'pages'
 * document only if nobody saved it since the revision the editor read (409 otherwise), and the
 * live catalogue's reload puts it on the site without a restart.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { agencyDay } from '../../domain/agency-clock'
import type { ConsoleAccount } from '../../protocol/console'
import { PAGE_IDS, pageSaveSchema, type PageId, type PagesDocument, type PageText } from '../../protocol/pages'
import type { AgencyPages } from '../../shared/agency'
import { siteIdentity } from '../../shared/agency-identity'
import { agencyValues } from '../../shared/agency-placeholders'
import { apiError } from '../api/errors'
import type { StoredDocument } from '../storage/agency-repo'
import type { Storage } from '../storage'
import { invalidRequest } from '../validation'

type Env = { Variables: { account: ConsoleAccount } }

/** The notice's date is the day its text last changed (the notice must say when it was updated). */
function noticeDate(before: AgencyPages['privacy'], text: PageText<'privacy'>): string {
  return text.intro === before.intro && text.body === before.body ? before.updated : agencyDay(new Date())
}

const isPage = (page: string): page is PageId => (PAGE_IDS as readonly string[]).includes(page)

export function pagesRoutes(storage: Storage, changed: () => Promise<unknown>) {
  const app = new Hono<Env>()
  const adminsOnly: MiddlewareHandler<Env> = async (c, next) => {
    if (c.get('account').role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede hacer esto.')
    await next()
  }
  app.use('*', adminsOnly)

  const answer = async (stored: StoredDocument<AgencyPages>): Promise<PagesDocument> => ({
    pages: stored.body,
    revision: stored.revision,
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy ? ((await storage.accounts.names([stored.updatedBy])).get(stored.updatedBy) ?? null) : null,
    values: agencyValues(siteIdentity((await storage.agency.current()).profile)),
  })

  app.get('/', async (c) => c.json(await answer(await storage.agency.document<AgencyPages>('pages'))))

  app.put('/:page', async (c) => {
    const page = c.req.param('page')
    if (!isPage(page)) return apiError(c, 404, 'not_found', 'Esa página no existe.')
    const checked = pageSaveSchema(page).safeParse(await c.req.json().catch(() => undefined))
    if (!checked.success) return invalidRequest(c, checked.error)
    const { revision, text } = checked.data
    const stored = await storage.agency.document<AgencyPages>('pages')
    const stale = async (now: StoredDocument<AgencyPages>) =>
      apiError(c, 409, 'stale', `${(await answer(now)).updatedBy ?? 'Otra persona'} guardó las páginas mientras editabas. Tu texto sigue aquí: revisa la página en el sitio y vuelve a guardar para reemplazarla.`)
    if (stored.revision !== revision) return stale(stored)
    const next = page === 'privacy' ? { ...text, updated: noticeDate(stored.body.privacy, text as PageText<'privacy'>) } : text
    const saved = await storage.agency.save<AgencyPages>('pages', { ...stored.body, [page]: next }, { revision, by: c.get('account').id })
    if ('conflict' in saved) return stale(saved.conflict)
    await changed()
    return c.json(await answer(saved.saved))
  })
  return app
}
