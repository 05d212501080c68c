import { formatMonth, formatPrice } from '../../../catalogue/format'
import { STAGE_LABELS, UNIT_KIND_LABELS } from '../../../catalogue/labels'
import { UNIT_KINDS, UNIT_KIND_TYPE } from '../../../catalogue/model'
import type { ScreenProps } from '../props'
import { Picture } from '../../components/Image'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { DevelopmentData } from './page'
import { Amenities } from '../../property/Details'
import { ModelsTable } from '../../property/Models'

export default function Development({ payload }: ScreenProps<DevelopmentData>) {
  const { development, properties, zone } = payload.data
  // Only the kinds this development has (models or listed properties), never an empty section.
  const kinds = UNIT_KINDS.filter(
    (kind) => development.models.some((m) => m.type === UNIT_KIND_TYPE[kind]) || properties.some((p) => p.type === UNIT_KIND_TYPE[kind]),
  )
  const available = development.models.reduce((sum, m) => sum + m.available, 0)
  const total = development.models.reduce((sum, m) => sum + m.total, 0)
  return (
    <article className="prop-page">
      <nav aria-label="Ruta de navegación" className="breadcrumb prop-breadcrumb">
        <a href="/">Inicio</a> › <a href="/desarrollos-inmobiliarios-cancun">Desarrollos</a> › <span aria-current="page">{development.name}</span>
      </nav>
      <PageHeading>{development.name}</PageHeading>
      <p className="lead">{development.summary}</p>
      {development.images[0] ? (
        <div className="prop-hero">
          <Picture image={development.images[0]} width={1200} priority className="prop-hero__image" />
        </div>
      ) : null}
      <dl className="prop-facts prop-facts--wide">
        <div className="prop-facts__row">
          <dt>Etapa</dt>
          <dd>{STAGE_LABELS[development.stage]}</dd>
        </div>
        <div className="prop-facts__row">
          <dt>Entrega</dt>
          <dd>{development.deliveryDate ? formatMonth(development.deliveryDate) : development.stage === 'entrega-inmediata' ? 'Inmediata' : 'Por confirmar'}</dd>
        </div>
        <div className="prop-facts__row">
          <dt>Precio desde</dt>
          <dd>{formatPrice(development.priceFrom)}</dd>
        </div>
        {zone ? (
          <div className="prop-facts__row">
            <dt>Zona</dt>
            <dd>{zone.path ? <a href={zone.path}>{zone.name}</a> : zone.name}</dd>
          </div>
        ) : null}
        {total > 0 ? (
          <div className="prop-facts__row">
            <dt>Unidades disponibles</dt>
            <dd>
              {available} de {total}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="prop-description">
        {development.description.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {kinds.length ? (
        <nav aria-label="Tipos de unidad" className="prop-kinds">
          <ul className="pills">
            {kinds.map((kind) => (
              <li key={kind}>
                <a href={`/${development.slug}/${kind}`}>
                  {UNIT_KIND_LABELS[kind]} en {development.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {development.models.length ? (
        <section aria-labelledby="modelos">
          <h2 id="modelos">Modelos</h2>
          <ModelsTable models={development.models} caption={`Modelos de ${development.name}, precios y disponibilidad`} />
        </section>
      ) : null}
      {development.amenities.length ? (
        <section aria-labelledby="amenidades">
          <h2 id="amenidades">Amenidades</h2>
          <Amenities amenities={development.amenities} />
        </section>
      ) : null}
      {properties.length ? (
        <section aria-labelledby="propiedades">
          <h2 id="propiedades">Propiedades en {development.name}</h2>
          <PropertyGrid items={properties} />
        </section>
      ) : null}
    </article>
  )
}
