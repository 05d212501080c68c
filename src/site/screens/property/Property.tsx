import { OPERATION_NOUNS, PROPERTY_TYPE_LABELS, STATUS_LABELS } from '../../../catalogue/labels'
import type { ScreenProps } from '../props'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { PropertyData } from './page'
import { LeadForm } from '../../forms/LeadForm'
import { Amenities, factsLine, KeyFacts, Location, PriceBlock } from '../../property/Details'
import { Gallery } from '../../property/Gallery'
import { Share } from '../../property/Share'

const SECTIONS = { venta: '/venta-cancun', renta: '/renta-cancun', preventa: '/preventa-cancun' } as const

/** What the contact offers: about this property, or, once it is sold or rented, about similar ones. */
const CONTACT = {
  open: {
    cta: 'Solicitar información',
    heading: '¿Te interesa esta propiedad?',
    intro: 'Déjanos tus datos y un asesor te contactará para darte más información o agendar una visita.',
  },
  taken: {
    cta: 'Buscar opciones similares',
    heading: '¿Buscas algo parecido?',
    intro: 'Esta propiedad ya no está disponible. Déjanos tus datos y un asesor te mostrará opciones similares.',
  },
} as const

export default function Property({ payload }: ScreenProps<PropertyData>) {
  const { property, similar, zone, development, priceDrop } = payload.data
  const summary = factsLine(property)
  const taken = property.status === 'vendida' || property.status === 'rentada'
  const contact = CONTACT[taken ? 'taken' : 'open']
  return (
    <article className="prop-page">
      <nav aria-label="Ruta de navegación" className="breadcrumb prop-breadcrumb">
        <a href="/">Inicio</a> › <a href={SECTIONS[property.operation]}>{OPERATION_NOUNS[property.operation]}</a> ›{' '}
        <span aria-current="page">{property.title}</span>
      </nav>
      <PageHeading>{property.title}</PageHeading>
      <p className="prop-subtitle">
        {PROPERTY_TYPE_LABELS[property.type].singular} · {OPERATION_NOUNS[property.operation]}
        {zone ? ` · ${zone.name}` : ''}
        {property.status !== 'disponible' ? <span className="badge badge--status prop-subtitle__status">{STATUS_LABELS[property.status]}</span> : null}
      </p>
      <div className="prop-layout">
        <div className="prop-layout__gallery">
          <Gallery key={property.slug} images={property.images} title={property.title} />
        </div>
        <aside className="prop-layout__aside" aria-label="Precio y contacto">
          <div className="prop-summary">
            <PriceBlock price={property.price} operation={property.operation} drop={priceDrop ?? null} />
            {summary ? <p className="prop-summary__facts">{summary}</p> : null}
            <a className="button prop-summary__cta" href="#contactar">
              {contact.cta}
            </a>
          </div>
        </aside>
        <div className="prop-layout__details">
          <section aria-labelledby="caracteristicas">
            <h2 id="caracteristicas">Características</h2>
            <KeyFacts property={property} />
          </section>
          <section aria-labelledby="descripcion">
            <h2 id="descripcion">Descripción</h2>
            <div className="prop-description">
              {property.description.split(/\n\s*\n/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>
          {property.amenities.length ? (
            <section aria-labelledby="amenidades">
              <h2 id="amenidades">Amenidades</h2>
              <Amenities amenities={property.amenities} />
            </section>
          ) : null}
          <section aria-labelledby="ubicacion">
            <h2 id="ubicacion">Ubicación</h2>
            <Location property={property} zone={zone} development={development} />
          </section>
          <Share path={payload.path} title={property.title} />
        </div>
      </div>
      <div id="contactar" className="prop-anchor" />
      <LeadForm
        key={property.slug}
        source="propiedad"
        propertySlug={property.slug}
        propertyTitle={property.title}
        propertyTaken={taken}
        heading={contact.heading}
        intro={contact.intro}
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
