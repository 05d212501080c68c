import {
  formatApproxPrice,
  formatArea,
  formatBathrooms,
  formatBedrooms,
  formatListingPrice,
  formatMonth,
  formatNumber,
  formatParking,
} from '../../catalogue/format'
import { AMENITY_LABELS, OPERATION_NOUNS, PROPERTY_TYPE_LABELS, STATUS_LABELS } from '../../catalogue/labels'
import type { Amenity, Operation, Price, PriceDrop, Property, Zone } from '../../catalogue/model'
import './property.css'

/** "$3,800,000 MXN" with "≈ USD 205,400" under it (a rent keeps "/ mes" in both). */
export function PriceBlock({ price, operation, drop = null }: { price: Price; operation: Operation; drop?: PriceDrop | null }) {
  const other = price.currency === 'MXN' ? 'USD' : 'MXN'
  return (
    <div className="prop-price">
      {drop ? (
        <p className="prop-price__drop">
          <span className="badge prop-price__drop-badge">Bajó de precio</span> antes <s>{formatListingPrice(drop.previous, operation)}</s>
        </p>
      ) : null}
      <p className="prop-price__main">{formatListingPrice(price, operation)}</p>
      <p className="prop-price__other">
        {formatApproxPrice(price, other, operation)} <span className="prop-price__note">(aproximado, tipo de cambio de referencia)</span>
      </p>
    </div>
  )
}

/** A property's key facts as a definition list; rows that do not apply (0 recámaras in a lot…) are left out. */
export function KeyFacts({ property }: { property: Property }) {
  const rows: [string, string][] = [
    ['Tipo', PROPERTY_TYPE_LABELS[property.type].singular],
    ['Operación', OPERATION_NOUNS[property.operation]],
  ]
  if (property.bedrooms > 0) rows.push(['Recámaras', formatNumber(property.bedrooms)])
  if (property.bathrooms > 0) rows.push(['Baños', formatNumber(property.bathrooms)])
  if (property.parking > 0) rows.push(['Estacionamientos', formatNumber(property.parking)])
  if (property.constructionM2) rows.push(['Construcción', formatArea(property.constructionM2)])
  if (property.lotM2) rows.push(['Terreno', formatArea(property.lotM2)])
  rows.push(['Estatus', STATUS_LABELS[property.status]])
  if (property.operation === 'preventa' && property.deliveryDate) rows.push(['Entrega', formatMonth(property.deliveryDate)])
  return (
    <dl className="prop-facts">
      {rows.map(([term, value]) => (
        <div key={term} className="prop-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** "3 recámaras · 2.5 baños · 168 m²" for a summary. */
export function factsLine(p: Pick<Property, 'bedrooms' | 'bathrooms' | 'parking' | 'constructionM2' | 'lotM2'>): string {
  return [
    p.bedrooms > 0 ? formatBedrooms(p.bedrooms) : '',
    p.bathrooms > 0 ? formatBathrooms(p.bathrooms) : '',
    p.parking > 0 ? formatParking(p.parking) : '',
    formatArea(p.constructionM2 ?? p.lotM2),
  ]
    .filter(Boolean)
    .join(' · ')
}

export function Amenities({ amenities }: { amenities: readonly Amenity[] }) {
  if (amenities.length === 0) return null
  return (
    <ul className="prop-amenities">
      {amenities.map((a) => (
        <li key={a}>
          <span className="prop-amenities__mark" aria-hidden="true">✓</span> {AMENITY_LABELS[a]}
        </li>
      ))}
    </ul>
  )
}

/** OpenStreetMap centred on a point, opened in a new tab (no tiles or scripts loaded here). */
export const mapUrl = ({ lat, lng }: { lat: number; lng: number }) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`

export function Location({ property, zone, development }: {
  property: Property
  zone: Zone | null
  development: { slug: string; name: string } | null
}) {
  return (
    <div className="prop-location">
      <p className="prop-location__address">{property.address}</p>
      <ul className="prop-location__links">
        {zone ? (
          <li>
            Zona: <a href={zone.path ?? `/buscar-propiedades`}>{zone.name}</a>
          </li>
        ) : null}
        {development ? (
          <li>
            Desarrollo: <a href={`/${development.slug}`}>{development.name}</a>
          </li>
        ) : null}
        <li>
          <a href={mapUrl(property.geo)} target="_blank" rel="noopener noreferrer">
            Ver en el mapa
          </a>{' '}
          <span className="prop-muted">(OpenStreetMap, se abre en otra pestaña)</span>
        </li>
      </ul>
    </div>
  )
}
