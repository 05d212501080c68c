/**
 * The agency profile in the console (docs/agency.md#profile): anyone signed in reads it (the
 * console's visit hours and title come from it), admins save it whole, naming the revision they
 * read. A refusal is a 400 with the Spanish message of each field and nothing stored; a save
 * over someone else's is a 409 with what is stored now. A saved profile reaches the site, the
 * widget and the agent through the live catalogue (`changed`, docs/agency.md).
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { ConsoleAccount } from '../../protocol/console'
import type { AgencyProfile } from '../../shared/agency'
import { agencyProfileSchema, brandContrastWarnings, type AgencyProfileAnswer } from '../../shared/agency-profile'
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

const answer = (stored: StoredDocument<AgencyProfile>): AgencyProfileAnswer => ({ ...stored, warnings: brandContrastWarnings(stored.body.colors) })

export function agencyRoutes(options: { storage: Pick<Storage, 'agency'>; photos: Pick<PhotoStore, 'has'>; changed: () => Promise<unknown> }) {
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
    const result = await agency.save('profile', profile, { revision, by: c.get('account').id })
    if ('conflict' in result) return c.json({ error: { code: 'stale', message: PROFILE_STALE }, current: answer(result.conflict) }, 409)
    await options.changed()
    return c.json(answer(result.saved))
  })
  return app
}
