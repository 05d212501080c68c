import { formatMonth } from '../../../catalogue/format'
import { STAGE_LABELS, UNIT_KIND_LABELS } from '../../../catalogue/labels'
import type { ScreenProps } from '../props'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { UnitsData } from './page'
import { ModelCards } from '../../property/Models'

export default function Units({ payload }: ScreenProps<UnitsData>) {
  const { development, kind, models, properties } = payload.data
  const label = UNIT_KIND_LABELS[kind]
  const delivery = development.deliveryDate ? formatMonth(development.deliveryDate) : development.stage === 'entrega-inmediata' ? 'Inmediata' : null
  const empty = models.length === 0 && properties.length === 0
  return (
    <article className="prop-page">
      <nav aria-label="Ruta de navegación" className="breadcrumb prop-breadcrumb">
        <a href="/">Inicio</a> › <a href="/desarrollos-inmobiliarios-cancun">Desarrollos</a> › <a href={`/${development.slug}`}>{development.name}</a> ›{' '}
        <span aria-current="page">{label}</span>
      </nav>
      <PageHeading>
        {label} en {development.name}
      </PageHeading>
      <p className="prop-subtitle">
        {STAGE_LABELS[development.stage]}
        {delivery ? ` · Entrega: ${delivery}` : ''}
      </p>
      {empty ? (
        <div className="prop-empty">
          <p className="prop-empty__title">Por ahora no hay {label.toLowerCase()} disponibles en {development.name}.</p>
          <p>Este desarrollo tiene otros modelos que pueden interesarte.</p>
          <a className="button" href={`/${development.slug}`}>
            Ver {development.name}
          </a>
        </div>
      ) : null}
      {models.length ? (
        <section aria-labelledby="modelos">
          <h2 id="modelos">Modelos</h2>
          <ModelCards models={models} deliveryLabel={delivery} />
        </section>
      ) : null}
      {properties.length ? (
        <section aria-labelledby="propiedades">
          <h2 id="propiedades">Propiedades publicadas</h2>
          <PropertyGrid items={properties} />
        </section>
      ) : null}
    </article>
  )
}
