import type { ScreenProps } from '../app/screen'
import { PageHeading } from '../components/PageHeading'
import { PropertyGrid } from '../components/PropertyCard'
import type { ListingData } from '../data/payload'

export default function Search({ payload }: ScreenProps<ListingData>) {
  const { total, items } = payload.data
  return (
    <>
      <PageHeading>Buscar propiedades</PageHeading>
      <p className="count">{total} propiedades en Cancún</p>
      <PropertyGrid items={items} priorityFirst />
    </>
  )
}
