/**
 * A catalogue form checked in the browser before it is sent, by the very schema the API checks a
 * save with (src/catalogue/schema.ts saveSchema: the kind's rules, and the publish rules when it
 * is to be published), so each Spanish message shows at its field before any request.
 */
import { saveSchema } from '../catalogue/schema'
import { issuesToFields, type FieldErrors } from './catalogue-errors'
import type { AnyRecord, CatalogueKind, Publication } from './catalogue-types'

export function validateRecord(kind: CatalogueKind, record: AnyRecord, publication: Publication): FieldErrors {
  const parsed = saveSchema(kind, { revision: false }).safeParse({ record, publication })
  if (parsed.success) return {}
  // The body's paths start at `record`; the form names fields within the record, as the API's 400 does.
  return issuesToFields(parsed.error.issues.map((issue) => ({ ...issue, path: issue.path[0] === 'record' ? issue.path.slice(1) : issue.path })))
}
