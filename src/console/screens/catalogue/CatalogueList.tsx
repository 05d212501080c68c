/**
 * A kind's list in «Catálogo» (docs/console.md#catalogue): filters, pages, and for properties the
 * status and price changed from the row in one step (PATCH with the row's revision).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { formatNumber, formatPrice } from '../../../catalogue/format'
import { OPERATION_NOUNS, PROPERTY_TYPE_LABELS, STATUS_LABELS } from '../../../catalogue/labels'
import { OPERATIONS, PROPERTY_STATUSES, PROPERTY_TYPES, type Property, type PropertyStatus } from '../../../catalogue/model'
import { imageUrl } from '../../../shared/images'
import { errorText } from '../../api'
import { catalogueApi } from '../../catalogue-api'
import { filtersOf, KIND_FILTERS, NO_CATALOGUE_FILTERS, pageCount, type CatalogueFilters, type FilterName } from '../../catalogue-filters'
import { cataloguePath, kindInfo, NEW_RECORD, PUBLICATION_LABELS, recordImages, recordKey, recordTitle } from '../../catalogue-kinds'
import type { AnyRecord, CatalogueKind, Editable } from '../../catalogue-types'
import { readNumber } from './fields'
import { ErrorAlert } from '../../ErrorAlert'
import { queries, queryKeys } from '../../queries'
import { useDebounced } from '../../use-debounced'
import { FormError, useSubmit } from '../../use-submit'
import { labelled, SelectField } from '../pipeline-parts'
import type { CatalogueOptions } from './kind-fields'

const RELOAD_MS = 300

const FILTER_FIELDS: Record<FilterName, { label: string; options: (o: CatalogueOptions) => readonly (readonly [string, string])[] }> = {
  publication: { label: 'Publicación', options: () => [['', 'Todas'], ...labelled(['borrador', 'publicada', 'archivada'] as const, PUBLICATION_LABELS)] },
  status: { label: 'Estado', options: () => [['', 'Todos'], ...labelled(PROPERTY_STATUSES, STATUS_LABELS)] },
  operation: { label: 'Operación', options: () => [['', 'Todas'], ...labelled(OPERATIONS, OPERATION_NOUNS)] },
  type: { label: 'Tipo', options: () => [['', 'Todos'], ...PROPERTY_TYPES.map((t) => [t, PROPERTY_TYPE_LABELS[t].singular] as const)] },
  zone: { label: 'Zona', options: (o) => [['', 'Todas'], ...o.zones] },
  development: { label: 'Desarrollo', options: (o) => [['', 'Todos'], ...o.developments] },
  featured: { label: 'Destacada', options: () => [['', 'Todas'], ['si', 'Sí'], ['no', 'No']] },
}

export function CatalogueList({
  kind,
  options,
  filters,
  onFilters,
  publisher,
}: {
  kind: CatalogueKind
  options: CatalogueOptions
  filters: CatalogueFilters
  onFilters: (filters: CatalogueFilters) => void
  /** May change what is live: the quick changes, and new zones and pages (docs/catalogue.md#permissions). */
  publisher: boolean
}) {
  const info = kindInfo(kind)
  const [page, setPage] = useState(1)
  const asked = useDebounced({ filters: filtersOf(kind, filters), page }, RELOAD_MS)
  const list = useQuery({ ...queries.catalogue(kind, asked.filters, asked.page), placeholderData: keepPreviousData })
  const data = list.data ?? null
  const filter = (change: Partial<CatalogueFilters>) => {
    onFilters({ ...filters, ...change })
    setPage(1)
  }
  const pages = data ? pageCount(data.total, data.pageSize) : 1
  const anyFilter = Object.values(filtersOf(kind, filters)).some(Boolean)
  const activeCount = KIND_FILTERS[kind].filter((name) => filters[name]).length
  // The filters start open on a wide screen, folded on a phone, where they would fill it.
  const [wide, setWide] = useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 761px)').matches)
  return (
    <section className="catalogue-list" aria-labelledby="catalogue-list-title">
      <div className="catalogue-list__bar">
        <h2 id="catalogue-list-title">
          {info.label} {data ? <span className="count">{data.total}</span> : null}
        </h2>
        {publisher || info.publishable ? (
          <a className="button" href={`#/${cataloguePath(kind, NEW_RECORD)}`}>
            {info.create}
          </a>
        ) : null}
      </div>
      <form className="catalogue-filters" role="search" aria-label={`Filtrar ${info.label.toLowerCase()}`} onSubmit={(e) => e.preventDefault()}>
        <label className="field catalogue-filters__wide">
          <span>Buscar</span>
          <input type="search" value={filters.q} placeholder="Título, dirección o slug" onChange={(e) => filter({ q: e.target.value })} />
        </label>
        {KIND_FILTERS[kind].length ? (
          <details className="catalogue-filters__more" open={wide} onToggle={(e) => setWide(e.currentTarget.open)}>
            <summary>Filtros{activeCount ? ` (${activeCount})` : ''}</summary>
            <div className="catalogue-filters__grid">
              {KIND_FILTERS[kind].map((name) => (
                <SelectField key={name} label={FILTER_FIELDS[name].label} value={filters[name]} options={FILTER_FIELDS[name].options(options)} onChange={(value) => filter({ [name]: value })} />
              ))}
              {anyFilter ? (
                <button type="button" className="button button--quiet catalogue-filters__clear" onClick={() => filter(NO_CATALOGUE_FILTERS)}>
                  Quitar filtros
                </button>
              ) : null}
            </div>
          </details>
        ) : null}
      </form>
      <ErrorAlert message={list.error ? errorText(list.error) : ''} />
      <ul className="catalogue-items">
        {data?.items.map((item) => (
          <li key={recordKey(kind, item.record)}>
            <CatalogueItem kind={kind} item={item} publisher={publisher} />
          </li>
        ))}
      </ul>
      {data && data.items.length === 0 ? <p className="empty">No hay nada con estos filtros.</p> : null}
      {data && pages > 1 ? (
        <nav className="pager" aria-label={`Páginas de ${info.label.toLowerCase()}`}>
          <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </button>
          <span>
            Página {data.page} de {pages}
          </span>
          <button type="button" className="button button--quiet" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Siguiente
          </button>
        </nav>
      ) : null}
    </section>
  )
}

function CatalogueItem({ kind, item, publisher }: { kind: CatalogueKind; item: Editable<AnyRecord>; publisher: boolean }) {
  const key = recordKey(kind, item.record)
  const title = recordTitle(kind, item.record)
  const cover = recordImages(kind, item.record)[0]
  const property = kind === 'properties' ? (item.record as Property) : null
  return (
    <article className="catalogue-item">
      {cover ? <img className="catalogue-item__thumb" src={imageUrl(cover.src, 240)} alt="" width={96} height={72} loading="lazy" /> : <span className="catalogue-item__thumb catalogue-item__thumb--none" />}
      <div className="catalogue-item__body">
        <a className="catalogue-item__title" href={`#/${cataloguePath(kind, key)}`}>
          {title}
        </a>
        <span className="catalogue-item__tags">
          {kindInfo(kind).publishable ? <span className={`tag tag--publication-${item.publication}`}>{PUBLICATION_LABELS[item.publication]}</span> : null}
          {property ? (
            <>
              <span className="tag">{OPERATION_NOUNS[property.operation]}</span>
              <span className="tag">{PROPERTY_TYPE_LABELS[property.type].singular}</span>
              {property.featured ? <span className="tag">Destacada</span> : null}
            </>
          ) : null}
        </span>
        {property && (publisher || item.publication === 'borrador') ? <QuickChange property={property} revision={item.revision} title={title} /> : null}
        {property && !(publisher || item.publication === 'borrador') ? (
          <span className="catalogue-item__facts">
            {STATUS_LABELS[property.status]} · {formatPrice(property.price)}
          </span>
        ) : null}
      </div>
    </article>
  )
}

/** A property's status (changed as it is picked) and price (changed with its button), each one PATCH. */
function QuickChange({ property, revision, title }: { property: Property; revision: number; title: string }) {
  const queryClient = useQueryClient()
  // What the person typed; until then (and after it is sent) the price the list has, which follows
  // changes made elsewhere (the list is asked again on the console's catalogue event).
  const [typed, setTyped] = useState<string | null>(null)
  const price = typed ?? formatNumber(property.price.amount)
  const [said, setSaid] = useState('')
  const send = async (change: { status?: PropertyStatus; amount?: number }) => {
    setSaid('')
    try {
      const result = await catalogueApi.quickChange(property.id, {
        revision,
        ...(change.status ? { status: change.status } : {}),
        ...(change.amount !== undefined ? { price: { amount: change.amount, currency: property.price.currency } } : {}),
      })
      queryClient.setQueryData(queries.catalogueRecord('properties', property.id).queryKey, result)
      setSaid(change.status ? `Ahora: ${STATUS_LABELS[change.status]}.` : `Precio: ${formatPrice(result.record.price)}.`)
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.lists('properties') })
    }
  }
  // The status picked last: the select sends it as it changes, and shows it until the list has it.
  const picked = useRef<PropertyStatus | null>(null)
  const [pending, setPending] = useState<PropertyStatus | null>(null)
  const changeStatus = useSubmit(async () => {
    const next = picked.current
    if (!next) return
    try {
      await send({ status: next })
    } finally {
      setPending(null)
    }
  })
  const changePrice = useSubmit(async () => {
    const amount = readNumber(price, false)
    if (amount === null || Number.isNaN(amount)) throw new FormError('Escribe el precio solo con números, por ejemplo 3,450,000.')
    await send({ amount })
    setTyped(null)
  })
  return (
    <div className="quick-change">
      <label className="field quick-change__status">
        <span>Estado</span>
        <select
          value={pending ?? property.status}
          disabled={changeStatus.busy}
          aria-label={`Estado de ${title}`}
          onChange={(e) => {
            picked.current = e.target.value as PropertyStatus
            setPending(picked.current)
            void changeStatus.submit()
          }}
        >
          {PROPERTY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <form className="quick-change__price" onSubmit={changePrice.submit}>
        <label className="field">
          <span>Precio ({property.price.currency})</span>
          <input inputMode="numeric" aria-label={`Precio de ${title} (${property.price.currency})`} value={price} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit" className="button button--quiet" disabled={changePrice.busy || readNumber(price, false) === property.price.amount}>
          {changePrice.busy ? 'Cambiando…' : 'Cambiar precio'}
        </button>
      </form>
      <p role="status" className="quick-change__said">
        {said}
      </p>
      <ErrorAlert message={changeStatus.error || changePrice.error} />
    </div>
  )
}
