/**
 * /buscar-propiedades: filters kept in the URL query (Spanish names, see search/query.ts),
 * results from GET /api/properties with pagination.
 *
 * The first render (server render and hydration) is the payload's empty search, identical on both
 * sides; the URL is read in an effect. Afterwards the screen follows the URL: its own searches
 * push an entry, and whatever else changes the query of this path (back/forward, the site
 * router re-rendering the same screen for another query) is picked up after the next render.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import type { ScreenProps } from '../props'
import type { SearchData } from './page'
import { PageHeading } from '../../components/PageHeading'
import { SEARCH_PAGE_SIZE, SearchError, fetchResults, type SearchResults } from '../../search/api'
import { SEARCH_PATH, parseSearchQuery, searchHref, serializeSearchQuery, type SearchQuery } from '../../search/query'
import { ResultList, countText } from '../../search/Results'
import { SearchForm } from '../../search/SearchForm'
import '../../search/search.css'

type Status = 'idle' | 'loading' | 'error'

export default function Search({ payload }: ScreenProps<SearchData>) {
  const { total, items, places } = payload.data
  const initial = useRef<SearchResults>({ items, total, page: 1, pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)) }).current
  const [query, setQuery] = useState<SearchQuery>({})
  const [results, setResults] = useState<SearchResults>(initial)
  const [status, setStatus] = useState<Status>('idle')
  const [errorText, setErrorText] = useState('')
  /** Bumped when the query comes from outside the form, to remount it with the new values. */
  const [formVersion, setFormVersion] = useState(0)
  /** The canonical query string the screen shows (or is loading); '' is the payload's search. */
  const shown = useRef('')
  const request = useRef<AbortController | null>(null)
  const resultsRef = useRef<HTMLHeadingElement>(null)

  const load = useCallback(
    (next: SearchQuery) => {
      request.current?.abort()
      request.current = null
      setQuery(next)
      if (!serializeSearchQuery(next)) {
        setResults(initial)
        setStatus('idle')
        return
      }
      const controller = new AbortController()
      request.current = controller
      setStatus('loading')
      fetchResults(next, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return
          setResults(found)
          setStatus('idle')
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          setErrorText(
            error instanceof SearchError && error.status === 400
              ? `La búsqueda no es válida: ${error.message}`
              : 'No pudimos cargar los resultados. Revisa tu conexión e inténtalo de nuevo.',
          )
          setStatus('error')
        },
      )
    },
    [initial],
  )

  /** Show the search of the current URL, unless it is already shown. */
  const followLocation = useCallback(() => {
    if (location.pathname !== SEARCH_PATH) return
    const next = parseSearchQuery(location.search, places)
    const key = serializeSearchQuery(next)
    if (key === shown.current) return
    shown.current = key
    setFormVersion((v) => v + 1)
    load(next)
  }, [load, places])

  // After every render: the router re-renders this screen when only the query of the path changed.
  useEffect(() => followLocation())
  useEffect(() => {
    window.addEventListener('popstate', followLocation)
    return () => {
      window.removeEventListener('popstate', followLocation)
      request.current?.abort()
    }
  }, [followLocation])

  /** A search of the screen's own: a new history entry (when it differs), then the results. */
  const search = useCallback(
    (next: SearchQuery) => {
      const key = serializeSearchQuery(next)
      if (key !== shown.current) {
        history.replaceState({ ...(history.state ?? {}), scrollY: window.scrollY }, '')
        history.pushState({ scrollY: 0 }, '', searchHref(next))
        shown.current = key
      }
      load(parseSearchQuery(key, places))
    },
    [load, places],
  )

  const onLink = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, next: SearchQuery) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      search(next)
      setFormVersion((v) => v + 1) // the form shows the link's filters
      // Pagination and widening links: the reader continues at the top of the new results.
      resultsRef.current?.focus({ preventScroll: true })
      resultsRef.current?.scrollIntoView({ block: 'start' })
    },
    [search],
  )

  const loading = status === 'loading'
  let summary: string
  if (loading) summary = 'Buscando propiedades…'
  else if (status === 'error') summary = 'No se pudieron cargar los resultados'
  else summary = `${countText(results.total)}${results.pages > 1 && results.items.length ? ` · página ${results.page} de ${results.pages}` : ''}`

  return (
    <div className="search-page">
      <PageHeading>Buscar propiedades</PageHeading>
      <SearchForm key={formVersion} query={query} places={places} onSearch={search} busy={loading} />
      <section className="search-results" aria-labelledby="resultados" aria-busy={loading}>
        <h2 id="resultados" className="search-results__heading" tabIndex={-1} ref={resultsRef}>
          Resultados
        </h2>
        <p className="count search-results__count" aria-live="polite" aria-atomic="true">
          {summary}
        </p>
        {status === 'error' ? (
          <div className="search-error" role="alert">
            <p>{errorText}</p>
            <button type="button" onClick={() => load(query)}>
              Reintentar
            </button>
          </div>
        ) : (
          <div className={loading ? 'search-results__list search-results__list--loading' : 'search-results__list'}>
            <ResultList query={query} results={results} onLink={onLink} />
          </div>
        )}
      </section>
    </div>
  )
}
