/**
 * A catalogue record's history as people read it (docs/console.md#catalogue): each changed field
 * by its Spanish name, and its values as the site shows them («$3,450,000 MXN», «Apartada»,
 * «3 fotos»), not as JSON. Pure.
 */
import { formatPrice } from '../catalogue/format'
import { AMENITY_LABELS, OPERATION_NOUNS, PROPERTY_TYPE_LABELS, STAGE_LABELS, STATUS_LABELS } from '../catalogue/labels'
import type { Amenity, DevelopmentStage, ImageAsset, Operation, Price, PropertyStatus, PropertyType } from '../catalogue/model'
import { PUBLICATION_LABELS } from './catalogue-kinds'
import type { Publication } from './catalogue-types'

const FIELD_LABELS: Record<string, string> = {
  created: 'Creación',
  publication: 'Publicación',
  title: 'Título',
  name: 'Nombre',
  slug: 'Dirección web',
  description: 'Descripción',
  summary: 'Resumen',
  excerpt: 'Resumen',
  body: 'Texto',
  type: 'Tipo',
  operation: 'Operación',
  price: 'Precio',
  priceFrom: 'Precio desde',
  zone: 'Zona',
  development: 'Desarrollo',
  bedrooms: 'Recámaras',
  bathrooms: 'Baños',
  parking: 'Estacionamientos',
  constructionM2: 'Construcción (m²)',
  lotM2: 'Terreno (m²)',
  amenities: 'Amenidades',
  images: 'Fotos',
  image: 'Foto',
  cover: 'Foto de portada',
  geo: 'Ubicación en el mapa',
  address: 'Dirección postal',
  status: 'Estado',
  featured: 'Destacada',
  deliveryDate: 'Entrega',
  stage: 'Etapa',
  models: 'Modelos',
  author: 'Autor',
  tags: 'Etiquetas',
  publishedAt: 'Fecha de publicación',
  path: 'Página de la zona',
  filter: 'Qué propiedades muestra',
}

export const historyFieldLabel = (field: string) => FIELD_LABELS[field] ?? field

/** Longest text shown of a changed description or body. */
const SHOWN_TEXT = 80

const isPrice = (value: unknown): value is Price => typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value

/** A value of `field` as a short Spanish text; «—» for none. */
export function historyValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (field === 'publication' || field === 'created') return PUBLICATION_LABELS[value as Publication] ?? String(value)
  if (field === 'status') return STATUS_LABELS[value as PropertyStatus] ?? String(value)
  if (field === 'operation') return OPERATION_NOUNS[value as Operation] ?? String(value)
  if (field === 'type') return PROPERTY_TYPE_LABELS[value as PropertyType]?.singular ?? String(value)
  if (field === 'stage') return STAGE_LABELS[value as DevelopmentStage] ?? String(value)
  if (isPrice(value)) return formatPrice(value)
  if (typeof value === 'boolean') return value ? 'Sí' : 'No'
  if (field === 'images') return `${(value as ImageAsset[]).length} ${(value as ImageAsset[]).length === 1 ? 'foto' : 'fotos'}`
  if (field === 'models') return `${(value as unknown[]).length} ${(value as unknown[]).length === 1 ? 'modelo' : 'modelos'}`
  if (field === 'amenities') return (value as Amenity[]).map((a) => AMENITY_LABELS[a] ?? a).join(', ') || '—'
  if (Array.isArray(value)) return value.join(', ') || '—'
  if (typeof value === 'object' && 'src' in value) return (value as ImageAsset).alt || 'Foto'
  if (typeof value === 'object') return 'cambió'
  const text = String(value)
  return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text
}
