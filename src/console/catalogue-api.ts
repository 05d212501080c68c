/**
 * The console's calls to the catalogue's edit API (/consola/api/catalogue, docs/catalogue.md) and
 * the photo upload (/consola/api/photos, docs/photos.md). Screens read through queries.ts.
 */
import type { PhotoUploadAnswer, PhotoUploadResult } from '../protocol/photos'
import { PHOTOS_API_PATH } from '../protocol/photos'
import { CONSOLE_API_PATH } from '../protocol/console'
import { request } from './api'
import { filterParams, type CatalogueFilters } from './catalogue-filters'
import type { CatalogueChoices, CatalogueKind, CatalogueRecord, Editable, EditablePage, HistoryEntry, Publication, QuickChangeRequest } from './catalogue-types'

const base = (kind: CatalogueKind) => `/catalogue/${kind}`
const one = (kind: CatalogueKind, key: string) => `${base(kind)}/${encodeURIComponent(key)}`

export const catalogueApi = {
  list: <K extends CatalogueKind>(kind: K, filters: CatalogueFilters, page: number) =>
    request<EditablePage<CatalogueRecord<K>>>(`${base(kind)}?${filterParams(filters, page)}`),
  get: <K extends CatalogueKind>(kind: K, key: string) => request<Editable<CatalogueRecord<K>>>(one(kind, key)),
  create: <K extends CatalogueKind>(kind: K, record: unknown, publication: Publication) =>
    request<Editable<CatalogueRecord<K>>>(base(kind), { method: 'POST', body: { record, publication } }),
  save: <K extends CatalogueKind>(kind: K, key: string, record: unknown, publication: Publication, revision: number) =>
    request<Editable<CatalogueRecord<K>>>(one(kind, key), { method: 'PUT', body: { record, publication, revision } }),
  /** A property's status or price from the list, in one step. */
  quickChange: (id: string, change: QuickChangeRequest) => request<Editable<CatalogueRecord<'properties'>>>(one('properties', id), { method: 'PATCH', body: change }),
  duplicate: <K extends CatalogueKind>(kind: K, key: string) => request<Editable<CatalogueRecord<K>>>(`${one(kind, key)}/duplicate`, { method: 'POST' }),
  archive: <K extends CatalogueKind>(kind: K, key: string) => request<Editable<CatalogueRecord<K>>>(`${one(kind, key)}/archive`, { method: 'POST' }),
  /** The zones and developments the forms and filters offer (drafts included). */
  choices: () => request<CatalogueChoices>('/catalogue/zones-and-developments'),
  history: (kind: CatalogueKind, key: string) => request<{ items: HistoryEntry[] }>(`${one(kind, key)}/history`),
  /** The page the site would show from the saved draft, opened in a new tab. */
  previewUrl: (kind: CatalogueKind, key: string) => `${CONSOLE_API_PATH}${one(kind, key)}/preview`,
}

/** What the server's Spanish refusal of a whole upload request (413, 503) or a lost connection becomes. */
const UPLOAD_FAILED = 'No se pudo subir la foto. Revisa tu conexión e intenta de nuevo.'

/**
 * One photo sent on its own request, so it has its own progress bar and its own retry.
 * XMLHttpRequest, not fetch: only its upload reports progress in every browser.
 */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<PhotoUploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    const body = new FormData()
    body.append('foto', file, file.name)
    xhr.open('POST', PHOTOS_API_PATH)
    xhr.withCredentials = true
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    const failed = (error: string) => resolve({ ok: false, name: file.name, error })
    xhr.onload = () => {
      const answer = xhr.response as (PhotoUploadAnswer & { error?: { message?: string } }) | null
      const result = answer?.results?.[0]
      if (xhr.status >= 200 && xhr.status < 300 && result) resolve(result)
      else failed(answer?.error?.message ?? UPLOAD_FAILED)
    }
    xhr.onerror = () => failed(UPLOAD_FAILED)
    xhr.onabort = () => failed('Se canceló la subida.')
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}
