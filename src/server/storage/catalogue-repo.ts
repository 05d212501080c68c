import { toMxn } from '../../catalogue/format'
import { ID_ORDER_SQL, listingRows, type ListingCatalogue, type ListingRow } from '../../catalogue/listing-criteria'
import { MAX_PAGE_SIZE, listingPage, listingPaging, type ListingPage, type ListingQuery } from '../../catalogue/listing-query'
import {
  UNIT_KIND_TYPE,
  type BlogPost,
  type Catalogue,
  type Development,
  type DevelopmentModel,
  type Product,
  type Property,
  type UnitKind,
  type Zone,
} from '../../catalogue/model'
import { priceMxn, SIMILAR_LIMIT, SUGGESTED_STATUS } from '../../catalogue/similar'
import type { CatalogueKind } from '../../protocol/catalogue'
import type { Database, Queryable } from './database'
import { listingSql, PUBLIC_LISTINGS } from './listings-sql'

/**
 * Only published records reach the public (the site, /api, the chat agent): a draft or an archived
 * record is the agency's own (docs/catalogue.md#publication). Zones and products are always published.
 */
const PUBLISHED = "publication = 'publicada'"

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
 * for the seed (below) and every edit (catalogue-edit-repo.ts). A property's are its listing row's
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

/** Read access to the catalogue; every query is the same SQL on both storages. */
export function catalogueRepository(db: Queryable) {
  const data = async <T>(sql: string, params: unknown[] = []) => (await db.query<{ data: T }>(sql, params)).map((r) => r.data)
  const one = async <T>(sql: string, params: unknown[]) => (await data<T>(sql, params))[0] ?? null

  async function searchProperties(query: ListingQuery): Promise<ListingPage<Property>> {
    const sql = listingSql(query, PUBLIC_LISTINGS)
    // One round trip: the page and the total (a window count) together.
    const rows = await db.query<{ data: Property; total: string | number }>(
      `SELECT data, count(*) OVER () AS total FROM properties WHERE ${sql.where}
       ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.offset}`,
      sql.params,
    )
    let total = Number(rows[0]?.total ?? 0)
    if (rows.length === 0 && sql.offset > 0) {
      const [count] = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM properties WHERE ${sql.where}`, sql.params)
      total = Number(count?.total ?? 0) // past the last page: no row carries the total
    }
    return listingPage(rows.map((r) => r.data), total, { page: sql.page, pageSize: sql.limit })
  }

  return {
    searchProperties,
    /** What an in-memory listing search needs (catalogue/listing-index.ts), in the storage's order. */
    async listingCatalogue(): Promise<ListingCatalogue> {
      const [properties, zones, developments] = [
        await data<Property>(`SELECT data FROM properties WHERE ${PUBLISHED} ORDER BY id COLLATE "C"`),
        await data<Zone>('SELECT data FROM zones ORDER BY slug'),
        await data<Development>(`SELECT data FROM developments WHERE ${PUBLISHED} ORDER BY price_from_mxn, slug`),
      ]
      return { properties, zones, developments }
    },
    /** Changes whenever a published listing, zone or development changes, or is published or withdrawn (a digest of their rows). */
    async fingerprint(): Promise<string> {
      const [row] = await db.query<{ digest: string | null }>(
        `SELECT md5(string_agg(digest, '' ORDER BY digest COLLATE "C")) AS digest FROM (
           SELECT md5('p' || data::text) AS digest FROM properties WHERE ${PUBLISHED}
           UNION ALL SELECT md5('z' || data::text) FROM zones
           UNION ALL SELECT md5('d' || data::text) FROM developments WHERE ${PUBLISHED}) AS rows`,
      )
      return row?.digest ?? ''
    },
    propertyBySlug: (slug: string) => one<Property>(`SELECT data FROM properties WHERE slug = $1 AND ${PUBLISHED}`, [slug]),
    /**
     * The property page's "Propiedades similares": catalogue/similar.ts's rule as a query over
     * `properties` (its price_mxn is toMxn of the price).
     */
    similarProperties: (property: Property) =>
      data<Property>(
        `SELECT data FROM properties
         WHERE id <> $1 AND operation = $2 AND type = $3 AND status = $4 AND ${PUBLISHED}
         ORDER BY (zone = $5) DESC, abs(price_mxn - $6) ASC, ${ID_ORDER_SQL}
         LIMIT $7`,
        [property.id, property.operation, property.type, SUGGESTED_STATUS, property.zone, priceMxn(property), SIMILAR_LIMIT],
      ),
    zones: () => data<Zone>('SELECT data FROM zones ORDER BY slug'),
    zone: (slug: string) => one<Zone>('SELECT data FROM zones WHERE slug = $1', [slug]),
    developments: () => data<Development>(`SELECT data FROM developments WHERE ${PUBLISHED} ORDER BY price_from_mxn, slug`),
    development: (slug: string) => one<Development>(`SELECT data FROM developments WHERE slug = $1 AND ${PUBLISHED}`, [slug]),
    /** A development's models and listed properties of one kind (casas, departamentos, terrenos). */
    async developmentUnits(slug: string, kind: UnitKind): Promise<{ models: DevelopmentModel[]; properties: Property[] } | null> {
      const development = await one<Development>(`SELECT data FROM developments WHERE slug = $1 AND ${PUBLISHED}`, [slug])
      if (!development) return null
      const type = UNIT_KIND_TYPE[kind]
      // The same listing as the site's units page.
      const { items } = await searchProperties({ desarrollo: slug, tipo: type, por_pagina: MAX_PAGE_SIZE })
      return { models: development.models.filter((m) => m.type === type), properties: items }
    },
    async blogPosts(page?: number, pageSize?: number): Promise<ListingPage<BlogPost>> {
      const paging = listingPaging({ pagina: page, por_pagina: pageSize })
      const [count] = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM blog_posts WHERE ${PUBLISHED}`)
      const items = await data<BlogPost>(`SELECT data FROM blog_posts WHERE ${PUBLISHED} ORDER BY published_at DESC, slug LIMIT $1 OFFSET $2`, [paging.pageSize, paging.offset])
      return listingPage(items, Number(count?.total ?? 0), paging)
    },
    blogPost: (slug: string) => one<BlogPost>(`SELECT data FROM blog_posts WHERE slug = $1 AND ${PUBLISHED}`, [slug]),
    products: () => data<Product>('SELECT data FROM products ORDER BY slug'),
    product: (slug: string) => one<Product>('SELECT data FROM products WHERE slug = $1', [slug]),
  }
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>

/** Load the catalogue into an empty database (first start); false when it already has one. */
export async function seedCatalogue(db: Database, catalogue: Catalogue): Promise<boolean> {
  const [row] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM properties')
  if (Number(row?.n) > 0) return false
  await db.transaction(async (tx) => {
    for (const zone of catalogue.zones) await insertRow(tx, 'zones', rowColumns.zones(zone))
    for (const d of catalogue.developments) await insertRow(tx, 'developments', rowColumns.developments(d))
    for (const row of listingRows(catalogue)) await insertRow(tx, 'properties', rowColumns.properties(row))
    for (const post of catalogue.blog) await insertRow(tx, 'blog_posts', rowColumns.posts(post))
    for (const product of catalogue.products) await insertRow(tx, 'products', rowColumns.products(product))
  })
  return true
}
