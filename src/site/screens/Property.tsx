import { formatApproxPrice, formatArea, formatBathrooms, formatBedrooms, formatListingPrice, formatParking } from '../../catalogue/format'
import { AMENITY_LABELS, OPERATION_LABELS, PROPERTY_TYPE_LABELS } from '../../catalogue/labels'
import type { ScreenProps } from '../app/screen'
import { Picture } from '../components/Image'
import { PageHeading } from '../components/PageHeading'
import { PropertyGrid } from '../components/PropertyCard'
import type { PropertyData } from '../data/payload'
import { LeadForm } from '../forms/LeadForm'

export default function Property({ payload }: ScreenProps<PropertyData>) {
  const { property, similar, zone, development } = payload.data
  const other = property.price.currency === 'MXN' ? 'USD' : 'MXN'
  return (
    <article>
      <p className="breadcrumb">
        <a href="/">Inicio</a> › <a href={property.operation === 'renta' ? '/renta-cancun' : property.operation === 'preventa' ? '/preventa-cancun' : '/venta-cancun'}>{OPERATION_LABELS[property.operation]}</a>
      </p>
      <PageHeading>{property.title}</PageHeading>
      <p className="price">
        {formatListingPrice(property.price, property.operation)} <span className="price__other">{formatApproxPrice(property.price, other, property.operation)}</span>
      </p>
      <div className="gallery">
        {property.images.map((image, index) => (
          <Picture key={image.src + index} image={image} width={index === 0 ? 800 : 400} priority={index === 0} />
        ))}
      </div>
      <ul className="facts">
        <li>{PROPERTY_TYPE_LABELS[property.type].singular}</li>
        {property.bedrooms > 0 ? <li>{formatBedrooms(property.bedrooms)}</li> : null}
        {property.bathrooms > 0 ? <li>{formatBathrooms(property.bathrooms)}</li> : null}
        {property.parking > 0 ? <li>{formatParking(property.parking)}</li> : null}
        {property.constructionM2 ? <li>{formatArea(property.constructionM2)} de construcción</li> : null}
        {property.lotM2 ? <li>{formatArea(property.lotM2)} de terreno</li> : null}
      </ul>
      {property.description.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      <h2>Amenidades</h2>
      <ul className="amenities">
        {property.amenities.map((a) => (
          <li key={a}>{AMENITY_LABELS[a]}</li>
        ))}
      </ul>
      <h2>Ubicación</h2>
      <p>
        {property.address}
        {zone ? <> · <a href={zone.path ?? '/buscar-propiedades'}>{zone.name}</a></> : null}
        {development ? <> · <a href={`/${development.slug}`}>{development.name}</a></> : null}
      </p>
      <LeadForm
        key={property.slug}
        source="propiedad"
        propertySlug={property.slug}
        propertyTitle={property.title}
        heading="¿Te interesa esta propiedad?"
        intro="Déjanos tus datos y un asesor te contactará para darte más información o agendar una visita."
      />
      {similar.length ? (
        <section aria-labelledby="similares">
          <h2 id="similares">Propiedades similares</h2>
          <PropertyGrid items={similar} />
        </section>
      ) : null}
    </article>
  )
}
