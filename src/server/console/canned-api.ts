/**
 * The team's canned replies in the console (docs/console.md#canned-replies), for every signed-in
 * person. Who sees and changes which:
 * - a personal reply is its author's only: nobody else lists, uses, changes or deletes it (to
 *   anyone else it does not exist: 404);
 * - a shared reply is listed and used by everyone, and changed or deleted by its author and by
 *   admins (anyone else: 403); only its author makes it personal again.
 * A reply is checked with the form's own schema (protocol/canned.ts), then its properties against
 * the published catalogue: a refusal is a 400 with the Spanish message of each field and nothing is
 * stored. `fill` makes a reply ready for one conversation: its variables from what the console
 * knows of it (src/shared/reply-variables.ts), its cards in the automated agent's format.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { Property } from '../../catalogue/model'
import { agencyDay } from '../../domain/agency-clock'
import { parsePropertyPath } from '../../domain/site-paths'
import { CANNED_LIMITS, cannedReplyInputSchema, type CannedFill, type CannedReply, type CannedReplyInput } from '../../protocol/canned'
import type { ConsoleAccount } from '../../protocol/console'
import type { TextLanguage } from '../../shared/agency-placeholders'
import { fillReplyVariables, type ReplyValues } from '../../shared/reply-variables'
import { apiError } from '../api/errors'
import { listingPrice, namesOf, propertyCard, propertyUrl, siteBase } from '../chat/agent/cards'
import { agencyCalendar, formatSlot, nextFreeSlot } from '../chat/agent/schedule'
import type { Pipeline } from '../crm'
import type { Storage } from '../storage'
import type { StoredCannedReply } from '../storage/canned-replies-repo'
import { valid } from '../validation'

type Env = { Variables: { account: ConsoleAccount } }

export interface CannedApiOptions {
  storage: Storage
  /** The visits booked, for {proxima-visita}. */
  visits: Pipeline['visits']
  siteUrl: () => string
  now?: () => Date
}

const INVALID = 'Revisa los datos marcados de la respuesta.'
const NOT_FOUND = 'Esa respuesta ya no existe.'
const UNPUBLISHED = 'Esa propiedad ya no está publicada: quítala de la respuesta.'

const fillSchema = z.object({
  visitorId: z.string('Falta la conversación.').min(1, 'Falta la conversación.').max(200),
  /** The page the visitor has on screen now, as the console's live list shows it (none: off the site). */
  page: z.string().max(300).optional(),
})

const canSee = (reply: StoredCannedReply, account: ConsoleAccount) => reply.shared || reply.authorId === account.id
const canEdit = (reply: StoredCannedReply, account: ConsoleAccount) => reply.authorId === account.id || (reply.shared && account.role === 'admin')

/** What a filled reply's cards and variables read from the catalogue: the properties by id, the names of zones. */
async function byIds(storage: Storage, ids: readonly string[]): Promise<Map<string, Property>> {
  return new Map((await storage.catalogue.propertiesByIds(ids)).map((property) => [property.id, property]))
}

export function cannedRoutes(options: CannedApiOptions) {
  const { storage } = options
  const replies = storage.cannedReplies
  const now = options.now ?? (() => new Date())
  const app = new Hono<Env>()

  /** The reply `id` as `account` may use it: undefined (a 404 answered) when it does not exist for them. */
  const visible = async (c: Context<Env>, id: string) => {
    const reply = await replies.byId(id)
    return reply && canSee(reply, c.get('account')) ? reply : undefined
  }

  /** The properties of `input` that are not published, as field errors by their place in the list. */
  const unpublished = async (input: CannedReplyInput): Promise<Record<string, string> | null> => {
    const found = await byIds(storage, input.listings)
    const fields = Object.fromEntries(input.listings.flatMap((id, index) => (found.has(id) ? [] : [[`listings.${index}`, UNPUBLISHED]])))
    return Object.keys(fields).length ? fields : null
  }

  /** Stored replies as `account` sees them: authors by name, cards by title. */
  const shown = async (list: StoredCannedReply[], account: ConsoleAccount): Promise<CannedReply[]> => {
    const [names, properties] = await Promise.all([
      storage.accounts.names([...new Set(list.map((reply) => reply.authorId))]),
      byIds(storage, [...new Set(list.flatMap((reply) => reply.listings))]),
    ])
    return list.map(({ authorId, listings, ...reply }) => ({
      ...reply,
      listings: listings.map((id) => ({ id, title: properties.get(id)?.title ?? null })),
      authorId,
      authorName: names.get(authorId) ?? 'Cuenta eliminada',
      canEdit: canEdit({ authorId, listings, ...reply }, account),
    }))
  }
  const one = async (reply: StoredCannedReply, account: ConsoleAccount) => (await shown([reply], account))[0]!

  app.get('/', async (c) => {
    const account = c.get('account')
    return c.json({ items: await shown(await replies.visibleTo(account.id), account) })
  })

  app.post('/', valid('json', cannedReplyInputSchema, INVALID), async (c) => {
    const input = c.req.valid('json')
    const fields = await unpublished(input)
    if (fields) return apiError(c, 400, 'invalid_request', INVALID, fields)
    if ((await replies.count()) >= CANNED_LIMITS.replies) {
      return apiError(c, 409, 'too_many', `El equipo ya tiene ${CANNED_LIMITS.replies} respuestas guardadas: elimina alguna antes de agregar otra.`)
    }
    const account = c.get('account')
    return c.json({ reply: await one(await replies.create(input, account.id), account) }, 201)
  })

  app.put('/:id', valid('json', cannedReplyInputSchema, INVALID), async (c) => {
    const account = c.get('account')
    const reply = await visible(c, c.req.param('id'))
    if (!reply) return apiError(c, 404, 'not_found', NOT_FOUND)
    if (!canEdit(reply, account)) return apiError(c, 403, 'not_allowed', 'Solo su autor o un administrador puede cambiar una respuesta compartida.')
    const input = c.req.valid('json')
    // An admin's «personal» would hand the reply back to its author alone, out of the admin's sight.
    if (!input.shared && reply.authorId !== account.id) return apiError(c, 400, 'invalid_request', INVALID, { shared: 'Solo su autor puede hacerla personal.' })
    const fields = await unpublished(input)
    if (fields) return apiError(c, 400, 'invalid_request', INVALID, fields)
    const saved = await replies.update(reply.id, input, account.id)
    return saved ? c.json({ reply: await one(saved, account) }) : apiError(c, 404, 'not_found', NOT_FOUND)
  })

  app.delete('/:id', async (c) => {
    const reply = await visible(c, c.req.param('id'))
    if (!reply) return apiError(c, 404, 'not_found', NOT_FOUND)
    if (!canEdit(reply, c.get('account'))) return apiError(c, 403, 'not_allowed', 'Solo su autor o un administrador puede eliminar una respuesta compartida.')
    return (await replies.remove(reply.id)) ? c.json({ ok: true }) : apiError(c, 404, 'not_found', NOT_FOUND)
  })

  app.get('/:id/fill', valid('query', fillSchema), async (c) => {
    const reply = await visible(c, c.req.param('id'))
    if (!reply) return apiError(c, 404, 'not_found', NOT_FOUND)
    const { visitorId, page } = c.req.valid('query')
    const at = now()
    const slug = page ? parsePropertyPath(page) : null
    const [values, properties, zones, developments] = await Promise.all([
      conversationValues(c.get('account'), visitorId, slug, reply.language, at),
      byIds(storage, reply.listings),
      storage.catalogue.zones(),
      storage.catalogue.developments(),
    ])
    const base = siteBase(options.siteUrl())
    const names = namesOf(zones, developments)
    const cards = reply.listings.flatMap((id) => {
      const property = properties.get(id)
      return property ? [propertyCard(property, base, names, { language: reply.language })] : []
    })
    const filled = fillReplyVariables(reply.text, values)
    return c.json({ text: filled.text, cards, missing: filled.missing, unpublished: reply.listings.length - cards.length } satisfies CannedFill)
  })

  /** Each variable's value in one conversation, in the reply's language; a variable it has none for is absent. */
  async function conversationValues(account: ConsoleAccount, visitorId: string, slug: string | null, language: TextLanguage, at: Date): Promise<ReplyValues> {
    const [flags, agency, visits, property] = await Promise.all([
      storage.console.flags(visitorId),
      storage.agency.current(),
      options.visits.list({ from: agencyDay(at) }),
      slug ? storage.catalogue.propertyBySlug(slug) : null,
    ])
    const contactName = flags.contact?.name
    const name = typeof contactName === 'string' && contactName.trim() ? contactName : await storage.console.visitorName(visitorId)
    const booked = visits.filter((visit) => visit.status !== 'cancelada').map((visit) => new Date(visit.at))
    const slot = nextFreeSlot(at, agencyCalendar(agency.profile), booked)
    // The person as the team names them (console/api.ts /people): their member's name, else their account's.
    const member = agency.team.find((m) => m.accountId === account.id)
    const values: ReplyValues = { asesor: member?.name ?? account.name }
    if (name) values.nombre = name
    if (slot) values['proxima-visita'] = formatSlot(slot, at, language)
    if (property) {
      values.propiedad = property.title
      values.enlace = propertyUrl(siteBase(options.siteUrl()), property.slug)
      values.precio = listingPrice(property.price, property.operation, language)
    }
    return values
  }

  return app
}
