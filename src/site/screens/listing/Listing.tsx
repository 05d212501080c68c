import type { ScreenProps } from '../props'
import { ListingFilters } from '../../components/ListingFilters'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { ListingData } from '../../data/payload'

export default function Listing({ payload }: ScreenProps<ListingData>) {
  const { heading, intro, filter, total, items, kinds } = payload.data
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <p className="lead">{intro}</p>
      <h2 className="count">{total === 1 ? '1 propiedad' : `${total} propiedades`}</h2>
      <ListingFilters filter={filter} total={total} shown={items.length} kinds={kinds} />
      <PropertyGrid items={items} priorityFirst />
    </>
  )
}
