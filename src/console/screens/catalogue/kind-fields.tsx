/**
 * Every field of each kind of src/catalogue/model.ts as a form (docs/console.md#catalogue). Each
 * form gets the draft and `update`, and names each field by its path in the record, so the shared
 * schema's and the server's messages land at it.
 */
import type { BlogPost, Development, DevelopmentModel, ImageAsset, Product, Property, Zone } from '../../../catalogue/model'
import { DEVELOPMENT_STAGES, OPERATIONS, PROPERTY_STATUSES, PROPERTY_TYPES } from '../../../catalogue/model'
import { OPERATION_NOUNS, PROPERTY_TYPE_LABELS, STAGE_LABELS, STATUS_LABELS } from '../../../catalogue/labels'
import { NO_IMAGE } from '../../catalogue-kinds'
import { AmenitiesInput, CheckboxInput, FieldGroup, GeoInput, NumberInput, PriceInput, SelectInput, TextInput } from './fields'
import { PhotosInput } from './PhotosInput'
import { PostBodyInput } from './PostBodyInput'

export type Update<T> = (change: (draft: T) => T) => void
export type Options = readonly (readonly [string, string])[]
export interface CatalogueOptions {
  zones: Options
  developments: Options
}
export interface KindFieldsProps<T> {
  draft: T
  update: Update<T>
  options: CatalogueOptions
}

const set = <T,>(update: Update<T>) => (change: Partial<T>) => update((d) => ({ ...d, ...change }))

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => [t, PROPERTY_TYPE_LABELS[t].singular] as const)
const OPERATION_OPTIONS = OPERATIONS.map((o) => [o, OPERATION_NOUNS[o]] as const)
const STATUS_OPTIONS = PROPERTY_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)
const STAGE_OPTIONS = DEVELOPMENT_STAGES.map((s) => [s, STAGE_LABELS[s]] as const)
const MODEL_TYPES = [['casa', 'Casa'], ['departamento', 'Departamento'], ['terreno', 'Terreno']] as const

const withNone = (options: Options, none: string): Options => [['', none], ...options]
/** A choice that is not in the list (a zone typed by hand before) stays visible as itself. */
const including = (options: Options, value: string | null | undefined): Options => (value && !options.some(([code]) => code === value) ? [...options, [value, value]] : options)

const SLUG_HINT = 'Solo minúsculas sin acentos, números y guiones. Si la dejas vacía se hace del título.'

/** A single photo field over an ImageAsset (a cover, a zone's or a model's image). */
function OnePhoto({ name, label, image, onChange }: { name: string; label: string; image: ImageAsset; onChange: (image: ImageAsset) => void }) {
  const images = image.src ? [image] : []
  return <PhotosInput single name={name} label={label} images={images} onChange={(change) => onChange(change(images)[0] ?? { ...NO_IMAGE })} />
}

export function PropertyFields({ draft, update, options }: KindFieldsProps<Property>) {
  const change = set(update)
  return (
    <>
      <FieldGroup legend="Datos principales">
        <TextInput name="title" label="Título" value={draft.title} onChange={(title) => change({ title })} />
        <TextInput name="slug" label="Dirección web (slug)" hint={SLUG_HINT} value={draft.slug} onChange={(slug) => change({ slug })} />
        <div className="field-row">
          <SelectInput name="operation" label="Operación" value={draft.operation} options={OPERATION_OPTIONS} onChange={(operation) => change({ operation })} />
          <SelectInput name="type" label="Tipo" value={draft.type} options={TYPE_OPTIONS} onChange={(type) => change({ type })} />
          <SelectInput name="status" label="Estado" value={draft.status} options={STATUS_OPTIONS} onChange={(status) => change({ status })} />
        </div>
        <PriceInput name="price" label={draft.operation === 'renta' ? 'Renta mensual' : 'Precio'} value={draft.price} onChange={(price) => change({ price })} />
        <CheckboxInput name="featured" label="Destacada en la portada" checked={draft.featured} onChange={(featured) => change({ featured })} />
        <TextInput name="description" label="Descripción" hint="Párrafos separados por una línea en blanco." rows={8} value={draft.description} onChange={(description) => change({ description })} />
      </FieldGroup>
      <PhotosInput name="images" label="Fotos" images={draft.images} onChange={(images) => update((d) => ({ ...d, images: images(d.images) }))} />
      <FieldGroup legend="Ubicación">
        <div className="field-row">
          <SelectInput name="zone" label="Zona" value={draft.zone} options={withNone(including(options.zones, draft.zone), 'Elige una zona')} onChange={(zone) => change({ zone })} />
          <SelectInput
            name="development"
            label="Desarrollo"
            value={draft.development ?? ''}
            options={withNone(including(options.developments, draft.development), 'Ninguno')}
            onChange={(development) => change({ development: development || null })}
          />
        </div>
        <TextInput name="address" label="Dirección postal" value={draft.address} onChange={(address) => change({ address })} />
        <GeoInput name="geo" value={draft.geo} onChange={(geo) => change({ geo })} />
      </FieldGroup>
      <FieldGroup legend="Características">
        <div className="field-row">
          <NumberInput name="bedrooms" label="Recámaras" value={draft.bedrooms} onChange={(bedrooms) => change({ bedrooms: bedrooms ?? Number.NaN })} />
          <NumberInput name="bathrooms" label="Baños" decimal value={draft.bathrooms} onChange={(bathrooms) => change({ bathrooms: bathrooms ?? Number.NaN })} />
          <NumberInput name="parking" label="Estacionamientos" value={draft.parking} onChange={(parking) => change({ parking: parking ?? Number.NaN })} />
        </div>
        <div className="field-row">
          <NumberInput name="constructionM2" label="Construcción (m²)" nullable decimal value={draft.constructionM2} onChange={(constructionM2) => change({ constructionM2 })} />
          <NumberInput name="lotM2" label="Terreno (m²)" nullable decimal value={draft.lotM2} onChange={(lotM2) => change({ lotM2 })} />
          <TextInput name="deliveryDate" label="Entrega (AAAA-MM)" placeholder="2027-06" value={draft.deliveryDate ?? ''} onChange={(d) => change({ deliveryDate: d.trim() || null })} />
        </div>
      </FieldGroup>
      <AmenitiesInput name="amenities" value={draft.amenities} onChange={(amenities) => change({ amenities })} />
    </>
  )
}

function ModelFields({ index, model, onChange, onRemove }: { index: number; model: DevelopmentModel; onChange: (model: DevelopmentModel) => void; onRemove: () => void }) {
  const name = (field: string) => `models.${index}.${field}`
  const change = (patch: Partial<DevelopmentModel>) => onChange({ ...model, ...patch })
  return (
    <FieldGroup legend={`Modelo ${index + 1}${model.name ? `: ${model.name}` : ''}`} className="model">
      <div className="field-row">
        <TextInput name={name('name')} label="Nombre" value={model.name} onChange={(v) => change({ name: v })} />
        <TextInput name={name('slug')} label="Dirección web (slug)" value={model.slug} onChange={(slug) => change({ slug })} />
        <SelectInput name={name('type')} label="Tipo" value={model.type} options={MODEL_TYPES} onChange={(type) => change({ type })} />
      </div>
      <div className="field-row">
        <NumberInput name={name('bedrooms')} label="Recámaras" value={model.bedrooms} onChange={(bedrooms) => change({ bedrooms: bedrooms ?? Number.NaN })} />
        <NumberInput name={name('bathrooms')} label="Baños" decimal value={model.bathrooms} onChange={(bathrooms) => change({ bathrooms: bathrooms ?? Number.NaN })} />
        <NumberInput name={name('constructionM2')} label="Construcción (m²)" nullable decimal value={model.constructionM2} onChange={(constructionM2) => change({ constructionM2 })} />
        <NumberInput name={name('lotM2')} label="Terreno (m²)" nullable decimal value={model.lotM2} onChange={(lotM2) => change({ lotM2 })} />
      </div>
      <PriceInput name={name('price')} label="Precio" value={model.price} onChange={(price) => change({ price })} />
      <div className="field-row">
        <NumberInput name={name('available')} label="Disponibles" value={model.available} onChange={(available) => change({ available: available ?? Number.NaN })} />
        <NumberInput name={name('total')} label="Total de unidades" value={model.total} onChange={(total) => change({ total: total ?? Number.NaN })} />
      </div>
      <OnePhoto name={name('image')} label="Foto del modelo" image={model.image} onChange={(image) => change({ image })} />
      <button type="button" className="button button--quiet" onClick={onRemove}>
        Quitar modelo {index + 1}
      </button>
    </FieldGroup>
  )
}

const NEW_MODEL: DevelopmentModel = {
  slug: '', name: '', type: 'departamento', bedrooms: 0, bathrooms: 0, constructionM2: null, lotM2: null,
  price: { amount: 0, currency: 'MXN' }, available: 0, total: 0, image: { ...NO_IMAGE },
}

export function DevelopmentFields({ draft, update, options }: KindFieldsProps<Development>) {
  const change = set(update)
  return (
    <>
      <FieldGroup legend="Datos principales">
        <TextInput name="name" label="Nombre" value={draft.name} onChange={(name) => change({ name })} />
        <TextInput name="slug" label="Dirección web (slug)" hint={SLUG_HINT} value={draft.slug} onChange={(slug) => change({ slug })} />
        <div className="field-row">
          <SelectInput name="stage" label="Etapa" value={draft.stage} options={STAGE_OPTIONS} onChange={(stage) => change({ stage })} />
          <TextInput name="deliveryDate" label="Entrega (AAAA-MM)" placeholder="2027-06" value={draft.deliveryDate ?? ''} onChange={(d) => change({ deliveryDate: d.trim() || null })} />
        </div>
        <PriceInput name="priceFrom" label="Precio desde" value={draft.priceFrom} onChange={(priceFrom) => change({ priceFrom })} />
        <TextInput name="summary" label="Resumen" rows={2} value={draft.summary} onChange={(summary) => change({ summary })} />
        <TextInput name="description" label="Descripción" hint="Párrafos separados por una línea en blanco." rows={8} value={draft.description} onChange={(description) => change({ description })} />
      </FieldGroup>
      <PhotosInput name="images" label="Fotos" images={draft.images} onChange={(images) => update((d) => ({ ...d, images: images(d.images) }))} />
      <FieldGroup legend="Ubicación">
        <SelectInput name="zone" label="Zona" value={draft.zone} options={withNone(including(options.zones, draft.zone), 'Elige una zona')} onChange={(zone) => change({ zone })} />
        <TextInput name="address" label="Dirección postal" value={draft.address} onChange={(address) => change({ address })} />
        <GeoInput name="geo" value={draft.geo} onChange={(geo) => change({ geo })} />
      </FieldGroup>
      <AmenitiesInput name="amenities" value={draft.amenities} onChange={(amenities) => change({ amenities })} />
      <FieldGroup name="models" legend="Modelos">
        {draft.models.map((model, i) => (
          <ModelFields
            key={i}
            index={i}
            model={model}
            onChange={(next) => update((d) => ({ ...d, models: d.models.map((m, j) => (j === i ? next : m)) }))}
            onRemove={() => update((d) => ({ ...d, models: d.models.filter((_, j) => j !== i) }))}
          />
        ))}
        <button type="button" className="button button--quiet" onClick={() => update((d) => ({ ...d, models: [...d.models, { ...NEW_MODEL, image: { ...NO_IMAGE } }] }))}>
          Agregar modelo
        </button>
      </FieldGroup>
    </>
  )
}

export function PostFields({ draft, update }: KindFieldsProps<BlogPost>) {
  const change = set(update)
  return (
    <>
      <FieldGroup legend="Entrada">
        <TextInput name="title" label="Título" value={draft.title} onChange={(title) => change({ title })} />
        <TextInput name="slug" label="Dirección web (slug)" hint={SLUG_HINT} value={draft.slug} onChange={(slug) => change({ slug })} />
        <div className="field-row">
          <TextInput name="author" label="Autor" value={draft.author} onChange={(author) => change({ author })} />
          <TextInput
            name="tags"
            label="Etiquetas"
            hint="Separadas por comas."
            value={draft.tags.join(', ')}
            onChange={(text) => change({ tags: text.split(',').map((t) => t.trim()).filter(Boolean) })}
          />
        </div>
        <TextInput name="excerpt" label="Resumen" rows={3} value={draft.excerpt} onChange={(excerpt) => change({ excerpt })} />
      </FieldGroup>
      <OnePhoto name="cover" label="Foto de portada" image={draft.cover} onChange={(cover) => change({ cover })} />
      <PostBodyInput name="body" value={draft.body} onChange={(body) => change({ body })} />
    </>
  )
}

export function ZoneFields({ draft, update }: KindFieldsProps<Zone>) {
  const change = set(update)
  return (
    <>
      <FieldGroup legend="Zona">
        <TextInput name="name" label="Nombre" value={draft.name} onChange={(name) => change({ name })} />
        <TextInput name="slug" label="Dirección web (slug)" hint={SLUG_HINT} value={draft.slug} onChange={(slug) => change({ slug })} />
        <TextInput name="path" label="Página de la zona en el sitio" hint="Por ejemplo /huayacan-cancun. Vacía si no tiene página." value={draft.path ?? ''} onChange={(p) => change({ path: p.trim() || null })} />
        <TextInput name="description" label="Descripción" rows={5} value={draft.description} onChange={(description) => change({ description })} />
        <GeoInput name="geo" value={draft.geo} onChange={(geo) => change({ geo })} />
      </FieldGroup>
      <OnePhoto name="image" label="Foto" image={draft.image} onChange={(image) => change({ image })} />
    </>
  )
}

export function ProductFields({ draft, update, options }: KindFieldsProps<Product>) {
  const change = set(update)
  const filter = (patch: Partial<Product['filter']>) => {
    const next = { ...draft.filter, ...patch }
    // An empty choice is no filter at all, not a filter for ''.
    for (const key of Object.keys(next) as (keyof Product['filter'])[]) if (!next[key]) delete next[key]
    change({ filter: next })
  }
  return (
    <>
      <FieldGroup legend="Página">
        <TextInput name="name" label="Nombre" value={draft.name} onChange={(name) => change({ name })} />
        <TextInput name="slug" label="Dirección web (slug)" hint={SLUG_HINT} value={draft.slug} onChange={(slug) => change({ slug })} />
        <TextInput name="title" label="Título de la página" value={draft.title} onChange={(title) => change({ title })} />
        <TextInput name="description" label="Descripción" rows={5} value={draft.description} onChange={(description) => change({ description })} />
      </FieldGroup>
      <FieldGroup name="filter" legend="Qué propiedades muestra">
        <div className="field-row">
          <SelectInput name="filter.operation" label="Operación" value={draft.filter.operation ?? ''} options={withNone(OPERATION_OPTIONS, 'Todas')} onChange={(operation) => filter({ operation: operation || undefined } as Partial<Product['filter']>)} />
          <SelectInput name="filter.type" label="Tipo" value={draft.filter.type ?? ''} options={withNone(TYPE_OPTIONS, 'Todos')} onChange={(type) => filter({ type: type || undefined } as Partial<Product['filter']>)} />
        </div>
        <div className="field-row">
          <SelectInput name="filter.zone" label="Zona" value={draft.filter.zone ?? ''} options={withNone(including(options.zones, draft.filter.zone), 'Todas')} onChange={(zone) => filter({ zone: zone || undefined })} />
          <SelectInput
            name="filter.development"
            label="Desarrollo"
            value={draft.filter.development ?? ''}
            options={withNone(including(options.developments, draft.filter.development), 'Todos')}
            onChange={(development) => filter({ development: development || undefined })}
          />
        </div>
      </FieldGroup>
      <OnePhoto name="image" label="Foto" image={draft.image} onChange={(image) => change({ image })} />
    </>
  )
}
