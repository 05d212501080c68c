/**
 * A catalogue form checked in the browser before it is sent, with the schema the API uses
 * (src/catalogue/schema.ts), so a person sees each Spanish message at its field at once.
 */
import type { ImageAsset } from '../catalogue/model'
import { altErrors } from './catalogue-photos'
import type { FieldErrors } from './catalogue-errors'
import type { AnyRecord, CatalogueKind, Publication } from './catalogue-types'

/** The photos that need an alt text before publishing, by their field. */
function photoFields(kind: CatalogueKind, record: AnyRecord): [string, ImageAsset[]][] {
  const r = record as unknown as Record<string, unknown>
  if (kind === 'properties' || kind === 'developments') return [['images', r.images as ImageAsset[]]]
  return []
}

export function validateRecord(kind: CatalogueKind, record: AnyRecord, publication: Publication): FieldErrors {
  const fields: FieldErrors = {}
  if (publication === 'publicada') for (const [name, images] of photoFields(kind, record)) Object.assign(fields, altErrors(name, images))
  return fields
}
