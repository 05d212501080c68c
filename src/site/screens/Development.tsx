import { formatArea, formatMonth, formatPrice } from '../../catalogue/format'
import { AMENITY_LABELS, STAGE_LABELS } from '../../catalogue/labels'
import { UNIT_KINDS, UNIT_KIND_TYPE } from '../../catalogue/model'
import type { ScreenProps } from '../app/screen'
import { Picture } from '../components/Image'
import { PageHeading } from '../components/PageHeading'
import { PropertyGrid } from '../components/PropertyCard'
import type { DevelopmentData } from '../data/payload'

export default function Development({ payload }: ScreenProps<DevelopmentData>) {
  const { development, properties, zone } = payload.data
  const kinds = UNIT_KINDS.filter((kind) => development.models.some((m) => m.type === UNIT_KIND_TYPE[kind]))
  return (
    <>
      <PageHeading>{development.name}</PageHeading>
      <p className="lead">{development.summary}</p>
      <p>
        {STAGE_LABELS[development.stage]}
        {development.deliveryDate ? ` · entrega ${formatMonth(development.deliveryDate)}` : ''} · desde {formatPrice(development.priceFrom)}
        {zone ? ` · ${zone.name}` : ''}
      </p>
      {development.images[0] ? <Picture image={development.images[0]} width={800} priority /> : null}
      {development.description.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      <nav aria-label="Tipos de unidad">
        <ul className="pills">
          {kinds.map((kind) => (
            <li key={kind}>
              <a href={`/${development.slug}/${kind}`}>{{ casas: 'Casas', departamentos: 'Departamentos', terrenos: 'Terrenos' }[kind]}</a>
            </li>
          ))}
        </ul>
      </nav>
      <h2>Modelos</h2>
      <ul className="models">
        {development.models.map((m) => (
          <li key={m.slug}>
            <strong>{m.name}</strong> · {formatPrice(m.price)} · {formatArea(m.constructionM2 ?? m.lotM2)} · {m.available} de {m.total} disponibles
          </li>
        ))}
      </ul>
      <h2>Amenidades</h2>
      <ul className="amenities">
        {development.amenities.map((a) => (
          <li key={a}>{AMENITY_LABELS[a]}</li>
        ))}
      </ul>
      {properties.length ? (
        <>
          <h2>Propiedades en {development.name}</h2>
          <PropertyGrid items={properties} />
        </>
      ) : null}
    </>
  )
}
