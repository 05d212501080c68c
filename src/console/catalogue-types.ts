/**
 * The catalogue's wire shapes as the console uses them: the edit API's own types
 * (src/protocol/catalogue.ts), with a record picked by its kind.
 */
import type { CatalogueKind, CatalogueRecords } from '../protocol/catalogue'

export type { CatalogueChoices, CatalogueKind, Editable, EditablePage, HistoryEntry, Publication, QuickChangeRequest } from '../protocol/catalogue'
export type CatalogueRecord<K extends CatalogueKind> = CatalogueRecords[K]
export type AnyRecord = CatalogueRecords[CatalogueKind]
