import type { ScreenProps } from '../props'
import { ListingFilters } from '../../components/ListingFilters'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { ZoneData } from './page'

export default function Zone({ payload }: ScreenProps<ZoneData>) {
  const { zone, total, items } = payload.data
  return (
    <>
      <PageHeading>Propiedades en {zone.name}</PageHeading>
      <p className="lead">{zone.description}</p>
      <h2 className="count">{total === 1 ? '1 propiedad' : `${total} propiedades`}</h2>
      <ListingFilters filter={payload.data.filter} total={total} shown={items.length} kinds={payload.data.kinds} />
      <PropertyGrid items={items} priorityFirst />
    </>
  )
}
