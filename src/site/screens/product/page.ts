import type { ListingQuery } from '../../../catalogue/listing-query'
import type { Product } from '../../../catalogue/model'
import { crumbs, describe, listing, OPERATION_SECTIONS, type ListingResult, type PageContent, type PageInput } from '../../data/payload'

export interface ProductData extends ListingResult { product: Product; filter: ListingQuery }

export default function productPage({ agency, catalogue, path, params }: PageInput): PageContent<ProductData> {
  const product = catalogue.products.find((p) => p.slug === params.slug)!
  const filter: ListingQuery = {
    ...(product.filter.operation ? { operacion: product.filter.operation } : {}),
    ...(product.filter.type ? { tipo: product.filter.type } : {}),
    ...(product.filter.zone ? { zona: product.filter.zone } : {}),
    ...(product.filter.development ? { desarrollo: product.filter.development } : {}),
  }
  const section = product.filter.operation ? [OPERATION_SECTIONS[product.filter.operation]] : []
  return {
    head: { title: `${product.title} | ${agency.profile.name}`, description: describe(product.description), image: product.image.src, jsonLd: [crumbs(path, product.name, ...section)] },
    data: { product, filter, ...listing(catalogue, filter) },
  }
}
