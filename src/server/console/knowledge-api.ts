/**
 * The agent's knowledge base in the console (docs/knowledge.md#console), admins only: list, add,
 * edit and remove entries, and read the visitors' questions nothing answered. An entry is checked
 * with the form's own schema (protocol/knowledge.ts): a refusal is a 400 with the message of each
 * field, and nothing is stored. A stored change reaches the agent by the repository's listeners.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import type { ConsoleAccount } from '../../protocol/console'
import { knowledgeInputSchema } from '../../protocol/knowledge'
import { apiError } from '../api/errors'
import { BUILT_IN_INTENTS } from '../chat/agent/acts/builtin'
import { knowledgeName } from '../chat/agent/acts/knowledge'
import type { Storage } from '../storage'
import { valid } from '../validation'

type Env = { Variables: { account: ConsoleAccount } }

const FOLDER_NAMES = BUILT_IN_INTENTS.map((entry) => entry.name)

export function knowledgeRoutes(storage: Storage) {
  const app = new Hono<Env>()
  const knowledge = storage.knowledge
  const adminsOnly: MiddlewareHandler<Env> = async (c, next) => {
    if (c.get('account').role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede hacer esto.')
    await next()
  }
  const notFound = (c: Parameters<MiddlewareHandler>[0]) => apiError(c, 404, 'not_found', 'Esa entrada ya no existe.')
  app.use('*', adminsOnly)

  app.get('/', async (c) => c.json({ items: await knowledge.list() }))
  app.get('/unmatched', async (c) => c.json({ items: await knowledge.unmatched() }))
  app.post('/', valid('json', knowledgeInputSchema), async (c) => {
    const input = c.req.valid('json')
    // Taken by another admin at the same moment: the next free name.
    for (let attempt = 0; attempt < 3; attempt++) {
      const name = knowledgeName(input.title, new Set([...FOLDER_NAMES, ...(await knowledge.names())]))
      const entry = await knowledge.create(name, input)
      if (entry) return c.json({ entry }, 201)
    }
    return apiError(c, 409, 'conflict', 'No se pudo guardar la entrada; inténtalo de nuevo.')
  })
  app.put('/:name', valid('json', knowledgeInputSchema), async (c) => {
    const entry = await knowledge.update(c.req.param('name'), c.req.valid('json'))
    return entry ? c.json({ entry }) : notFound(c)
  })
  app.delete('/:name', async (c) => ((await knowledge.remove(c.req.param('name'))) ? c.json({ ok: true }) : notFound(c)))
  return app
}
