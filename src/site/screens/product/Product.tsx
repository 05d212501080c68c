import type { ScreenProps } from '../props'
import { ListingFilters } from '../../components/ListingFilters'
import { PageHeading } from '../../components/PageHeading'
import { PropertyGrid } from '../../components/PropertyCard'
import type { ProductData } from './page'

export default function Product({ payload }: ScreenProps<ProductData>) {
  const { product, total, items } = payload.data
  return (
    <>
      <PageHeading>{product.title}</PageHeading>
      <p className="lead">{product.description}</p>
      <h2 className="count">{total === 1 ? '1 propiedad' : `${total} propiedades`}</h2>
      <ListingFilters filter={payload.data.filter} total={total} shown={items.length} kinds={payload.data.kinds} />
      <PropertyGrid items={items} priorityFirst />
    </>
  )
}
