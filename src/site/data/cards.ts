/** What lists of properties and posts show of each: the payloads and the search results stay small. */
import type { BlogPost, Property } from '../../catalogue/model'

/** A listing card: what a grid needs of a property. */
export type PropertyCard = Pick<
  Property,
  'slug' | 'title' | 'operation' | 'type' | 'price' | 'zone' | 'bedrooms' | 'bathrooms' | 'parking' | 'constructionM2' | 'lotM2' | 'status'
> & { image: Property['images'][number] | null }

export type PostCard = Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'cover' | 'publishedAt' | 'author'>

export const toCard = (p: Property): PropertyCard => ({
  slug: p.slug, title: p.title, operation: p.operation, type: p.type, price: p.price, zone: p.zone, bedrooms: p.bedrooms,
  bathrooms: p.bathrooms, parking: p.parking, constructionM2: p.constructionM2, lotM2: p.lotM2, status: p.status, image: p.images[0] ?? null,
})
export const toPostCard = ({ slug, title, excerpt, cover, publishedAt, author }: BlogPost): PostCard => ({ slug, title, excerpt, cover, publishedAt, author })
