/**
 * The one way a route checks what it is sent (docs/server.md#validation): a zod schema in front of
 * the handler, which reads the checked value with `c.req.valid(target)`. A refusal is the
 * server's one error shape (api/errors.ts): 400 `invalid_request`, a Spanish message and the
 * message of each invalid field. Every router (/api, /consola/api, /_forms) uses this.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { z, ZodType } from 'zod'
import { issuesToFields } from '../shared/field-errors'
import { apiError } from './api/errors'

/** The headline of a refusal when a route gives none and no field has a message. */
export const REQUEST_INVALID = 'La solicitud no es válida.'

export type ValidationTarget = 'json' | 'query' | 'param'

/**
 * 400 with the message of each invalid field; the headline is `message` when the route has one
 * (the public API's fixed «La solicitud no es válida.»), else the first field's own message,
 * which the console shows as it is.
 */
export function invalidRequest(c: Context, error: z.ZodError, message?: string) {
  return apiError(c, 400, 'invalid_request', message ?? error.issues[0]?.message ?? REQUEST_INVALID, issuesToFields(error.issues))
}

/**
 * What each target holds: the JSON body (anything unreadable is no value, and the schema says
 * what was expected), the query string (a repeated parameter, `amenidades=a&amenidades=b`, as an
 * array, a single one as a string), the path parameters.
 */
const readers: Record<ValidationTarget, (c: Context) => unknown> = {
  json: (c) => c.req.json().catch(() => undefined),
  query: (c) => Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values])),
  param: (c) => c.req.param(),
}

/** What `valid(target, schema)` gives the handlers after it (to type a handler written apart from its route). */
export type Validated<Target extends ValidationTarget, Schema extends ZodType> = {
  in: { [K in Target]: z.input<Schema> }
  out: { [K in Target]: z.output<Schema> }
}

/** Middleware: `target` must match `schema`, or the request ends in a 400 (see invalidRequest). */
// Any Env: the check depends on none of a router's variables.
export function valid<Target extends ValidationTarget, Schema extends ZodType>(target: Target, schema: Schema, message?: string): MiddlewareHandler<any, string, Validated<Target, Schema>> {
  return async (c, next) => {
    const result = schema.safeParse(await readers[target](c as unknown as Context))
    if (!result.success) return invalidRequest(c as unknown as Context, result.error, message)
    c.req.addValidatedData(target, result.data as object)
    await next()
  }
}
