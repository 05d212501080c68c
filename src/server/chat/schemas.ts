import { z, type ZodSafeParseResult, type ZodType } from 'zod'
import { MAX_ATTRIBUTION_JSON } from '../../domain/attribution-record'
import { withinShape } from './payload-shape'

/** Payload schemas of the client -> server events (docs/behaviour.md#protocol). Anything else is refused. */

export const MESSAGE_MAX_CHARS = 2000 // the widget's limit too (constants.ts)
const ID_MAX_CHARS = 100
/** JSON size of a free-form object (utms, session info): the attribution record (utms) is the largest. */
const RECORD_MAX_JSON = MAX_ATTRIBUTION_JSON

const id = z.string().min(1).max(ID_MAX_CHARS)
const boundedRecord = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= RECORD_MAX_JSON, 'demasiado grande')

export const connectedChatSchema = z.object({ userUUID: id, agentId: id.optional() })

export const sendChatMessageSchema = z.object({
  userUUID: id,
  message: z
    .string()
    .max(MESSAGE_MAX_CHARS * 4) // a cheap first cut before trimming
    .transform((text) => text.trim())
    .pipe(z.string().min(1, 'El mensaje está vacío.').max(MESSAGE_MAX_CHARS, `El mensaje es demasiado largo (máximo ${MESSAGE_MAX_CHARS} caracteres).`)),
  agentId: id,
  api_key: z.string().max(200).optional(),
  utms: boundedRecord.optional(),
  clientMessageId: id.optional(),
})

export const typingUserStateSchema = z.boolean()

export const navigationPathSchema = z.object({
  urlPath: z.string().min(1).max(2048),
  time: z.iso.datetime({ offset: true }).optional(),
  clientId: id,
  instance: z.string().max(200).optional(),
  utms: boundedRecord.optional(),
})

export const getCustomWidgetSchema = z.object({ instance: z.string().min(1).max(200) })

export const metricsSchema = boundedRecord.and(z.object({ idClient: id }))

/** The first message of a failed validation, for the Spanish notice. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Mensaje no válido.'
}

/** The check of each payload object: a payload stays the same object for every listener of its event. */
const checkedPayloads = new WeakMap<object, { schema: ZodType; result: ZodSafeParseResult<unknown> | null }>()

/**
 * A payload's shape checked before anything walks it (payload-shape.ts), then
 * `schema.safeParse(payload)`; null when its shape is refused. Once per payload object: the chat
 * namespace and the console's live list both read a visitor's events (a message is checked once,
 * not once per listener).
 */
export function checkPayload<T>(schema: ZodType<T>, payload: unknown): ZodSafeParseResult<T> | null {
  if (typeof payload !== 'object' || payload === null) return schema.safeParse(payload) // a scalar has no shape to refuse
  const checked = checkedPayloads.get(payload)
  if (checked?.schema === schema) return checked.result as ZodSafeParseResult<T> | null
  const result = withinShape(payload) ? schema.safeParse(payload) : null
  checkedPayloads.set(payload, { schema, result })
  return result
}
