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
import { listingSql, PUBLIC_LISTINGS } from './listings-sql'

/**
 * Only published records reach the public (the site, /api, the chat agent): a draft or an archived
 * record is the agency's own (docs/catalogue.md#publication). Zones and products are always published.
 */
const PUBLISHED = "publication = 'publicada'"

/** A record taken off the site: its page answers 301 to its listing. */
const ARCHIVED = 'archivada'

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
    /** What an in-memory listing search needs (catalogue/listing-index.ts): the published catalogue's lists. */
    async listingCatalogue(): Promise<ListingCatalogue> {
      const { properties, zones, developments } = await this.publishedCatalogue()
      return { properties, zones, developments }
    },
    /**
     * The published catalogue, whole (docs/live-site.md): what the site renders, the agent searches
     * and the live catalogue versions. Each kind in the order its listings use.
     */
    async publishedCatalogue(): Promise<Catalogue> {
      return {
        zones: await data<Zone>('SELECT data FROM zones ORDER BY slug'),
        properties: await data<Property>(`SELECT data FROM properties WHERE ${PUBLISHED} ORDER BY id COLLATE "C"`),
        developments: await data<Development>(`SELECT data FROM developments WHERE ${PUBLISHED} ORDER BY price_from_mxn, slug`),
        blog: await data<BlogPost>(`SELECT data FROM blog_posts WHERE ${PUBLISHED} ORDER BY published_at DESC, slug`),
        products: await data<Product>('SELECT data FROM products ORDER BY slug'),
      }
    },
    /** Old paths that answer 301 (catalogue_redirects: changed slugs, archived pages), and the archived properties (a 301 to their listing). */
    async catalogueRedirects(): Promise<{ redirects: { from: string; to: string }[]; archived: Pick<Property, 'slug' | 'operation'>[] }> {
      const redirects = await db.query<{ from: string; to: string }>('SELECT from_path AS "from", to_path AS "to" FROM catalogue_redirects ORDER BY from_path')
      const archived = await db.query<Pick<Property, 'slug' | 'operation'>>(`SELECT slug, operation FROM properties WHERE publication = '${ARCHIVED}' ORDER BY slug`)
      return { redirects, archived }
    },
    /** Changes whenever anything the live site serves changes: any catalogue row, its publication, a redirect. */
    async fingerprint(): Promise<string> {
      const [row] = await db.query<{ digest: string | null }>(
        `SELECT md5(string_agg(digest, '' ORDER BY digest COLLATE "C")) AS digest FROM (
           SELECT md5('p' || publication || data::text) AS digest FROM properties
           UNION ALL SELECT md5('z' || data::text) FROM zones
           UNION ALL SELECT md5('d' || publication || data::text) FROM developments
           UNION ALL SELECT md5('b' || publication || data::text) FROM blog_posts
           UNION ALL SELECT md5('x' || data::text) FROM products
           UNION ALL SELECT md5('r' || from_path || ' ' || to_path) FROM catalogue_redirects
           UNION ALL SELECT md5('a' || name || body::text) FROM agency_documents) AS rows`,
      )
      return row?.digest ?? ''
    },
    propertyBySlug: (slug: string) => one<Property>(`SELECT data FROM properties WHERE slug = $1 AND ${PUBLISHED}`, [slug]),
    /** The published properties among `ids` (a canned reply's cards), in no particular order. */
    propertiesByIds: (ids: readonly string[]) =>
      ids.length ? data<Property>(`SELECT data FROM properties WHERE id = ANY($1::text[]) AND ${PUBLISHED}`, [[...ids]]) : Promise.resolve([]),
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
