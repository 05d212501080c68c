import type { FormEvent, ReactNode } from 'react'
import type { Amenity } from '../../catalogue/model'
import {
  COMMON_AMENITIES,
  CURRENCY_OPTIONS,
  MINIMUM_OPTIONS,
  OPERATION_OPTIONS,
  SORT_OPTIONS,
  TYPE_OPTIONS,
  amenityLabel,
  type Option,
  type SearchPlaces,
} from './options'
import { SEARCH_PATH, parseSearchQuery, type SearchQuery } from './query'

const id = (name: string) => `buscar-${name}`
/** Changing a select searches at once. */
const submitForm = (event: { currentTarget: HTMLSelectElement }) => event.currentTarget.form?.requestSubmit()

function Field({ name, label, children, wide = false }: { name: string; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`search-field${wide ? ' search-field--wide' : ''}`}>
      <label htmlFor={id(name)}>{label}</label>
      {children}
    </div>
  )
}

/** A filter select that applies on change; `any`, when given, is the empty "no filter" choice. */
function Select({ name, value, any, options }: { name: string; value: string; any?: string; options: readonly Option[] }) {
  return (
    <select id={id(name)} name={name} defaultValue={value} onChange={submitForm}>
      {any ? <option value="">{any}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}

/** "Cualquiera", "1 o más"… plus the URL's own value when it is not one of them (e.g. 2.5 baños). */
function minimumOptions(current: number | undefined): Option[] {
  const values = current && !MINIMUM_OPTIONS.includes(current) ? [...MINIMUM_OPTIONS, current].sort((a, b) => a - b) : MINIMUM_OPTIONS
  return values.map((n) => ({ value: String(n), label: `${n} o más` }))
}

function NumberInput({ name, value, placeholder }: { name: string; value: number | undefined; placeholder?: string }) {
  return <input id={id(name)} name={name} type="number" inputMode="numeric" min={0} step="any" defaultValue={value ?? ''} placeholder={placeholder} />
}

/**
 * The filters. A plain GET form to /buscar-propiedades, so it works before (and without) the
 * script; with it, submitting or changing a select hands the parsed query to `onSearch`.
 * Uncontrolled: the parent remounts it (key) when the query changes from outside (URL, back).
 */
export function SearchForm({ query, places, onSearch, busy }: { query: SearchQuery; places: SearchPlaces; onSearch: (query: SearchQuery) => void; busy: boolean }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.append(key, value)
    onSearch(parseSearchQuery(params, places))
  }
  const amenities: Amenity[] = [...COMMON_AMENITIES, ...(query.amenidades ?? []).filter((a) => !COMMON_AMENITIES.includes(a))]
  const advanced =
    query.desarrollo !== undefined || query.precio_min !== undefined || query.precio_max !== undefined || query.recamaras !== undefined ||
    query.banos !== undefined || query.estacionamientos !== undefined || query.m2_min !== undefined || query.m2_max !== undefined ||
    (query.amenidades?.length ?? 0) > 0

  return (
    <form className="search-form" action={SEARCH_PATH} method="get" role="search" aria-label="Filtros de búsqueda" onSubmit={submit}>
      <div className="search-form__row">
        <Field name="q" label="Buscar por texto" wide>
          <input id={id('q')} name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} placeholder="Ej. casa con alberca en Huayacán" />
        </Field>
        <Field name="operacion" label="Operación">
          <Select name="operacion" value={query.operacion ?? ''} any="Cualquiera" options={OPERATION_OPTIONS} />
        </Field>
        <Field name="tipo" label="Tipo de propiedad">
          <Select name="tipo" value={query.tipo ?? ''} any="Cualquier tipo" options={TYPE_OPTIONS} />
        </Field>
        <Field name="zona" label="Zona">
          <Select name="zona" value={query.zona ?? ''} any="Todas las zonas" options={places.zones} />
        </Field>
        <Field name="orden" label="Ordenar por">
          <Select name="orden" value={query.orden ?? 'recientes'} options={SORT_OPTIONS} />
        </Field>
      </div>
      <details className="search-form__more" open={advanced || undefined}>
        <summary>Más filtros</summary>
        <div className="search-form__row">
          <Field name="precio_min" label="Precio mínimo">
            <NumberInput name="precio_min" value={query.precio_min} placeholder="Sin mínimo" />
          </Field>
          <Field name="precio_max" label="Precio máximo">
            <NumberInput name="precio_max" value={query.precio_max} placeholder="Sin máximo" />
          </Field>
          <Field name="moneda" label="Moneda del precio">
            <Select name="moneda" value={query.moneda ?? 'MXN'} options={CURRENCY_OPTIONS} />
          </Field>
          <Field name="recamaras" label="Recámaras (mínimo)">
            <Select name="recamaras" value={String(query.recamaras ?? '')} any="Cualquiera" options={minimumOptions(query.recamaras)} />
          </Field>
          <Field name="banos" label="Baños (mínimo)">
            <Select name="banos" value={String(query.banos ?? '')} any="Cualquiera" options={minimumOptions(query.banos)} />
          </Field>
          <Field name="estacionamientos" label="Estacionamientos (mínimo)">
            <Select name="estacionamientos" value={String(query.estacionamientos ?? '')} any="Cualquiera" options={minimumOptions(query.estacionamientos)} />
          </Field>
          <Field name="m2_min" label="m² mínimos">
            <NumberInput name="m2_min" value={query.m2_min} placeholder="Sin mínimo" />
          </Field>
          <Field name="m2_max" label="m² máximos">
            <NumberInput name="m2_max" value={query.m2_max} placeholder="Sin máximo" />
          </Field>
          <Field name="desarrollo" label="Desarrollo">
            <Select name="desarrollo" value={query.desarrollo ?? ''} any="Todos los desarrollos" options={places.developments} />
          </Field>
        </div>
        <fieldset className="search-form__amenities">
          <legend>Amenidades</legend>
          {amenities.map((amenity) => (
            <label key={amenity} className="search-check">
              <input type="checkbox" name="amenidades" value={amenity} defaultChecked={query.amenidades?.includes(amenity) ?? false} />
              {amenityLabel(amenity)}
            </label>
          ))}
        </fieldset>
      </details>
      <div className="search-form__actions">
        <button type="submit" aria-disabled={busy || undefined}>
          Buscar
        </button>
      </div>
    </form>
  )
}
