import type { ErrorPageKind } from '../../../domain/site-paths'
import type { SiteIdentity } from '../../../shared/agency'
import type { PagePayload } from '../../data/payload'

/** What a search result or a shared link shows for an error page (its description). */
const DESCRIPTIONS = {
  404: 'La página que buscas no existe o cambió de dirección.',
  500: 'Ocurrió un error al mostrar esta página.',
} as const

export interface ErrorData { status: 404 | 500; kind: ErrorPageKind; path: string }

/** The payload of an error page (the two 404s and any other error): built where the error happens, not from the catalogue. */
export function errorPayload(kind: ErrorPageKind, path: string, site: SiteIdentity): PagePayload<ErrorData> {
  const status = kind === 'error' ? 500 : 404
  return {
    screen: 'error',
    params: {},
    path,
    head: { title: status === 404 ? 'No se pudo encontrar esta página' : 'A ocurrido un error', description: DESCRIPTIONS[status], canonicalPath: path, noindex: true },
    data: { status, kind, path },
    site,
  }
}
