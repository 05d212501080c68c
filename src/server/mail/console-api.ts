/**
 * The outbox in the console (docs/email.md#console), admins only: what waits, what failed and
 * why (in Spanish), what went, and «Reintentar» for a row that waits or failed.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import type { ConsoleAccount } from '../../protocol/console'
import { apiError } from '../api/errors'
import type { MailService } from './index'

type Env = { Variables: { account: ConsoleAccount } }

export function mailRoutes(mail: Pick<MailService, 'overview' | 'retry'>) {
  const app = new Hono<Env>()
  const adminsOnly: MiddlewareHandler<Env> = async (c, next) => {
    if (c.get('account').role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede hacer esto.')
    await next()
  }
  app.use('*', adminsOnly)
  app.get('/', async (c) => c.json(await mail.overview()))
  app.post('/:id/retry', async (c) => {
    const item = await mail.retry(c.req.param('id'))
    return item ? c.json({ item }) : apiError(c, 404, 'not_found', 'Ese correo ya se envió o ya no está en la lista.')
  })
  return app
}
