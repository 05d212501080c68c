#!/usr/bin/env node
/**
 * Generates the demo catalogue of "Cancún Propiedades": content/catalogue.json (the `Catalogue`
 * of src/catalogue/model.ts) and its drawn SVG images under content/images/.
 *
 *   node scripts/content/generate.mjs
 *
 * Everything is deterministic (seeded PRNG, fixed dates), so re-running it rewrites the same
 * bytes. Hand-written Spanish sources:
 *   data/zones.json, data/developments.json, data/products.json  zones, developments, landings
 *   data/property-texts.json                                      templates for listing texts
 *   listings.mjs                                                  which listings exist + price ranges
 *   blog/*.md                                                     the blog posts
 * The content is fictitious demo data; see content/README.md for replacing it.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LISTINGS, RANGES } from './listings.mjs'
import { createRandom } from './lib/random.mjs'
import * as svg from './lib/svg.mjs'
import {
  bathroomsText,
  bedroomsText,
  eligible,
  fill,
  formatNumber,
  listJoin,
  monthYear,
  numberWord,
  parseFrontMatter,
  slugify,
  wordCount,
} from './lib/text.mjs'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = resolve(HERE, '../..')
const CONTENT_DIR = join(ROOT, 'content')
const IMAGES_DIR = join(CONTENT_DIR, 'images')
/** Largest SVG we accept; the site serves them as photos, so they must stay light. */
const MAX_SVG_BYTES = 8000

const readJson = (name) => JSON.parse(readFileSync(join(HERE, 'data', name), 'utf8'))
const ZONES = readJson('zones.json')
const DEVELOPMENTS = readJson('developments.json')
const PRODUCTS = readJson('products.json')
const TEXTS = readJson('property-texts.json')

/** Amenity slugs in model.ts order (the label dictionary lists them in that order). */
const AMENITY_ORDER = Object.keys(TEXTS.amenityLabels)
const sortAmenities = (list) => [...new Set(list)].sort((a, b) => AMENITY_ORDER.indexOf(a) - AMENITY_ORDER.indexOf(b))
/** Amenities of a building or community (as opposed to the unit itself). */
const COMMUNITY = new Set([
  'alberca', 'gimnasio', 'seguridad-24h', 'casa-club', 'areas-verdes', 'roof-garden', 'frente-a-la-playa', 'acceso-a-playa',
  'muelle', 'marina', 'campo-de-golf', 'cancha-de-padel', 'juegos-infantiles', 'asador', 'elevador', 'estacionamiento-visitas',
  'coworking', 'spa', 'ciclovia', 'lobby', 'planta-de-emergencia',
])

/** "en Huayacán", "en la Zona Hotelera"... : how a zone reads after "en". */
const ZONE_PLACE = {
  huayacan: 'Huayacán',
  'puerto-cancun': 'Puerto Cancún',
  'zona-hotelera': 'la Zona Hotelera',
  centro: 'el centro de Cancún',
  'poligono-sur': 'el Polígono Sur',
}
const COASTAL = new Set(['puerto-cancun', 'zona-hotelera'])

// ---------------------------------------------------------------------------------------------
// Images

const SCENES = {
  house: svg.houseScene,
  tower: svg.towerScene,
  beach: svg.beachScene,
  lot: svg.lotScene,
  storefront: svg.storefrontScene,
  office: svg.officeScene,
  warehouse: svg.warehouseScene,
  gate: svg.gateScene,
  park: svg.parkScene,
  living: svg.livingScene,
  kitchen: svg.kitchenScene,
  bedroom: svg.bedroomScene,
  bathroom: svg.bathroomScene,
  terrace: svg.terraceScene,
  pool: svg.poolScene,
  garden: svg.gardenScene,
  shopInterior: svg.shopInteriorScene,
  officeInterior: svg.officeInteriorScene,
  warehouseInterior: svg.warehouseInteriorScene,
  hotelZone: svg.hotelZoneScene,
  marina: svg.marinaScene,
  aerial: svg.aerialScene,
  street: svg.streetScene,
  compare: svg.compareScene,
}

/** Collects the SVG files to write and hands out their ImageAsset records. */
class ImageStore {
  constructor() {
    this.files = new Map()
  }

  /** Draw `scene` into images/<folder>/<name>.svg (seeded by that path) and return its ImageAsset. */
  add(folder, name, scene, options, alt, draw) {
    const rel = `${folder}/${name}.svg`
    if (!this.files.has(rel)) {
      const rnd = createRandom(rel)
      const markup = draw ? draw(rnd) : SCENES[scene](rnd, options ?? {})
      if (markup.length > MAX_SVG_BYTES) throw new Error(`${rel} is ${markup.length} bytes (limit ${MAX_SVG_BYTES})`)
      this.files.set(rel, markup)
    }
    if (!alt || !alt.trim()) throw new Error(`${rel}: missing alt text`)
    return { src: `/images/${rel}`, width: svg.PHOTO_WIDTH, height: svg.PHOTO_HEIGHT, alt }
  }

  /** Replace content/images with the drawn files the catalogue references (`used`: their src). */
  write(used) {
    for (const src of used) if (!this.files.has(src.replace(/^\/images\//, ''))) throw new Error(`No drawing for ${src}`)
    for (const rel of [...this.files.keys()]) if (!used.has(`/images/${rel}`)) this.files.delete(rel)
    rmSync(IMAGES_DIR, { recursive: true, force: true })
    for (const [rel, markup] of this.files) {
      const file = join(IMAGES_DIR, rel)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, markup)
    }
  }

  get totalBytes() {
    let sum = 0
    for (const markup of this.files.values()) sum += Buffer.byteLength(markup)
    return sum
  }
}

const images = new ImageStore()

/**
 * Interior and amenity photos shared between listings (a real agency reuses a building's amenity
 * photos too). Each pool is drawn `alts.length` times with different seeds.
 */
const SHARED_POOLS = {
  'sala-mar': { scene: 'living', options: { view: 'mar' }, alts: ['Sala con ventanal y vista al mar', 'Sala luminosa con sofá y vista al Caribe', 'Estancia con ventanal de piso a techo hacia el mar', 'Sala amueblada con vista al mar', 'Sala y comedor con vista al mar Caribe'] },
  'sala-jardin': { scene: 'living', options: { view: 'jardin' }, alts: ['Sala con ventanal hacia el jardín', 'Estancia luminosa con vista al jardín', 'Sala con sofá y ventanal hacia áreas verdes', 'Sala familiar con vista al patio', 'Sala integrada con ventanal al jardín'] },
  'sala-ciudad': { scene: 'living', options: { view: 'ciudad' }, alts: ['Sala con ventanal y vista a la ciudad', 'Estancia con sofá y vista a los edificios del centro', 'Sala luminosa con vista urbana', 'Sala amueblada con ventanal a la ciudad'] },
  'cocina-jardin': { scene: 'kitchen', options: { view: 'jardin' }, alts: ['Cocina integral con isla y ventana hacia el jardín', 'Cocina con barra desayunadora y vista al patio', 'Cocina equipada con isla y bancos altos'] },
  'cocina-mar': { scene: 'kitchen', options: { view: 'mar' }, alts: ['Cocina integral con isla y vista al mar', 'Cocina abierta con barra y ventana al Caribe', 'Cocina equipada con isla y vista al mar'] },
  'cocina-ciudad': { scene: 'kitchen', options: { view: 'ciudad' }, alts: ['Cocina abierta con isla y vista a la ciudad', 'Cocina integral con barra desayunadora en departamento urbano'] },
  'recamara-mar': { scene: 'bedroom', options: { view: 'mar' }, alts: ['Recámara principal con cama king size y vista al mar', 'Recámara con ventanal hacia el mar', 'Recámara luminosa con vista al Caribe', 'Recámara amueblada con vista al mar'] },
  'recamara-jardin': { scene: 'bedroom', options: { view: 'jardin' }, alts: ['Recámara principal con ventana al jardín', 'Recámara con cabecera de madera y buena iluminación', 'Recámara secundaria con vista a las áreas verdes', 'Recámara amplia con burós y lámparas'] },
  'recamara-ciudad': { scene: 'bedroom', options: { view: 'ciudad' }, alts: ['Recámara con ventanal a la ciudad', 'Recámara principal con vista urbana', 'Recámara amueblada en departamento del centro'] },
  bano: { scene: 'bathroom', alts: ['Baño con lavabo sobre mueble de madera y cancel de cristal', 'Baño completo con regadera y espejo', 'Baño principal con cancel de cristal', 'Baño con acabados en porcelanato', 'Baño completo con mueble de lavabo'] },
  'terraza-mar': { scene: 'terrace', options: { view: 'mar' }, alts: ['Terraza con barandal de cristal y vista al mar', 'Terraza con comedor exterior frente al Caribe', 'Balcón con sillones y vista al mar', 'Terraza amplia con vista al mar', 'Terraza con plantas y vista al horizonte'] },
  'terraza-ciudad': { scene: 'terrace', options: { view: 'ciudad' }, alts: ['Balcón con vista a la ciudad', 'Terraza con mesa y vista a los edificios del centro'] },
  'alberca-residencial': { scene: 'pool', options: { withSea: false }, alts: ['Alberca del residencial con camastros y palmeras', 'Alberca común rodeada de palmeras', 'Área de alberca con sombrilla y camastros', 'Alberca del condominio junto al edificio'] },
  'alberca-mar': { scene: 'pool', options: { withSea: true }, alts: ['Alberca frente al mar con camastros', 'Alberca con vista al mar Caribe', 'Área de alberca del edificio con vista al mar'] },
  jardin: { scene: 'garden', alts: ['Jardín trasero con pérgola y asador', 'Patio con jardín, pérgola de madera y comedor exterior', 'Jardín con área de asador junto a la casa', 'Jardín trasero con palmera y pérgola'] },
  terreno: { scene: 'lot', alts: ['Terreno con mojoneras y selva baja al fondo', 'Vista del terreno limpio y cercado', 'Terreno plano con letrero y cerca perimetral', 'Terreno delimitado junto a la calle pavimentada'] },
  acceso: { scene: 'gate', alts: ['Acceso controlado con caseta de vigilancia', 'Caseta de acceso y pluma del residencial', 'Entrada vigilada del fraccionamiento'] },
  'area-verde': { scene: 'park', alts: ['Área verde con juegos infantiles', 'Parque del residencial con andadores', 'Áreas verdes y juegos infantiles del fraccionamiento'] },
  'local-interior': { scene: 'shopInterior', alts: ['Interior de local comercial con iluminación y mostrador', 'Local comercial amplio con piso de porcelanato', 'Interior de local listo para acondicionar'] },
  plaza: { scene: 'storefront', alts: ['Plaza comercial con estacionamiento y locales', 'Fachada de plaza comercial con toldos de colores'] },
  'oficina-interior': { scene: 'officeInterior', alts: ['Oficina con estaciones de trabajo y ventanal a la ciudad', 'Área abierta de oficina con escritorios', 'Oficina iluminada con vista panorámica'] },
  'bodega-interior': { scene: 'warehouseInterior', alts: ['Interior de bodega con racks y cortina de acceso', 'Bodega con altura libre y estructura metálica'] },
}

function sharedImage(pool, index) {
  const def = SHARED_POOLS[pool]
  const i = index % def.alts.length
  return images.add('propiedades', `${pool}-${String(i + 1).padStart(2, '0')}`, def.scene, def.options, def.alts[i])
}

/** n distinct images from a pool. */
function sharedImages(rnd, pool, n) {
  const size = SHARED_POOLS[pool].alts.length
  return rnd.sample([...Array(size).keys()], n).map((i) => sharedImage(pool, i))
}

// ---------------------------------------------------------------------------------------------
// Zones, developments, products

const zoneBySlug = new Map(ZONES.map((z) => [z.slug, z]))
const devBySlug = new Map(DEVELOPMENTS.map((d) => [d.slug, d]))

function buildZones() {
  return ZONES.map((z) => ({
    slug: z.slug,
    name: z.name,
    path: z.path,
    description: z.description,
    image: images.add('zonas', z.slug, z.image.scene, z.image.options, z.image.alt),
    geo: z.geo,
  }))
}

function buildDevelopments() {
  return DEVELOPMENTS.map((d) => {
    const models = d.models.map((m) => ({
      slug: m.slug,
      name: m.name,
      type: m.type,
      bedrooms: m.bedrooms,
      bathrooms: m.bathrooms,
      constructionM2: m.constructionM2,
      lotM2: m.lotM2,
      price: { amount: m.price, currency: d.currency },
      available: m.available,
      total: m.total,
      image: images.add('desarrollos', `${d.slug}-${m.slug}`, m.scene, m.options, m.alt),
    }))
    const cheapest = Math.min(...models.map((m) => m.price.amount))
    return {
      slug: d.slug,
      name: d.name,
      zone: d.zone,
      stage: d.stage,
      summary: d.summary,
      description: d.description,
      deliveryDate: d.deliveryDate,
      amenities: sortAmenities(d.amenities),
      images: d.images.map((img, i) => images.add('desarrollos', `${d.slug}-${i + 1}`, img.scene, img.options, img.alt)),
      priceFrom: { amount: cheapest, currency: d.currency },
      models,
      geo: d.geo,
      address: d.address,
    }
  })
}

function buildProducts() {
  return PRODUCTS.map((p) => ({
    slug: p.slug,
    name: p.name,
    title: p.title,
    description: p.description,
    filter: p.filter,
    image: images.add('productos', p.slug, p.image.scene, p.image.options, p.image.alt),
  }))
}

// ---------------------------------------------------------------------------------------------
// Properties

const lerp = ([min, max], t) => min + (max - min) * Math.max(0, Math.min(1, t))

function roundPrice(amount, currency, operation) {
  if (operation === 'renta') return currency === 'USD' ? Math.round(amount / 100) * 100 : Math.round(amount / 500) * 500
  if (currency === 'USD') return Math.round(amount / 5000) * 5000
  return amount >= 10e6 ? Math.round(amount / 50000) * 50000 : Math.round(amount / 10000) * 10000
}

/** A point along Blvd. Kukulcán for a kilometre (rough polyline of the hotel zone). */
function kukulcanGeo(km) {
  const points = [
    [0, 21.1541, -86.8166],
    [4, 21.1452, -86.7861],
    [9, 21.1372, -86.7448],
    [12, 21.1167, -86.7538],
    [15, 21.0979, -86.7666],
    [18, 21.0668, -86.7790],
    [21, 21.0452, -86.7847],
  ]
  for (let i = 1; i < points.length; i++) {
    const [k1, lat1, lng1] = points[i]
    const [k0, lat0, lng0] = points[i - 1]
    if (km <= k1) {
      const t = (km - k0) / (k1 - k0)
      return { lat: lat0 + (lat1 - lat0) * t, lng: lng0 + (lng1 - lng0) * t }
    }
  }
  const last = points[points.length - 1]
  return { lat: last[1], lng: last[2] }
}

const round5 = (n) => Math.round(n * 1e5) / 1e5

/** Street address, short street name and coordinates for a listing outside a development. */
function locate(rnd, zone, row) {
  const isAvenue = (street) => /^(Av\.|Blvd\.)/.test(street.name)
  // Commercial listings sit on avenues; homes on avenues or quiet streets.
  const commercial = ['local', 'oficina', 'bodega'].includes(row.type) || row.comercial
  // Homes mostly on quiet streets, when the zone has them.
  const quiet = !commercial && rnd.chance(0.75)
  const candidates = zone.address.streets.filter((s) => (commercial ? isAvenue(s) : !quiet || !isAvenue(s)))
  const street =
    row.type === 'bodega' && zone.slug === 'centro'
      ? zone.address.streets.find((s) => s.name === 'Av. López Portillo')
      : rnd.pick(candidates.length ? candidates : zone.address.streets)
  const km = street.km ? rnd.pick(street.km) : null
  const short = street.name.replace('{km}', formatNumber(km ?? 0))
  const number = km !== null || street.name.includes(' km ') ? '' : ` ${isAvenue(street) ? rnd.int(10, 480) : rnd.int(2, 98)}`
  const sm = street.sm ? `, SM ${rnd.pick(street.sm)}` : ''
  const district = zone.slug === 'puerto-cancun' ? ', Puerto Cancún' : zone.slug === 'zona-hotelera' ? ', Zona Hotelera' : ''
  let geo
  if (zone.slug === 'zona-hotelera') {
    const g = kukulcanGeo(km)
    geo = { lat: round5(g.lat + rnd.float(-0.0012, 0.0012)), lng: round5(g.lng + rnd.float(-0.0012, 0.0012)) }
  } else {
    const spread = zone.slug === 'puerto-cancun' ? 0.004 : 0.012
    geo = { lat: round5(zone.geo.lat + rnd.float(-spread, spread)), lng: round5(zone.geo.lng + rnd.float(-spread, spread)) }
  }
  return { address: `${short}${number}${district}${sm}, Cancún, Q. Roo`, street: `${short}${number}${sm}`, short, geo }
}

/** Sizes, rooms and price of a listing (from its development model, or drawn from RANGES). */
function measure(rnd, row, dev, model) {
  const range = RANGES[row.zone]?.[row.type]
  if (!range) throw new Error(`No ranges for ${row.zone}/${row.type}`)
  if (model) {
    // A unit of a model: same plan, price varies a little with floor, view or lot position.
    // Pre-sale units sell at (or a little below) the launch list price; finished ones a bit above.
    const premium = row.operation === 'preventa' ? rnd.float(-0.04, 0.02) : rnd.float(0.01, 0.07)
    return {
      currency: dev.currency,
      amount: roundPrice(model.price * (1 + premium), dev.currency, row.operation),
      bedrooms: model.bedrooms,
      bathrooms: model.bathrooms,
      parking: model.type === 'terreno' ? 0 : model.type === 'casa' ? (model.bedrooms >= 4 ? 3 : 2) : model.bedrooms >= 3 || row.luxury ? 2 : 1,
      constructionM2: model.constructionM2,
      lotM2: model.lotM2,
    }
  }
  const prices = range[row.operation]
  if (!prices) throw new Error(`No ${row.operation} prices for ${row.zone}/${row.type}`)
  const currency = row.currency ?? Object.keys(prices)[0]
  const priceRange = row.price ?? prices[currency]
  if (!priceRange) throw new Error(`No ${currency} prices for ${row.zone}/${row.type}/${row.operation}`)
  // One position in the range drives size and price together (with a little noise each).
  const u = row.luxury ? rnd.float(0.6, 1) : row.type === 'casa' && row.levels === 1 ? rnd.float(0, 0.6) : rnd.next()
  const noise = () => rnd.float(-0.12, 0.12)
  // Sale prices grow faster than size (views, floors, finishes); rents roughly linearly.
  const priceT = Math.max(0, u + noise())
  const amount = roundPrice(lerp(priceRange, row.operation === 'renta' ? priceT : priceT ** 1.5), currency, row.operation)
  const m2 = range.m2 ? Math.round(lerp(range.m2, u + noise())) : null
  const lot = row.lot ?? range.lot
  switch (row.type) {
    case 'casa': {
      const levels = row.levels ?? 2
      const bedrooms = Math.min(Math.round(lerp(range.bedrooms, u + noise())), levels === 1 ? 3 : 9)
      const bathrooms = bedrooms - 1 + (levels === 2 ? 0.5 : 0) + (row.luxury || (bedrooms === 3 && u > 0.7) ? 1 : 0)
      const constructionM2 = levels === 1 ? Math.round(Math.min(m2, 180)) : m2
      const lotM2 = Math.max(Math.round(lerp(lot, u + noise())), levels === 1 ? constructionM2 + 40 : Math.round(constructionM2 * 0.6))
      return { currency, amount, bedrooms, bathrooms, parking: row.luxury ? rnd.int(3, 4) : 2, constructionM2, lotM2 }
    }
    case 'departamento': {
      const bedrooms = row.penthouse ? 4 : Math.round(lerp(range.bedrooms, u + noise()))
      // Keep the area plausible for the number of bedrooms, and the bathrooms for the area.
      const constructionM2 = Math.min(Math.max(m2, [0, 45, 65, 85, 150][bedrooms] ?? 90), [0, 95, 160, 240, 420][bedrooms] ?? 420)
      const roomy = constructionM2 > 120 || row.luxury
      const bathrooms = bedrooms === 1 ? (roomy ? 1.5 : rnd.pick([1, 1.5])) : bedrooms === 2 ? (roomy ? 2.5 : 2) : roomy ? bedrooms + 0.5 : rnd.pick([2, 2.5])
      return { currency, amount, bedrooms, bathrooms, parking: bedrooms >= 3 || row.luxury || constructionM2 > 120 ? 2 : 1, constructionM2, lotM2: null }
    }
    case 'terreno': {
      const lotM2 = Math.round(lerp(lot, u + noise()) / 5) * 5
      return { currency, amount, bedrooms: 0, bathrooms: 0, parking: 0, constructionM2: null, lotM2 }
    }
    case 'local':
      return { currency, amount, bedrooms: 0, bathrooms: m2 > 120 ? 2 : 1, parking: rnd.int(1, 3), constructionM2: m2, lotM2: null }
    case 'oficina':
      return { currency, amount, bedrooms: 0, bathrooms: m2 > 100 ? 2 : 1, parking: Math.max(1, Math.round(m2 / 45)), constructionM2: m2, lotM2: null }
    case 'bodega':
      return { currency, amount, bedrooms: 0, bathrooms: 1, parking: rnd.int(4, 8), constructionM2: m2, lotM2: Math.max(Math.round(lerp(lot, u + noise())), Math.round(m2 * 1.3)) }
    default:
      throw new Error(`Unknown type ${row.type}`)
  }
}

/** The amenities of a listing: its development's (or building's), plus the unit's own. */
function amenitiesFor(rnd, row, dev, sizes) {
  const list = []
  const add = (...a) => list.push(...a)
  if (dev) {
    const community = dev.amenities.filter((a) => COMMUNITY.has(a) || a === 'vista-al-mar')
    add(...community)
  }
  if (row.seaView) add('vista-al-mar')
  if (row.beachfront) add('frente-a-la-playa', 'acceso-a-playa')
  if (row.furnished) add('amueblado')
  if (row.dock) add('muelle')
  switch (row.type) {
    case 'casa':
      add('jardin', 'cocina-integral', 'cisterna')
      if (row.privatePool) add('alberca')
      if (row.levels !== 1) add('terraza')
      if (rnd.chance(0.5) || row.luxury) add('aire-acondicionado')
      if (rnd.chance(0.3)) add('paneles-solares')
      if (rnd.chance(0.4)) add('acepta-mascotas')
      if (sizes.bedrooms >= 4 || row.luxury) add('cuarto-de-servicio')
      if (sizes.bathrooms % 1 === 0.5 && sizes.bedrooms === 3 && rnd.chance(0.4)) add('estudio')
      if (!dev && row.zone !== 'centro' && rnd.chance(0.7)) add('seguridad-24h', 'areas-verdes')
      if (row.zone === 'puerto-cancun') add('seguridad-24h', 'campo-de-golf', 'marina')
      break
    case 'departamento':
      add('cocina-integral', 'aire-acondicionado')
      if (!dev) {
        if (COASTAL.has(row.zone)) add('alberca', 'elevador', 'seguridad-24h', rnd.pick(['gimnasio', 'lobby']))
        else add('seguridad-24h', ...rnd.sample(['alberca', 'roof-garden', 'elevador', 'gimnasio', 'acepta-mascotas'], 2))
      }
      if (sizes.bedrooms >= 3 && row.luxury) add('cuarto-de-servicio', 'bodega')
      else if (rnd.chance(0.25)) add('bodega')
      if (row.penthouse) add('terraza', 'roof-garden')
      else add('terraza')
      break
    case 'terreno':
      if (!dev && !row.comercial && rnd.chance(0.5)) add('seguridad-24h', 'areas-verdes')
      break
    case 'local':
      add('aire-acondicionado', 'estacionamiento-visitas')
      break
    case 'oficina':
      add('aire-acondicionado', 'estacionamiento-visitas', 'seguridad-24h')
      if (row.luxury || row.zone !== 'centro' || rnd.chance(0.5)) add('elevador', 'planta-de-emergencia')
      break
    case 'bodega':
      add('seguridad-24h', 'estacionamiento-visitas')
      break
  }
  return sortAmenities(list)
}

function flagsFor(row, amenities, currency) {
  const flags = new Set([row.type, row.operation, row.zone, ...amenities, currency.toLowerCase()])
  flags.add(row.development ? 'dev' : 'noDev')
  for (const key of ['privatePool', 'luxury', 'penthouse', 'comercial']) if (row[key]) flags.add(key)
  if (row.type === 'casa') flags.add((row.levels ?? 2) === 1 ? 'oneLevel' : 'twoLevels')
  if (COASTAL.has(row.zone)) flags.add('coastal')
  return flags
}

/** Values for the text placeholders of one listing. */
function placeholders(rnd, row, sizes, place, dev, model, amenities) {
  const zonePlace = ZONE_PLACE[row.zone]
  const lot = sizes.lotM2 ?? 0
  const frente = [8, 10, 12, 15, 20, 25, 30, 40].reduce((best, f) => (Math.abs(f - Math.sqrt(lot / 2)) < Math.abs(best - Math.sqrt(lot / 2)) ? f : best), 10)
  const feminine = row.type === 'casa' || row.type === 'oficina' || row.type === 'bodega'
  const community = amenities.filter((a) => COMMUNITY.has(a)).map((a) => TEXTS.amenityLabels[a])
  const view =
    row.seaView || row.beachfront ? 'al mar' : row.zone === 'puerto-cancun' ? 'a la marina' : row.zone === 'zona-hotelera' ? 'a la laguna' : row.type === 'oficina' ? 'a la ciudad' : row.zone === 'centro' ? 'a la ciudad' : 'al jardín'
  return {
    lugar: dev ? dev.name : zonePlace,
    zona: zonePlace,
    desarrollo: dev?.name,
    modelo: model?.name,
    calle: place.street,
    calleCorta: place.short,
    recamaras: bedroomsText(sizes.bedrooms),
    banos: ['casa', 'departamento'].includes(row.type) ? bathroomsText(sizes.bathrooms) : sizes.bathrooms === 1 ? '1 baño' : `${sizes.bathrooms} baños`,
    estacionamiento: sizes.parking === 1 ? 'un auto' : `${sizes.parking} autos`,
    cajones: sizes.parking === 1 ? 'un cajón de estacionamiento' : `${sizes.parking} cajones de estacionamiento`,
    m2: sizes.constructionM2 === null ? undefined : formatNumber(sizes.constructionM2),
    lote: sizes.lotM2 === null ? undefined : formatNumber(sizes.lotM2),
    frente: `${frente} m de frente por ${formatNumber(Math.round((lot / frente) * 10) / 10)} m de fondo`,
    niveles: numberWord(row.levels ?? 2),
    piso: `piso ${row.penthouse ? 'más alto' : rnd.int(row.zone === 'centro' ? 2 : 4, row.zone === 'centro' ? 9 : 22)}`,
    vista: view,
    referencia: rnd.pick(TEXTS.references[row.zone]),
    entrega: row.deliveryDate ? monthYear(row.deliveryDate) : undefined,
    amueblado: row.furnished ? (feminine ? 'amueblada y equipada' : 'amueblado y equipado') : feminine ? 'sin amueblar' : 'sin amueblar, con cocina equipada',
    mantenimiento: rnd.pick(['está incluida en la renta', 'no está incluida en la renta']),
    amenidadesComunes: community.length ? listJoin(rnd.sample(community, Math.min(community.length, rnd.int(3, 5)))) : undefined,
  }
}

function composeTitle(rnd, row, flags, values, used) {
  const options = rnd.shuffle(eligible(TEXTS.titles[row.type][row.operation], flags)).map((t) => fill(t, values))
  if (!options.length) throw new Error(`No title template for ${row.type}/${row.operation}`)
  const fresh = options.find((t) => !used.has(t))
  if (fresh) return fresh
  const withSize = `${options[0]}, ${values.m2 ?? values.lote} m²`
  return used.has(withSize) ? `${options[0]}, ${values.calle}` : withSize
}

function composeDescription(rnd, row, flags, values) {
  const pick = (templates, what) => {
    const list = eligible(templates, flags)
    if (!list.length) throw new Error(`No ${what} template for ${row.type}/${row.operation} (${[...flags].join(' ')})`)
    return fill(rnd.pick(list), values)
  }
  const intro = pick(TEXTS.intros[row.type][row.operation], 'intro')
  const details = rnd
    .sample(eligible(TEXTS.details[row.type], flags), rnd.int(2, 3))
    .map((t) => fill(t, values))
    .join(' ')
  const setting = []
  if (values.desarrollo && values.amenidadesComunes) setting.push(pick(TEXTS.developmentParagraphs, 'development'))
  else if (values.amenidadesComunes && row.type === 'departamento') setting.push(pick(TEXTS.buildingParagraphs, 'building'))
  const commercial = ['local', 'oficina', 'bodega'].includes(row.type)
  const zoneTexts = commercial || row.comercial ? TEXTS.commercialZoneParagraphs : TEXTS.zoneParagraphs
  setting.push(pick(zoneTexts[row.zone], 'zone'))
  const closingKey = commercial ? (row.operation === 'renta' ? 'comercialRenta' : 'comercialVenta') : row.operation
  const closing = pick(TEXTS.closings[closingKey], 'closing')
  return [intro, details, setting.join(' '), closing].join('\n\n')
}

/** Exterior photo of a listing: drawn once per listing. */
function exteriorImage(row, id, sizes, values, dev) {
  const where = dev ? `en ${dev.name}` : `en ${ZONE_PLACE[row.zone]}`
  // Units not built yet are shown as renders.
  const render = (alt) => (row.operation === 'preventa' && row.type !== 'terreno' ? `Render: ${alt.charAt(0).toLowerCase()}${alt.slice(1)}` : alt)
  const name = `${id}-exterior`
  switch (row.type) {
    case 'casa': {
      const levels = row.levels ?? 2
      const alt = render(`Fachada de casa de ${levels === 1 ? 'una planta' : 'dos niveles'} con ${row.privatePool ? 'alberca' : 'jardín'} ${where}`)
      return images.add('propiedades', name, 'house', { levels, pool: !!row.privatePool, lagoon: row.zone === 'zona-hotelera' }, alt)
    }
    case 'departamento':
      if (row.beachfront) return images.add('propiedades', name, 'beach', {}, render(`Condominio frente a la playa con palmeras ${where}`))
      if (row.seaView) return images.add('propiedades', name, 'tower', { withSea: true, marina: false }, render(`Torre de departamentos con balcones y vista al mar ${where}`))
      return images.add('propiedades', name, 'tower', { withSea: false, low: true }, render(`Edificio de departamentos con balcones y jardín ${where}`))
    case 'terreno':
      return images.add('propiedades', name, 'lot', { neighbours: !!dev, size: sizes.lotM2 > 800 ? 'grande' : 'normal' }, `Terreno de ${values.lote} m² con cerca y selva al fondo ${where}`)
    case 'local':
      return images.add('propiedades', name, 'storefront', { units: 3 + (sizes.constructionM2 % 2) }, `Plaza comercial con locales y estacionamiento en ${values.calleCorta}`)
    case 'oficina':
      return images.add('propiedades', name, 'office', {}, `Edificio de oficinas con fachada de cristal ${where}`)
    case 'bodega':
      return images.add('propiedades', name, 'warehouse', {}, `Bodega con cortinas de acceso y patio de maniobras ${where}`)
  }
  throw new Error(`No exterior for ${row.type}`)
}

/** 3 to 5 photos: the exterior, then interiors and amenities from the shared pools. */
function listingImages(rnd, row, id, sizes, values, dev, devImages) {
  const view = row.seaView || row.beachfront ? 'mar' : row.zone === 'centro' ? 'ciudad' : 'jardin'
  const out = [exteriorImage(row, id, sizes, values, dev)]
  const n = rnd.int(3, 5)
  const from = (pool, count = 1) => sharedImages(rnd, pool, count)
  let extra = []
  switch (row.type) {
    case 'casa':
      extra = [...from(row.zone === 'zona-hotelera' ? 'sala-mar' : 'sala-jardin'), ...from('cocina-jardin'), ...from('recamara-jardin'), ...(dev ? [rnd.pick(devImages)] : from(rnd.pick(['jardin', 'bano'])))]
      break
    case 'departamento':
      extra = [...from(`sala-${view}`), ...from(`recamara-${view}`), ...from(`cocina-${view}`)]
      if (dev) extra.splice(1, 0, rnd.pick(devImages))
      else if (view === 'mar') extra.splice(1, 0, ...from(rnd.pick(['terraza-mar', 'alberca-mar'])))
      else extra.push(...from('bano'))
      break
    case 'terreno':
      extra = dev ? [...from('terreno'), rnd.pick(devImages), ...from('acceso')] : from('terreno', 2)
      break
    case 'local':
      extra = [...from('local-interior'), ...from('plaza')]
      break
    case 'oficina':
      extra = [...from('oficina-interior', 2), ...from('bano')]
      break
    case 'bodega':
      extra = from('bodega-interior', 2)
      break
  }
  const unique = extra.filter((img, i) => extra.findIndex((o) => o.src === img.src) === i)
  return [...out, ...unique.slice(0, Math.max(2, n - 1))]
}

const DAY = 86400000
/** A timestamp in [from, to] at office hours in Cancún (UTC-5). */
function timestamp(rnd, from, to) {
  const start = Date.parse(from)
  const days = Math.floor((Date.parse(to) - start) / DAY)
  const t = start + rnd.int(0, days) * DAY + (14 + rnd.int(0, 9)) * 3600000 + rnd.int(0, 59) * 60000
  return new Date(t).toISOString()
}

function buildProperties(developments) {
  const rnd = createRandom('cancun-propiedades/listados')
  const used = { titles: new Set(), slugs: new Set(), descriptions: new Set() }
  const rows = LISTINGS.flatMap((row) => Array.from({ length: row.count ?? 1 }, () => row))
  const devImagesBySlug = new Map(developments.map((d) => [d.slug, d.images]))
  return rows.map((row, index) => {
    const id = `prop-${String(index + 1).padStart(3, '0')}`
    const r = rnd.fork(id)
    const zone = zoneBySlug.get(row.zone)
    if (!zone) throw new Error(`${id}: unknown zone ${row.zone}`)
    const dev = row.development ? devBySlug.get(row.development) : null
    if (row.development && !dev) throw new Error(`${id}: unknown development ${row.development}`)
    const model = dev ? dev.models.find((m) => m.slug === row.model) : null
    if (dev && !model) throw new Error(`${id}: unknown model ${row.model}`)
    if (model && model.type !== row.type) throw new Error(`${id}: model ${model.slug} is a ${model.type}`)
    const deliveryDate = row.operation === 'preventa' ? dev?.deliveryDate ?? `2027-${String(r.int(3, 11)).padStart(2, '0')}` : null
    const listing = { ...row, levels: row.type === 'casa' ? row.levels ?? 2 : undefined, deliveryDate }

    const sizes = measure(r, listing, dev, model)
    const place = dev
      ? { address: dev.address, street: dev.address.replace(/, Cancún, Q\. Roo$/, ''), short: dev.address.split(',')[0], geo: { lat: round5(dev.geo.lat + r.float(-0.0015, 0.0015)), lng: round5(dev.geo.lng + r.float(-0.0015, 0.0015)) } }
      : locate(r, zone, listing)
    const amenities = amenitiesFor(r, listing, dev, sizes)
    const flags = flagsFor(listing, amenities, sizes.currency)
    const values = placeholders(r, listing, sizes, place, dev, model, amenities)

    const title = composeTitle(r, listing, flags, values, used.titles)
    used.titles.add(title)
    let description = composeDescription(r, listing, flags, values)
    for (let attempt = 0; used.descriptions.has(description); attempt++) {
      if (attempt > 20) throw new Error(`${id}: could not write a distinct description`)
      description = composeDescription(r, listing, flags, values)
    }
    used.descriptions.add(description)
    let slug = slugify(title)
    for (let k = 2; used.slugs.has(slug); k++) slug = `${slugify(title)}-${k}`
    used.slugs.add(slug)

    const createdAt = timestamp(r, '2025-09-01T00:00:00Z', '2026-10-20T00:00:00Z')
    const updatedAt = r.chance(0.35) ? createdAt : timestamp(r, createdAt, new Date(Math.min(Date.parse(createdAt) + 60 * DAY, Date.parse('2026-11-15T00:00:00Z'))).toISOString())
    return {
      id,
      slug,
      title,
      description,
      type: row.type,
      operation: row.operation,
      price: { amount: sizes.amount, currency: sizes.currency },
      zone: row.zone,
      development: dev ? dev.slug : null,
      bedrooms: sizes.bedrooms,
      bathrooms: sizes.bathrooms,
      parking: sizes.parking,
      constructionM2: sizes.constructionM2,
      lotM2: sizes.lotM2,
      amenities,
      images: listingImages(r, listing, id, sizes, values, dev, devImagesBySlug.get(dev?.slug) ?? []),
      geo: place.geo,
      address: place.address,
      status: row.status ?? 'disponible',
      featured: !!row.featured,
      deliveryDate,
      createdAt,
      updatedAt,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Blog

const BLOG_BASES = {
  house: (rnd) => svg.houseScene(rnd, { palms: 1, car: false }),
  tower: (rnd) => svg.towerScene(rnd, { withSea: true }),
  construction: (rnd) => svg.towerScene(rnd, { withSea: false, construction: true }),
  beach: (rnd) => svg.beachScene(rnd),
  lot: (rnd) => svg.lotScene(rnd, {}),
  living: (rnd) => svg.livingScene(rnd, { view: 'mar' }),
  compare: (rnd) => svg.compareScene(rnd),
  street: (rnd) => svg.streetScene(rnd),
}

function buildBlog() {
  const dir = join(HERE, 'blog')
  const files = readdirSync(dir).filter((f) => f.endsWith('.md')).sort()
  const posts = files.map((file) => {
    const { meta, body } = parseFrontMatter(readFileSync(join(dir, file), 'utf8'), file)
    for (const key of ['slug', 'title', 'excerpt', 'author', 'publishedAt', 'updatedAt', 'coverScene', 'coverAlt']) {
      if (!meta[key]) throw new Error(`${file}: missing ${key}`)
    }
    const words = wordCount(body)
    if (words < 400 || words > 900) throw new Error(`${file}: ${words} words (expected 400-900)`)
    const base = BLOG_BASES[meta.coverScene]
    if (!base) throw new Error(`${file}: unknown coverScene ${meta.coverScene}`)
    const cover = images.add('blog', meta.slug, null, null, meta.coverAlt, (rnd) => svg.blogCover(rnd, base, meta.coverSymbol))
    return {
      slug: meta.slug,
      title: meta.title,
      excerpt: meta.excerpt,
      body,
      cover,
      author: meta.author,
      tags: meta.tags ?? [],
      publishedAt: new Date(meta.publishedAt).toISOString(),
      updatedAt: new Date(meta.updatedAt).toISOString(),
      words,
    }
  })
  // Newest first, as a blog lists them.
  posts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  return posts
}

// ---------------------------------------------------------------------------------------------

function main() {
  const zones = buildZones()
  const developments = buildDevelopments()
  const products = buildProducts()
  const properties = buildProperties(developments)
  const blogWithCounts = buildBlog()
  const blog = blogWithCounts.map(({ words, ...post }) => post)

  const devSlugs = new Set(developments.map((d) => d.slug))
  for (const p of products) if (devSlugs.has(p.slug)) throw new Error(`Product slug ${p.slug} equals a development slug`)

  /** @type {import('../../src/catalogue/model').Catalogue} */
  const catalogue = { zones, properties, developments, blog, products }
  mkdirSync(CONTENT_DIR, { recursive: true })
  writeFileSync(join(CONTENT_DIR, 'catalogue.json'), JSON.stringify(catalogue, null, 2) + '\n')
  const used = new Set(
    [
      ...zones.map((z) => z.image),
      ...properties.flatMap((p) => p.images),
      ...developments.flatMap((d) => [...d.images, ...d.models.map((m) => m.image)]),
      ...blog.map((b) => b.cover),
      ...products.map((p) => p.image),
    ].map((img) => img.src),
  )
  images.write(used)

  const count = (list, key) => list.reduce((acc, item) => ((acc[item[key]] = (acc[item[key]] ?? 0) + 1), acc), {})
  console.log(`content/catalogue.json: ${zones.length} zones, ${properties.length} properties, ${developments.length} developments, ${blog.length} posts, ${products.length} products`)
  console.log(`  operations ${JSON.stringify(count(properties, 'operation'))}`)
  console.log(`  types      ${JSON.stringify(count(properties, 'type'))}`)
  console.log(`  zones      ${JSON.stringify(count(properties, 'zone'))}`)
  console.log(`  featured   ${properties.filter((p) => p.featured).length}, statuses ${JSON.stringify(count(properties, 'status'))}`)
  console.log(`  blog words ${blogWithCounts.map((p) => p.words).join(', ')}`)
  console.log(`content/images: ${images.files.size} SVG files, ${(images.totalBytes / 1024).toFixed(0)} KiB`)
}

main()
