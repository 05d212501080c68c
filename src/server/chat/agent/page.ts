/**
 * The page the visitor is on (docs/behaviour.md#agent-page), as the widget reports it
 * (navigation-path-chat): a /propiedad/{slug} page puts that property in focus, a development's
 * page (/{residencial}, /{residencial}/casas…) that development. Pure.
 */
import type { Development } from '../../../catalogue/model'
import { parsePropertyPath } from '../../../domain/site-paths'

export interface VisitorPage {
  property: string | null
  development: string | null
}

export function pageOf(path: string | null | undefined, developments: readonly Development[]): VisitorPage {
  const clean = typeof path === 'string' ? path.split(/[?#]/)[0] ?? '' : ''
  const property = parsePropertyPath(clean)
  if (property) return { property, development: null }
  const segments = clean.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  const development = developments.find((d) => d.slug === segments[0])
  return { property: null, development: development && segments.length <= 2 ? development.slug : null }
}
