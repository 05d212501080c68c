import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Every API error has the same JSON shape: { error: { code, message, fields? } }. */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string, fields?: Record<string, string>) {
  return c.json({ error: { code, message, ...(fields ? { fields } : {}) } }, status)
}
