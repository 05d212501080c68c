/**
 * The agency profile in the console (docs/agency.md#profile): anyone signed in reads it (the
 * console's visit hours and title come from it), admins save it whole, naming the revision they
 * read. A refusal is a 400 with the Spanish message of each field and nothing stored; a save
 * over someone else's is a 409 with what is stored now. A saved profile reaches the site, the
 * widget and the agent through the live catalogue (`changed`, docs/agency.md); a new name takes
 * the site's widget settings along (docs/agency.md#widget).
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { ConsoleAccount } from '../../protocol/console'
import type { AgencyProfile } from '../../shared/agency'
import { agencyProfileSchema, brandContrastWarnings, type AgencyProfileAnswer } from '../../shared/agency-profile'
import type { SettingsIssue } from '../../shared/widget-settings'
import { apiError } from '../api/errors'
import type { PhotoStore } from '../media/store'
import type { Storage } from '../storage'
import type { StoredDocument } from '../storage/agency-repo'
import { invalidRequest, valid } from '../validation'

type Env = { Variables: { account: ConsoleAccount } }

export const LOGO_MISSING = 'Ese logo no está entre las fotos subidas: súbelo otra vez.'
export const PROFILE_STALE = 'Otra persona guardó el perfil de la agencia mientras lo editabas. Lo que escribiste sigue aquí; «Cargar la versión guardada» muestra lo de ahora.'

/** The profile is checked on its own, so each field's message is keyed by its path in the profile (`hours.6`). */
const saveSchema = z.object({ profile: z.unknown(), revision: z.number('Falta la versión que editabas.').int().min(0) }).strict()

/**
 * A rename whose new name already had widget settings: the site's chat now shows those, and the
 * old name's stay listed in «Ajustes del chat» (docs/agency.md#widget).
 */
export const settingsKeptWarning = (from: string, to: string) =>
  `Ya había ajustes del chat guardados con el nombre «${to}»: el chat del sitio usa esos desde ahora. Los que tenía «${from}» siguen guardados con ese nombre en «Ajustes del chat».`

const answer = (stored: StoredDocument<AgencyProfile>, more: SettingsIssue[] = []): AgencyProfileAnswer => ({
  ...stored,
  warnings: [...brandContrastWarnings(stored.body.colors), ...more],
})

export function agencyRoutes(options: { storage: Pick<Storage, 'agency' | 'agencyTransaction'>; photos: Pick<PhotoStore, 'has'>; changed: () => Promise<unknown> }) {
  const app = new Hono<Env>()
  const { agency } = options.storage
  const adminsOnly: MiddlewareHandler<Env> = async (c, next) => {
    if (c.get('account').role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede cambiar el perfil de la agencia.')
    await next()
  }

  app.get('/profile', async (c) => c.json(answer(await agency.document<AgencyProfile>('profile'))))
  app.put('/profile', adminsOnly, valid('json', saveSchema), async (c) => {
    const { revision } = c.req.valid('json')
    const checked = agencyProfileSchema.safeParse(c.req.valid('json').profile)
    if (!checked.success) return invalidRequest(c, checked.error)
    const profile = checked.data
    // The schema checked the logo's shape; an uploaded one must also be in the photo store.
    const photo = profile.logo?.startsWith('/photos/') ? profile.logo.slice('/photos/'.length) : null
    if (photo && !(await options.photos.has(photo))) return apiError(c, 400, 'invalid_request', LOGO_MISSING, { logo: LOGO_MISSING })
    // The site's widget is the agency's name (its instance): a new name takes the saved settings
    // along, in the same transaction as the profile, so the chat keeps its look (docs/agency.md#widget).
    const { result, renamed } = await options.storage.agencyTransaction(async (tx) => {
      const before = (await tx.agency.document<AgencyProfile>('profile')).body.name
      const result = await tx.agency.save('profile', profile, { revision, by: c.get('account').id })
      const renamed = 'saved' in result && before !== profile.name ? { from: before, to: profile.name, settings: await tx.settings.rename(before, profile.name) } : null
      return { result, renamed }
    })
    if ('conflict' in result) return c.json({ error: { code: 'stale', message: PROFILE_STALE }, current: answer(result.conflict) }, 409)
    await options.changed()
    const kept = renamed?.settings === 'kept' ? [{ field: 'name', message: settingsKeptWarning(renamed.from, renamed.to) }] : []
    return c.json(answer(result.saved, kept))
  })
  return app
}
