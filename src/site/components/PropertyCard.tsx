import { formatArea, formatBathrooms, formatBedrooms, formatListingPrice } from '../../catalogue/format'
import { OPERATION_LABELS, PROPERTY_TYPE_LABELS, STATUS_LABELS } from '../../catalogue/labels'
import type { PropertyCard as Card } from '../data/cards'
import { Picture } from './Image'
import { propertyPath } from '../../domain/site-paths'

export function PropertyCard({ property, priority = false }: { property: Card; priority?: boolean }) {
  const facts = [
    property.bedrooms > 0 ? formatBedrooms(property.bedrooms) : null,
    property.bathrooms > 0 ? formatBathrooms(property.bathrooms) : null,
    formatArea(property.constructionM2 ?? property.lotM2) || null,
  ].filter(Boolean)
  return (
    <article className="card">
      <a className="card__link" href={propertyPath(property.slug)}>
        {property.image ? <Picture className="card__image" image={property.image} width={400} priority={priority} /> : null}
        <div className="card__body">
          <p className="card__meta">
            <span className={`badge badge--${property.operation}`}>{OPERATION_LABELS[property.operation]}</span>
            <span>{PROPERTY_TYPE_LABELS[property.type].singular}</span>
            {property.status !== 'disponible' ? <span className="badge badge--status">{STATUS_LABELS[property.status]}</span> : null}
          </p>
          <h3 className="card__title">{property.title}</h3>
          <p className="card__price">{formatListingPrice(property.price, property.operation)}</p>
          {facts.length ? <p className="card__facts">{facts.join(' · ')}</p> : null}
        </div>
      </a>
    </article>
  )
}

export function PropertyGrid({ items, priorityFirst = false }: { items: Card[]; priorityFirst?: boolean }) {
  return (
    <div className="grid">
      {items.map((property, index) => (
        <PropertyCard key={property.slug} property={property} priority={priorityFirst && index === 0} />
      ))}
    </div>
  )
}
