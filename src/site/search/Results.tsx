import type { MouseEvent } from 'react'
import { formatCount } from '../../catalogue/format'
import { PropertyGrid } from '../components/PropertyCard'
import type { SearchResults } from './api'
import { searchHref, wideningSuggestions, type SearchQuery } from './query'

/** A same-tab left click on one of the screen's own links: handled in place (the href still works without JS). */
export type LinkHandler = (event: MouseEvent<HTMLAnchorElement>, query: SearchQuery) => void

/** Page numbers to show: all of them up to 7, else the first, the last and the neighbours of the current one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1)
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b)
  const out: (number | null)[] = []
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1) out.push(null)
    out.push(n)
  })
  return out
}

export function Pagination({ query, page, pages, onLink }: { query: SearchQuery; page: number; pages: number; onLink: LinkHandler }) {
  if (pages <= 1) return null
  const to = (n: number) => ({ ...query, pagina: n })
  const link = (n: number, label: string, rel?: string) => (
    <a href={searchHref(to(n))} rel={rel} onClick={(e) => onLink(e, to(n))}>
      {label}
    </a>
  )
  return (
    <nav className="pagination" aria-label="Páginas de resultados">
      <ul>
        <li>{page > 1 ? link(page - 1, 'Anterior', 'prev') : <span aria-disabled="true">Anterior</span>}</li>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">{n}</span>
              ) : (
                <a href={searchHref(to(n))} aria-label={`Página ${n}`} onClick={(e) => onLink(e, to(n))}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        <li>{page < pages ? link(page + 1, 'Siguiente', 'next') : <span aria-disabled="true">Siguiente</span>}</li>
      </ul>
    </nav>
  )
}

export function EmptyState({ query, onLink }: { query: SearchQuery; onLink: LinkHandler }) {
  return (
    <div className="search-empty">
      <h3>No encontramos propiedades con esta búsqueda</h3>
      <p>Prueba a ampliarla:</p>
      <ul className="search-empty__links">
        {wideningSuggestions(query).map((w) => (
          <li key={w.label}>
            <a href={searchHref(w.query)} onClick={(e) => onLink(e, w.query)}>
              {w.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const countText = (total: number) => formatCount(total, 'propiedad', 'propiedades')

export function ResultList({ query, results, onLink }: { query: SearchQuery; results: SearchResults; onLink: LinkHandler }) {
  if (results.total === 0) return <EmptyState query={query} onLink={onLink} />
  if (results.items.length === 0) {
    return (
      <div className="search-empty">
        <h3>Esta página no tiene resultados</h3>
        <p>
          <a href={searchHref({ ...query, pagina: 1 })} onClick={(e) => onLink(e, { ...query, pagina: 1 })}>
            Ir a la primera página
          </a>
        </p>
      </div>
    )
  }
  return (
    <>
      <PropertyGrid items={results.items} priorityFirst />
      <Pagination query={query} page={results.page} pages={results.pages} onLink={onLink} />
    </>
  )
}
