// The demo catalogue in content/ (written by scripts/content/generate.mjs): shape and enums per
// src/catalogue/model.ts, references, realistic prices, and safe, existing, correctly sized images.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import {
  AMENITIES,
  CURRENCIES,
  DEVELOPMENT_STAGES,
  OPERATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  UNIT_KINDS,
  UNIT_KIND_TYPE,
  type Catalogue,
  type ImageAsset,
  type Operation,
  type Property,
  type PropertyType,
} from '../../src/catalogue/model'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CONTENT = join(ROOT, 'content')
const IMAGES = join(CONTENT, 'images')
const catalogue = JSON.parse(readFileSync(join(CONTENT, 'catalogue.json'), 'utf8')) as Catalogue
const { zones, properties, developments, blog, products } = catalogue

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
/** The site's one-segment fixed routes (docs/behaviour.md#routes): no product or development may take them. */
const FIXED_ROUTES = [
  'acerca', 'contacto', 'gracias', 'politica-de-privacidad', 'blog', 'buscar-propiedades', 'propiedad', 'venta-cancun',
  'renta-cancun', 'preventa-cancun', 'desarrollos-inmobiliarios-cancun', 'huayacan-cancun', 'puerto-cancun', 'zona-hotelera',
]
const COMMERCIAL: PropertyType[] = ['local', 'oficina', 'bodega']

const inList = <T extends string>(list: readonly T[], value: unknown): boolean => list.includes(value as T)
const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i)
const isIso = (value: unknown) => typeof value === 'string' && ISO_DATE.test(value) && new Date(value).toISOString() === value
const inCancun = (g: { lat: number; lng: number }) => g.lat > 20.95 && g.lat < 21.3 && g.lng > -87.0 && g.lng < -86.7

/** Every image the catalogue references, with where it is used. */
function allImages(): { where: string; image: ImageAsset }[] {
  return [
    ...zones.map((z) => ({ where: `zone ${z.slug}`, image: z.image })),
    ...properties.flatMap((p) => p.images.map((image) => ({ where: `property ${p.id}`, image }))),
    ...developments.flatMap((d) => [
      ...d.images.map((image) => ({ where: `development ${d.slug}`, image })),
      ...d.models.map((m) => ({ where: `model ${d.slug}/${m.slug}`, image: m.image })),
    ]),
    ...blog.map((b) => ({ where: `post ${b.slug}`, image: b.cover })),
    ...products.map((p) => ({ where: `product ${p.slug}`, image: p.image })),
  ]
}

function svgFiles(dir = IMAGES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? svgFiles(full) : name.endsWith('.svg') ? [full] : []
  })
}

describe('demo catalogue: counts and coverage', () => {
  it('has at least 60 properties covering every operation, the residential types and commercial ones', () => {
    expect(properties.length).toBeGreaterThanOrEqual(60)
    for (const op of OPERATIONS) expect(properties.some((p) => p.operation === op), op).toBe(true)
    for (const type of ['casa', 'departamento', 'terreno'] as const) expect(properties.some((p) => p.type === type), type).toBe(true)
    expect(properties.filter((p) => COMMERCIAL.includes(p.type)).length).toBeGreaterThanOrEqual(3)
    expect(new Set(properties.filter((p) => COMMERCIAL.includes(p.type)).map((p) => p.type))).toEqual(new Set(COMMERCIAL))
    const withDev = properties.filter((p) => p.development !== null).length
    expect(withDev).toBeGreaterThan(0)
    expect(withDev).toBeLessThan(properties.length / 2)
  })

  it('spreads the properties over every zone, with MXN and USD prices', () => {
    for (const zone of zones) expect(properties.filter((p) => p.zone === zone.slug).length, zone.slug).toBeGreaterThanOrEqual(5)
    const usd = properties.filter((p) => p.price.currency === 'USD').length
    expect(usd).toBeGreaterThan(0)
    expect(usd).toBeLessThan(properties.length / 2)
  })

  it('has at least 6 developments, including Residencial Cumbres Suiko with casas, departamentos and terrenos', () => {
    expect(developments.length).toBeGreaterThanOrEqual(6)
    const suiko = developments.find((d) => d.slug === 'residencial-cumbres-suiko')
    expect(suiko?.name).toBe('Residencial Cumbres Suiko')
    expect(suiko?.zone).toBe('huayacan')
    for (const kind of UNIT_KINDS) expect(suiko?.models.some((m) => m.type === UNIT_KIND_TYPE[kind]), kind).toBe(true)
    for (const stage of DEVELOPMENT_STAGES) expect(developments.some((d) => d.stage === stage), stage).toBe(true)
  })

  it('has the zones with their site paths', () => {
    const paths = Object.fromEntries(zones.map((z) => [z.slug, z.path]))
    expect(paths).toMatchObject({ huayacan: '/huayacan-cancun', 'puerto-cancun': '/puerto-cancun', 'zona-hotelera': '/zona-hotelera', centro: null })
  })

  it('has at least 8 blog posts and 6 products', () => {
    expect(blog.length).toBeGreaterThanOrEqual(8)
    expect(products.length).toBeGreaterThanOrEqual(6)
  })

  it('features 8 to 12 available properties and uses statuses that fit the operation', () => {
    const featured = properties.filter((p) => p.featured)
    expect(featured.length).toBeGreaterThanOrEqual(8)
    expect(featured.length).toBeLessThanOrEqual(12)
    expect(featured.every((p) => p.status === 'disponible')).toBe(true)
    expect(properties.filter((p) => p.status === 'disponible').length / properties.length).toBeGreaterThan(0.7)
    for (const p of properties) {
      if (p.status === 'rentada') expect(p.operation, p.id).toBe('renta')
      if (p.status === 'vendida') expect(p.operation, p.id).not.toBe('renta')
    }
  })
})

describe('demo catalogue: shape per model.ts', () => {
  it('uses only valid enum values', () => {
    for (const p of properties) {
      expect(inList(PROPERTY_TYPES, p.type), `${p.id} type ${p.type}`).toBe(true)
      expect(inList(OPERATIONS, p.operation), `${p.id} operation`).toBe(true)
      expect(inList(CURRENCIES, p.price.currency), `${p.id} currency`).toBe(true)
      expect(inList(PROPERTY_STATUSES, p.status), `${p.id} status`).toBe(true)
      for (const a of p.amenities) expect(inList(AMENITIES, a), `${p.id} amenity ${a}`).toBe(true)
      expect(new Set(p.amenities).size, `${p.id} repeated amenity`).toBe(p.amenities.length)
    }
    for (const d of developments) {
      expect(inList(DEVELOPMENT_STAGES, d.stage), d.slug).toBe(true)
      expect(inList(CURRENCIES, d.priceFrom.currency), d.slug).toBe(true)
      for (const a of d.amenities) expect(inList(AMENITIES, a), `${d.slug} amenity ${a}`).toBe(true)
      for (const m of d.models) {
        expect(['casa', 'departamento', 'terreno'], `${d.slug}/${m.slug}`).toContain(m.type)
        expect(inList(CURRENCIES, m.price.currency)).toBe(true)
      }
    }
    for (const pr of products) {
      if (pr.filter.operation !== undefined) expect(inList(OPERATIONS, pr.filter.operation), pr.slug).toBe(true)
      if (pr.filter.type !== undefined) expect(inList(PROPERTY_TYPES, pr.filter.type), pr.slug).toBe(true)
    }
  })

  it('gives every property all fields with the right types', () => {
    const keys = [
      'id', 'slug', 'title', 'description', 'type', 'operation', 'price', 'zone', 'development', 'bedrooms', 'bathrooms', 'parking',
      'constructionM2', 'lotM2', 'amenities', 'images', 'geo', 'address', 'status', 'featured', 'deliveryDate', 'createdAt', 'updatedAt',
    ]
    for (const p of properties) {
      expect(Object.keys(p).sort(), p.id).toEqual([...keys].sort())
      for (const key of ['id', 'slug', 'title', 'description', 'address'] as const) expect(typeof p[key] === 'string' && p[key].length > 0, `${p.id}.${key}`).toBe(true)
      for (const key of ['bedrooms', 'bathrooms', 'parking'] as const) expect(Number.isFinite(p[key]) && p[key] >= 0, `${p.id}.${key}`).toBe(true)
      expect(Number.isInteger(p.bedrooms) && Number.isInteger(p.parking) && Number.isInteger(p.bathrooms * 2), p.id).toBe(true)
      expect(typeof p.featured).toBe('boolean')
      expect(Number.isInteger(p.price.amount) && p.price.amount > 0, p.id).toBe(true)
      expect(inCancun(p.geo), `${p.id} geo ${JSON.stringify(p.geo)}`).toBe(true)
      expect(p.address, p.id).toMatch(/Cancún, Q\. Roo$/)
    }
  })

  it('keeps rooms and areas consistent with the property type', () => {
    for (const p of properties) {
      const tag = `${p.id} (${p.type})`
      if (p.type === 'terreno') {
        expect([p.bedrooms, p.bathrooms, p.parking, p.constructionM2], tag).toEqual([0, 0, 0, null])
        expect(p.lotM2, tag).toBeGreaterThan(0)
      } else {
        expect(p.constructionM2, tag).toBeGreaterThan(0)
      }
      if (p.type === 'departamento') {
        expect(p.lotM2, tag).toBeNull()
        expect(p.bedrooms, tag).toBeGreaterThanOrEqual(1)
        expect(p.bathrooms, tag).toBeGreaterThanOrEqual(1)
        expect(p.constructionM2! / p.bedrooms, tag).toBeGreaterThan(20)
      }
      if (p.type === 'casa') {
        expect(p.bedrooms, tag).toBeGreaterThanOrEqual(2)
        expect(p.bathrooms, tag).toBeGreaterThanOrEqual(1)
        expect(p.lotM2, tag).toBeGreaterThan(0)
        expect(p.parking, tag).toBeGreaterThanOrEqual(1)
      }
      if (COMMERCIAL.includes(p.type)) expect(p.bedrooms, tag).toBe(0)
    }
  })

  it('uses ISO dates, and a YYYY-MM delivery date exactly for pre-sales', () => {
    for (const p of properties) {
      expect(isIso(p.createdAt) && isIso(p.updatedAt), p.id).toBe(true)
      expect(p.updatedAt >= p.createdAt, p.id).toBe(true)
      expect(p.createdAt >= '2025-01-01' && p.updatedAt < '2027-01-01', p.id).toBe(true)
      if (p.operation === 'preventa') expect(p.deliveryDate, p.id).toMatch(YEAR_MONTH)
      else expect(p.deliveryDate, p.id).toBeNull()
    }
    for (const d of developments) {
      if (d.stage === 'entrega-inmediata') expect(d.deliveryDate, d.slug).toBeNull()
      else expect(d.deliveryDate, d.slug).toMatch(YEAR_MONTH)
      if (d.stage === 'preventa') expect(d.deliveryDate!.startsWith('2027'), d.slug).toBe(true)
    }
    for (const b of blog) {
      expect(isIso(b.publishedAt) && isIso(b.updatedAt), b.slug).toBe(true)
      expect(b.updatedAt >= b.publishedAt, b.slug).toBe(true)
      expect(b.publishedAt >= '2025-01-01' && b.updatedAt < '2027-01-01', b.slug).toBe(true)
    }
  })
})

describe('demo catalogue: identities and references', () => {
  it('has unique ids and unique lower-case kebab slugs', () => {
    const groups: Record<string, string[]> = {
      'property ids': properties.map((p) => p.id),
      'property slugs': properties.map((p) => p.slug),
      'development slugs': developments.map((d) => d.slug),
      'blog slugs': blog.map((b) => b.slug),
      'product slugs': products.map((p) => p.slug),
      'zone slugs': zones.map((z) => z.slug),
    }
    for (const [name, values] of Object.entries(groups)) expect(duplicates(values), name).toEqual([])
    for (const d of developments) expect(duplicates(d.models.map((m) => m.slug)), d.slug).toEqual([])
    const slugs = [...Object.entries(groups).filter(([name]) => name !== 'property ids').flatMap(([, v]) => v), ...developments.flatMap((d) => d.models.map((m) => m.slug))]
    for (const slug of slugs) expect(slug).toMatch(SLUG)
    expect(properties.every((p) => /^prop-\d{3}$/.test(p.id))).toBe(true)
  })

  it('keeps product and development slugs apart from each other and from the fixed routes', () => {
    const devSlugs = new Set(developments.map((d) => d.slug))
    for (const p of products) {
      expect(devSlugs.has(p.slug), p.slug).toBe(false)
      expect(FIXED_ROUTES, p.slug).not.toContain(p.slug)
    }
    for (const d of developments) expect(FIXED_ROUTES, d.slug).not.toContain(d.slug)
  })

  it('references existing zones and developments consistently', () => {
    const zoneSlugs = new Set(zones.map((z) => z.slug))
    const devs = new Map(developments.map((d) => [d.slug, d]))
    for (const p of properties) {
      expect(zoneSlugs.has(p.zone), `${p.id} zone ${p.zone}`).toBe(true)
      if (p.development !== null) {
        const dev = devs.get(p.development)
        expect(dev, `${p.id} development ${p.development}`).toBeDefined()
        expect(dev?.zone, p.id).toBe(p.zone)
        expect(dev?.models.some((m) => m.type === p.type), `${p.id}: ${p.development} has no ${p.type} model`).toBe(true)
      }
    }
    for (const d of developments) {
      expect(zoneSlugs.has(d.zone), d.slug).toBe(true)
      expect(inCancun(d.geo), d.slug).toBe(true)
    }
    for (const z of zones) expect(inCancun(z.geo), z.slug).toBe(true)
  })

  it('gives each development 2 to 5 models, coherent units and a priceFrom equal to its cheapest model', () => {
    for (const d of developments) {
      expect(d.models.length, d.slug).toBeGreaterThanOrEqual(2)
      expect(d.models.length, d.slug).toBeLessThanOrEqual(5)
      const cheapest = Math.min(...d.models.map((m) => m.price.amount))
      expect(d.priceFrom, d.slug).toEqual({ amount: cheapest, currency: d.models[0]!.price.currency })
      for (const m of d.models) {
        const tag = `${d.slug}/${m.slug}`
        expect(m.price.currency, tag).toBe(d.priceFrom.currency)
        expect(m.total, tag).toBeGreaterThan(0)
        expect(m.available, tag).toBeGreaterThanOrEqual(0)
        expect(m.available, tag).toBeLessThanOrEqual(m.total)
        if (m.type === 'terreno') expect([m.bedrooms, m.constructionM2], tag).toEqual([0, null])
        if (m.type === 'departamento') expect(m.lotM2, tag).toBeNull()
        if (m.type !== 'terreno') expect(m.constructionM2, tag).toBeGreaterThan(0)
      }
    }
  })

  it('makes every product filter match some listings', () => {
    for (const pr of products) {
      const f = pr.filter
      const matches = properties.filter(
        (p) =>
          (f.operation === undefined || p.operation === f.operation) &&
          (f.type === undefined || p.type === f.type) &&
          (f.zone === undefined || p.zone === f.zone) &&
          (f.development === undefined || p.development === f.development),
      )
      expect(matches.length, pr.slug).toBeGreaterThanOrEqual(2)
      for (const key of ['name', 'title', 'description'] as const) expect(pr[key].length, `${pr.slug}.${key}`).toBeGreaterThan(5)
    }
  })
})

describe('demo catalogue: realistic prices', () => {
  /** Overall bounds per operation and currency (sale price, or monthly rent). */
  const BOUNDS: Record<Operation, Record<'MXN' | 'USD', [number, number]>> = {
    venta: { MXN: [1_000_000, 60_000_000], USD: [150_000, 3_000_000] },
    preventa: { MXN: [1_000_000, 60_000_000], USD: [150_000, 3_000_000] },
    renta: { MXN: [8_000, 150_000], USD: [1_000, 10_000] },
  }
  /** Narrower 2026 bands where the brief fixes them (zone/type/operation/currency). */
  const BANDS: { match: (p: Property) => boolean; label: string; range: [number, number] }[] = [
    { label: 'Huayacán casas en venta (MXN)', match: (p) => p.zone === 'huayacan' && p.type === 'casa' && p.operation === 'venta', range: [3_200_000, 7_500_000] },
    { label: 'Puerto Cancún deptos en venta (MXN)', match: (p) => p.zone === 'puerto-cancun' && p.type === 'departamento' && p.operation === 'venta' && p.price.currency === 'MXN', range: [8_000_000, 35_000_000] },
    { label: 'Puerto Cancún deptos en venta (USD)', match: (p) => p.zone === 'puerto-cancun' && p.type === 'departamento' && p.operation !== 'renta' && p.price.currency === 'USD', range: [450_000, 2_000_000] },
    { label: 'Zona Hotelera deptos en venta (USD)', match: (p) => p.zone === 'zona-hotelera' && p.type === 'departamento' && p.operation !== 'renta' && p.price.currency === 'USD', range: [300_000, 1_500_000] },
    { label: 'Centro deptos en venta/preventa', match: (p) => p.zone === 'centro' && p.type === 'departamento' && p.operation !== 'renta', range: [1_800_000, 3_500_000] },
    { label: 'terrenos', match: (p) => p.type === 'terreno', range: [1_200_000, 9_000_000] },
    { label: 'deptos en renta (MXN)', match: (p) => p.type === 'departamento' && p.operation === 'renta' && p.price.currency === 'MXN', range: [14_000, 45_000] },
    { label: 'casas en renta (MXN)', match: (p) => p.type === 'casa' && p.operation === 'renta' && p.price.currency === 'MXN', range: [18_000, 60_000] },
    { label: 'renta de lujo (USD)', match: (p) => p.operation === 'renta' && p.price.currency === 'USD', range: [2_500, 6_000] },
    { label: 'renta comercial (MXN)', match: (p) => COMMERCIAL.includes(p.type) && p.operation === 'renta', range: [25_000, 120_000] },
  ]

  it('keeps every price within the bounds of its operation and currency', () => {
    for (const p of properties) {
      const [min, max] = BOUNDS[p.operation][p.price.currency]
      expect(p.price.amount, `${p.id} ${p.operation} ${p.price.currency}`).toBeGreaterThanOrEqual(min)
      expect(p.price.amount, `${p.id} ${p.operation} ${p.price.currency}`).toBeLessThanOrEqual(max)
    }
  })

  it('keeps prices within the 2026 market bands of their segment', () => {
    for (const band of BANDS) {
      const list = properties.filter(band.match)
      expect(list.length, band.label).toBeGreaterThan(0)
      for (const p of list) {
        expect(p.price.amount, `${p.id} in ${band.label}`).toBeGreaterThanOrEqual(band.range[0])
        expect(p.price.amount, `${p.id} in ${band.label}`).toBeLessThanOrEqual(band.range[1])
      }
    }
  })

  it('prices the development models within the same bounds', () => {
    for (const d of developments) {
      for (const m of d.models) {
        const [min, max] = BOUNDS.venta[m.price.currency]
        expect(m.price.amount, `${d.slug}/${m.slug}`).toBeGreaterThanOrEqual(min)
        expect(m.price.amount, `${d.slug}/${m.slug}`).toBeLessThanOrEqual(max)
      }
    }
  })
})

describe('demo catalogue: Spanish texts', () => {
  it('writes a distinct, template-free description for every property', () => {
    expect(duplicates(properties.map((p) => p.description))).toEqual([])
    expect(duplicates(properties.map((p) => p.title))).toEqual([])
    for (const p of properties) {
      expect(p.description, p.id).not.toMatch(/[{}]|\blorem\b|\bundefined\b|\bnull\b|\bNaN\b/i)
      expect(p.description.split('\n\n').length, p.id).toBeGreaterThanOrEqual(3)
      expect(p.title, p.id).toMatch(/^(Casa|Departamento|Penthouse|Preventa|Terreno|Lote|Local|Oficina|Bodega|Residencia)\b/)
    }
  })

  it('writes blog posts of 400 to 900 words in the markdown-light format', () => {
    for (const b of blog) {
      const words = b.body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
      expect(words, b.slug).toBeGreaterThanOrEqual(400)
      expect(words, b.slug).toBeLessThanOrEqual(900)
      expect(b.body, b.slug).not.toMatch(/<[a-z/]|^# |^#{3,} /m)
      expect(b.body, b.slug).toMatch(/^## /m)
      expect(b.author.length, b.slug).toBeGreaterThan(3)
      expect(b.tags.length, b.slug).toBeGreaterThan(0)
      expect(b.excerpt.length, b.slug).toBeGreaterThan(40)
      // Money figures and rates vary: posts that give them say they are approximate.
      if (/pesos|dólares|\d %/.test(b.body)) expect(b.body, b.slug).toMatch(/aproximad[ao]/)
    }
  })

  it('is careful with the facts foreign and local buyers rely on', () => {
    const text = blog.map((b) => b.body).join('\n')
    expect(text).toMatch(/fideicomiso/i)
    expect(text).toMatch(/zona restringida/i)
    expect(text).toMatch(/ISAI[^\n]*aproximadamente \*\*3 %\*\*|aproximadamente 3 %/)
    expect(text).toMatch(/1 de junio al 30 de noviembre/)
  })
})

describe('demo catalogue: images', () => {
  const used = allImages()

  it('gives every property 3 to 5 distinct images', () => {
    for (const p of properties) {
      expect(p.images.length, p.id).toBeGreaterThanOrEqual(3)
      expect(p.images.length, p.id).toBeLessThanOrEqual(5)
      expect(duplicates(p.images.map((i) => i.src)), p.id).toEqual([])
    }
  })

  it('points every image at an existing SVG with the declared size and a Spanish alt', () => {
    const spanish = /\b(de|con|en|del|la|el|y|al|frente|vista)\b/i
    const problems: string[] = []
    for (const { where, image } of used) {
      if (!/^\/images\/(propiedades|desarrollos|blog|zonas|productos)\/[a-z0-9-]+\.svg$/.test(image.src)) problems.push(`${where}: bad src ${image.src}`)
      if (image.width !== 1600 || image.height !== 1067) problems.push(`${where}: declared ${image.width}x${image.height}`)
      if (!image.alt || image.alt.trim().split(/\s+/).length < 3 || !spanish.test(image.alt)) problems.push(`${where}: alt "${image.alt}"`)
      let markup: string
      try {
        markup = readFileSync(join(CONTENT, image.src), 'utf8')
      } catch {
        problems.push(`${where}: missing file ${image.src}`)
        continue
      }
      const tag = /<svg\b[^>]*>/.exec(markup)?.[0] ?? ''
      const width = /\swidth="(\d+)"/.exec(tag)?.[1]
      const height = /\sheight="(\d+)"/.exec(tag)?.[1]
      if (Number(width) !== image.width || Number(height) !== image.height) problems.push(`${where}: file is ${width}x${height}`)
    }
    expect(problems).toEqual([])
  })

  it('keeps every SVG small, well-formed and free of scripts, external links, rasters and text', () => {
    const files = svgFiles()
    expect(files.length).toBeGreaterThan(100)
    const parser = new new JSDOM('').window.DOMParser()
    const problems: string[] = []
    let total = 0
    for (const file of files) {
      const markup = readFileSync(file, 'utf8')
      const name = file.slice(IMAGES.length + 1)
      total += Buffer.byteLength(markup)
      if (Buffer.byteLength(markup) >= 8 * 1024) problems.push(`${name}: ${Buffer.byteLength(markup)} bytes`)
      if (/<script/i.test(markup)) problems.push(`${name}: <script`)
      if (/href\s*=\s*["']?\s*(https?:)?\/\//i.test(markup)) problems.push(`${name}: external href`)
      if (/<image\b/i.test(markup)) problems.push(`${name}: <image`)
      if (/<(text|foreignObject)\b/i.test(markup)) problems.push(`${name}: text or foreignObject`)
      if (/\son[a-z]+\s*=/i.test(markup)) problems.push(`${name}: event handler attribute`)
      if (/url\(\s*['"]?(?!#)/i.test(markup)) problems.push(`${name}: external url()`)
      const doc = parser.parseFromString(markup, 'image/svg+xml')
      if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement.nodeName !== 'svg') problems.push(`${name}: not well-formed SVG`)
    }
    expect(problems).toEqual([])
    expect(total).toBeLessThan(6 * 1024 * 1024)
  })

  it('has no image file that the catalogue does not use', () => {
    const referenced = new Set(used.map((u) => u.image.src))
    const orphans = svgFiles().map((f) => '/images/' + f.slice(IMAGES.length + 1).split('\\').join('/')).filter((src) => !referenced.has(src))
    expect(orphans).toEqual([])
  })
})
