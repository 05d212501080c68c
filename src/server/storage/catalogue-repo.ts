import { ID_ORDER_SQL, type ListingCatalogue } from '../../catalogue/listing-criteria'
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
import type { Database, Queryable } from './database'
import { writeCatalogue } from './catalogue-import-repo'
import { listingSql } from './listings-sql'

/** Read access to the catalogue; every query is the same SQL on both storages. */
export function catalogueRepository(db: Queryable) {
  const data = async <T>(sql: string, params: unknown[] = []) => (await db.query<{ data: T }>(sql, params)).map((r) => r.data)
  const one = async <T>(sql: string, params: unknown[]) => (await data<T>(sql, params))[0] ?? null

  async function searchProperties(query: ListingQuery): Promise<ListingPage<Property>> {
    const sql = listingSql(query)
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
        await data<Property>('SELECT data FROM properties ORDER BY id COLLATE "C"'),
        await data<Zone>('SELECT data FROM zones ORDER BY slug'),
        await data<Development>('SELECT data FROM developments ORDER BY price_from_mxn, slug'),
      ]
      return { properties, zones, developments }
    },
    /** Changes whenever a listing, zone or development changes (a digest of their rows). */
    async fingerprint(): Promise<string> {
      const [row] = await db.query<{ digest: string | null }>(
        `SELECT md5(string_agg(digest, '' ORDER BY digest COLLATE "C")) AS digest FROM (
           SELECT md5('p' || data::text) AS digest FROM properties
           UNION ALL SELECT md5('z' || data::text) FROM zones
           UNION ALL SELECT md5('d' || data::text) FROM developments) AS rows`,
      )
      return row?.digest ?? ''
    },
    propertyBySlug: (slug: string) => one<Property>('SELECT data FROM properties WHERE slug = $1', [slug]),
    /**
     * The property page's "Propiedades similares": catalogue/similar.ts's rule as a query over
     * `properties` (its price_mxn is toMxn of the price).
     */
    similarProperties: (property: Property) =>
      data<Property>(
        `SELECT data FROM properties
         WHERE id <> $1 AND operation = $2 AND type = $3 AND status = $4
         ORDER BY (zone = $5) DESC, abs(price_mxn - $6) ASC, ${ID_ORDER_SQL}
         LIMIT $7`,
        [property.id, property.operation, property.type, SUGGESTED_STATUS, property.zone, priceMxn(property), SIMILAR_LIMIT],
      ),
    zones: () => data<Zone>('SELECT data FROM zones ORDER BY slug'),
    zone: (slug: string) => one<Zone>('SELECT data FROM zones WHERE slug = $1', [slug]),
    developments: () => data<Development>('SELECT data FROM developments ORDER BY price_from_mxn, slug'),
    development: (slug: string) => one<Development>('SELECT data FROM developments WHERE slug = $1', [slug]),
    /** A development's models and listed properties of one kind (casas, departamentos, terrenos). */
    async developmentUnits(slug: string, kind: UnitKind): Promise<{ models: DevelopmentModel[]; properties: Property[] } | null> {
      const development = await one<Development>('SELECT data FROM developments WHERE slug = $1', [slug])
      if (!development) return null
      const type = UNIT_KIND_TYPE[kind]
      // The same listing as the site's units page.
      const { items } = await searchProperties({ desarrollo: slug, tipo: type, por_pagina: MAX_PAGE_SIZE })
      return { models: development.models.filter((m) => m.type === type), properties: items }
    },
    async blogPosts(page?: number, pageSize?: number): Promise<ListingPage<BlogPost>> {
      const paging = listingPaging({ pagina: page, por_pagina: pageSize })
      const [count] = await db.query<{ total: string | number }>('SELECT count(*) AS total FROM blog_posts')
      const items = await data<BlogPost>('SELECT data FROM blog_posts ORDER BY published_at DESC, slug LIMIT $1 OFFSET $2', [paging.pageSize, paging.offset])
      return listingPage(items, Number(count?.total ?? 0), paging)
    },
    blogPost: (slug: string) => one<BlogPost>('SELECT data FROM blog_posts WHERE slug = $1', [slug]),
    products: () => data<Product>('SELECT data FROM products ORDER BY slug'),
    product: (slug: string) => one<Product>('SELECT data FROM products WHERE slug = $1', [slug]),
  }
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>

/**
 * Load the catalogue into an empty database (first start); false when it already has one. The
 * same upsert as `npm run catalogue -- import` (catalogue-import-repo.ts).
 */
export async function seedCatalogue(db: Database, catalogue: Catalogue): Promise<boolean> {
  const [row] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM properties')
  if (Number(row?.n) > 0) return false
  await writeCatalogue(db, catalogue, { deleteMissing: [] })
  return true
}
