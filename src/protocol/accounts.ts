/**
 * What a person may change of a console account (docs/behaviour.md#console-accounts), checked with
 * these schemas by the console's forms before sending and by the server alike, so each field's
 * Spanish message is the same on both sides (src/shared/field-errors.ts keys them by field):
 * one's own displayed name and photo in «Mi cuenta», another account's name (and an adviser's
 * permission to publish) in «Cuentas».
 */
import { z } from 'zod'
import { imageSchema } from '../catalogue/schema'
import { ACCOUNT_LIMITS } from './console'

/** The name colleagues and visitors read: in the console, in «Ana está escribiendo» and in the chat's notices. */
export const accountNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Escribe el nombre.' : 'El nombre debe ser texto.') })
  .trim()
  .min(1, 'Escribe el nombre.')
  .max(ACCOUNT_LIMITS.name, `El nombre admite hasta ${ACCOUNT_LIMITS.name} caracteres.`)

/** A person's photo: an upload of the photo pipeline (docs/photos.md), never a demo image or another site's. */
const photoSchema = imageSchema.shape.src.refine((src) => src.startsWith('/photos/'), 'Sube la foto desde la consola.')

/** «Mi cuenta»: the displayed name and photo (null: none), sent whole. */
export const profileSchema = z.object({ name: accountNameSchema, photo: photoSchema.nullable().default(null) }).strict()
export type ProfileChange = z.output<typeof profileSchema>

/** «Cuentas» (admins): another account's name, or whether an adviser may publish (docs/catalogue.md#permissions). */
export const accountChangeSchema = z
  .object({ name: accountNameSchema.optional(), canPublish: z.boolean('Puede publicar: sí o no.').optional() })
  .strict()
  .refine((change) => change.name !== undefined || change.canPublish !== undefined, 'Indica el nombre nuevo o si puede publicar.')
export type AccountChangeRequest = z.output<typeof accountChangeSchema>

/** The key of a photo path (`/photos/<key>`): what the photo store knows it by. */
export const photoKey = (path: string) => path.slice('/photos/'.length)
