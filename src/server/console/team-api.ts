/**
 * The agency's team in the console (docs/agency.md#the-team), admins only: read it with its
 * revision, and save it whole. A save is checked with the form's own schema (protocol/team.ts)
 * and then against the accounts (a linked account must exist): a refusal is a 400 with the
 * Spanish message of each field and nothing is stored. A save over someone else's is a 409 with
 * what they saved. A stored team reaches /acerca, the blog, the console's people and the agent
 * through the live catalogue's `changed()` (docs/agency.md#one-mechanism-with-the-catalogue).
 */
import { Hono, type MiddlewareHandler } from 'hono'
import type { ConsoleAccount } from '../../protocol/console'
import { teamSaveSchema, type TeamDocument } from '../../protocol/team'
import { completeMember, type TeamMember } from '../../shared/agency'
import { apiError } from '../api/errors'
import type { Storage } from '../storage'
import type { StoredDocument } from '../storage/agency-repo'
import { valid } from '../validation'

type Env = { Variables: { account: ConsoleAccount } }

export function teamRoutes(storage: Storage, changed: () => Promise<unknown>) {
  const app = new Hono<Env>()
  const adminsOnly: MiddlewareHandler<Env> = async (c, next) => {
    if (c.get('account').role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede hacer esto.')
    await next()
  }
  app.use('*', adminsOnly)

  const answer = async (stored: StoredDocument<TeamMember[]>): Promise<TeamDocument> => ({
    team: stored.body.map(completeMember),
    revision: stored.revision,
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy ? ((await storage.accounts.names([stored.updatedBy])).get(stored.updatedBy) ?? null) : null,
  })

  app.get('/', async (c) => c.json(await answer(await storage.agency.document<TeamMember[]>('team'))))

  app.put('/', valid('json', teamSaveSchema, 'Revisa los datos marcados del equipo.'), async (c) => {
    const { team, revision } = c.req.valid('json')
    const accounts = new Set((await storage.accounts.list()).map((account) => account.id))
    const fields: Record<string, string> = {}
    team.forEach((member, index) => {
      if (member.accountId && !accounts.has(member.accountId)) fields[`team.${index}.accountId`] = 'Esa cuenta ya no existe: elige otra o ninguna.'
    })
    if (Object.keys(fields).length) return apiError(c, 400, 'invalid_request', 'Revisa los datos marcados del equipo.', fields)
    const saved = await storage.agency.save('team', team, { revision, by: c.get('account').id })
    if ('conflict' in saved) {
      return c.json({ error: { code: 'conflict', message: 'Alguien guardó el equipo mientras lo editabas.' }, current: await answer(saved.conflict) }, 409)
    }
    // The site, the people lists and the agent read the new team from the live catalogue.
    await changed()
    return c.json(await answer(saved.saved))
  })
  return app
}
