import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, foldText, type ListingPage, type ListingQuery } from '../../catalogue/listing-query'
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
import type { Database, Queryable } from './database'
import { listingSql, toMxn } from './listings-sql'

const pageOf = <T>(items: T[], total: number, page: number, pageSize: number): ListingPage<T> => ({
  items,
  total,
  page,
  pageSize,
  pages: Math.max(1, Math.ceil(total / pageSize)),
})

/** Read access to the catalogue; every query is the same SQL on both storages. */
export function catalogueRepository(db: Queryable) {
  const data = async <T>(sql: string, params: unknown[] = []) => (await db.query<{ data: T }>(sql, params)).map((r) => r.data)
  const one = async <T>(sql: string, params: unknown[]) => (await data<T>(sql, params))[0] ?? null

  return {
    async searchProperties(query: ListingQuery): Promise<ListingPage<Property>> {
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
      return pageOf(rows.map((r) => r.data), total, sql.page, sql.limit)
    },
    propertyBySlug: (slug: string) => one<Property>('SELECT data FROM properties WHERE slug = $1', [slug]),
    /** Every property, for prerendering and the sitemap. */
    allProperties: () => data<Property>('SELECT data FROM properties ORDER BY id'),
    /** Same operation and type, nearest in price, excluding the property itself. */
    similarProperties: (property: Property, limit = 4) =>
      data<Property>(
        `SELECT data FROM properties WHERE operation = $1 AND type = $2 AND slug <> $3 AND status = 'disponible'
         ORDER BY (zone = $4) DESC, abs(price_mxn - $5) ASC, id LIMIT $6`,
        [property.operation, property.type, property.slug, property.zone, toMxn(property.price.amount, property.price.currency), limit],
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
      const properties = await data<Property>('SELECT data FROM properties WHERE development = $1 AND type = $2 ORDER BY price_mxn, id', [slug, type])
      return { models: development.models.filter((m) => m.type === type), properties }
    },
    async blogPosts(page = 1, pageSize = DEFAULT_PAGE_SIZE): Promise<ListingPage<BlogPost>> {
      const size = Math.min(pageSize, MAX_PAGE_SIZE)
      const [count] = await db.query<{ total: string | number }>('SELECT count(*) AS total FROM blog_posts')
      const items = await data<BlogPost>('SELECT data FROM blog_posts ORDER BY published_at DESC, slug LIMIT $1 OFFSET $2', [size, (page - 1) * size])
      return pageOf(items, Number(count?.total ?? 0), page, size)
    },
    blogPost: (slug: string) => one<BlogPost>('SELECT data FROM blog_posts WHERE slug = $1', [slug]),
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
    for (const zone of catalogue.zones) await tx.query('INSERT INTO zones (slug, data) VALUES ($1, $2)', [zone.slug, zone])
    for (const d of catalogue.developments) {
      await tx.query('INSERT INTO developments (slug, zone, stage, price_from_mxn, data) VALUES ($1, $2, $3, $4, $5)', [
        d.slug, d.zone, d.stage, toMxn(d.priceFrom.amount, d.priceFrom.currency), d,
      ])
    }
    const developmentNames = new Map(catalogue.developments.map((d) => [d.slug, d.name]))
    const zoneNames = new Map(catalogue.zones.map((z) => [z.slug, z.name]))
    for (const p of catalogue.properties) {
      const searchText = foldText([p.title, p.description, p.address, zoneNames.get(p.zone), p.development && developmentNames.get(p.development)].filter(Boolean).join(' '))
      await tx.query(
        `INSERT INTO properties (id, slug, operation, type, zone, development, price_mxn, bedrooms, bathrooms, parking,
           construction_m2, lot_m2, amenities, status, featured, search_text, created_at, data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          p.id, p.slug, p.operation, p.type, p.zone, p.development, toMxn(p.price.amount, p.price.currency), p.bedrooms,
          p.bathrooms, p.parking, p.constructionM2, p.lotM2, p.amenities, p.status, p.featured, searchText, p.createdAt, p,
        ],
      )
    }
    for (const post of catalogue.blog) await tx.query('INSERT INTO blog_posts (slug, published_at, data) VALUES ($1, $2, $3)', [post.slug, post.publishedAt, post])
    for (const product of catalogue.products) await tx.query('INSERT INTO products (slug, data) VALUES ($1, $2)', [product.slug, product])
  })
  return true
}
