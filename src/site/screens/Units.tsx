import { formatArea, formatBathrooms, formatBedrooms, formatPrice } from '../../catalogue/format'
import { UNIT_KIND_LABELS } from '../../catalogue/labels'
import type { ScreenProps } from '../app/screen'
import { Picture } from '../components/Image'
import { PageHeading } from '../components/PageHeading'
import { PropertyGrid } from '../components/PropertyCard'
import type { UnitsData } from '../data/payload'

export default function Units({ payload }: ScreenProps<UnitsData>) {
  const { development, kind, models, properties } = payload.data
  return (
    <>
      <p className="breadcrumb">
        <a href="/desarrollos-inmobiliarios-cancun">Desarrollos</a> › <a href={`/${development.slug}`}>{development.name}</a>
      </p>
      <PageHeading>{UNIT_KIND_LABELS[kind]} en {development.name}</PageHeading>
      {models.length === 0 && properties.length === 0 ? <p>Por ahora no hay {UNIT_KIND_LABELS[kind].toLowerCase()} disponibles en este desarrollo.</p> : null}
      <ul className="tiles">
        {models.map((m, i) => (
          <li key={m.slug}>
            <Picture image={m.image} width={360} priority={i === 0} />
            <strong>{m.name}</strong>
            <span>
              {formatPrice(m.price)} · {[m.bedrooms ? formatBedrooms(m.bedrooms) : '', m.bathrooms ? formatBathrooms(m.bathrooms) : '', formatArea(m.constructionM2 ?? m.lotM2)].filter(Boolean).join(' · ')}
            </span>
            <span>{m.available} de {m.total} disponibles</span>
          </li>
        ))}
      </ul>
      {properties.length ? <PropertyGrid items={properties} /> : null}
    </>
  )
}
