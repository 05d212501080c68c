/**
 * A catalogue row as every writer stores it: each kind's table and key, and the columns beside
 * `data` that the searches read. The seed and the import (catalogue-import-repo.ts) and the
 * console's edits (catalogue-edit-repo.ts) write rows only through these.
 */
import { toMxn } from '../../catalogue/format'
import type { ListingRow } from '../../catalogue/listing-criteria'
import type { BlogPost, Development, Product, Zone } from '../../catalogue/model'
import type { CatalogueKind } from '../../protocol/catalogue'
import type { Queryable } from './database'

/** Each kind's table and key column (the property's id; every other kind's slug). */
export const CATALOGUE_TABLES: Readonly<Record<CatalogueKind, { table: string; key: 'id' | 'slug' }>> = {
  properties: { table: 'properties', key: 'id' },
  developments: { table: 'developments', key: 'slug' },
  posts: { table: 'blog_posts', key: 'slug' },
  zones: { table: 'zones', key: 'slug' },
  products: { table: 'products', key: 'slug' },
}

/**
 * The columns of each kind's row beside its `data`: what the searches read, computed the one way
 * for the seed and the import (catalogue-import-repo.ts) and every edit (catalogue-edit-repo.ts). A property's are its listing row's
 * (catalogue/listing-criteria.ts).
 */
export const rowColumns = {
  properties: ({ property: p, priceMxn, searchText }: ListingRow): Record<string, unknown> => ({
    id: p.id, slug: p.slug, operation: p.operation, type: p.type, zone: p.zone, development: p.development, price_mxn: priceMxn,
    bedrooms: p.bedrooms, bathrooms: p.bathrooms, parking: p.parking, construction_m2: p.constructionM2, lot_m2: p.lotM2,
    amenities: p.amenities, status: p.status, featured: p.featured, search_text: searchText, created_at: p.createdAt, data: p,
  }),
  developments: (d: Development): Record<string, unknown> => ({
    slug: d.slug, zone: d.zone, stage: d.stage, price_from_mxn: toMxn(d.priceFrom.amount, d.priceFrom.currency), data: d,
  }),
  posts: (post: BlogPost): Record<string, unknown> => ({ slug: post.slug, published_at: post.publishedAt, data: post }),
  zones: (zone: Zone): Record<string, unknown> => ({ slug: zone.slug, data: zone }),
  products: (product: Product): Record<string, unknown> => ({ slug: product.slug, data: product }),
}

/** INSERT of one row from its columns (names are ours, values parameters). */
export async function insertRow(db: Queryable, table: string, columns: Record<string, unknown>): Promise<void> {
  const names = Object.keys(columns)
  await db.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(columns))
}
