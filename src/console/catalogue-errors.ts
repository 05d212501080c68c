/**
 * Field errors of a catalogue form (docs/console.md#catalogue): a flat map from a field's path
 * (`price.amount`, `images.2.alt`), as the shared schema and the API's 400 both name it, to its
 * Spanish message, so each message shows at its field.
 */
import type { FieldErrors } from '../shared/field-errors'
import { ApiError } from './api'

export { issuesToFields, type FieldErrors } from '../shared/field-errors'

/** The server's field errors of a 400, or none. */
export const serverFields = (failure: unknown): FieldErrors => (failure instanceof ApiError && failure.fields ? failure.fields : {})

/** Whether the save was refused because someone else saved first (409 stale). */
export const isStale = (failure: unknown) => failure instanceof ApiError && failure.status === 409

/** The error of a field or of anything under it (a photo's alt under `images`), for a group's summary. */
export const errorUnder = (fields: FieldErrors, name: string): string | undefined =>
  fields[name] ?? Object.entries(fields).find(([path]) => path.startsWith(`${name}.`))?.[1]

/** A summary for the form's alert: how many fields need a look. */
export function fieldsSummary(fields: FieldErrors): string {
  const count = Object.keys(fields).length
  return count === 1 ? 'Revisa el campo marcado.' : `Revisa los ${count} campos marcados.`
}
