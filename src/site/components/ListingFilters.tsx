import type { ListingQuery } from '../../catalogue/listing-query'
import { PROPERTY_TYPE_LABELS } from '../../catalogue/labels'
import type { PropertyType } from '../../catalogue/model'
import { searchHref } from '../search/query'

const TYPES = ['casa', 'departamento', 'terreno', 'local'] as const

/**
 * The filters of a listing page: narrow this page's selection by type (only the kinds it holds: a
 * link to an empty search would go nowhere), or open the full search with it preset (price, rooms,
 * amenities…). Plain links, so they work before hydration too.
 */
export function ListingFilters({ filter, total, shown, kinds }: { filter: ListingQuery; total: number; shown: number; kinds: readonly PropertyType[] }) {
  const { por_pagina: _perPage, ...preset } = filter
  return (
    <nav className="listing-filters" aria-label="Filtrar esta lista">
      <ul className="pills">
        {TYPES.filter((type) => kinds.includes(type) && (!filter.tipo || filter.tipo === type)).map((type) => (
          <li key={type}>
            <a href={searchHref({ ...preset, tipo: type })}>{PROPERTY_TYPE_LABELS[type].plural}</a>
          </li>
        ))}
        <li>
          <a href={searchHref(preset)}>Más filtros: precio, recámaras, amenidades</a>
        </li>
      </ul>
      {total > shown ? (
        <p className="count-note">
          Mostrando {shown} de {total}. <a href={searchHref(preset)}>Ver todas</a>
        </p>
      ) : null}
    </nav>
  )
}
