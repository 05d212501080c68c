import { describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES, PRICE_BOUNDS_MXN, priceProblem, RECORD_SCHEMAS, saveSchema } from '../../src/catalogue/schema'
import { slugFromTitle } from '../../src/catalogue/slug'
import type { CatalogueKind } from '../../src/protocol/catalogue'
import { readCatalogue } from '../support/catalogue'

/** The shared rules of a catalogue record (src/catalogue/schema.ts), as the console's forms and the API apply them. */
const demo = readCatalogue()
const RECORDS: Record<CatalogueKind, object[]> = {
  properties: demo.properties,
  developments: demo.developments,
  posts: demo.blog,
  zones: demo.zones,
  products: demo.products,
}
const messages = (kind: CatalogueKind, record: unknown, publication = 'publicada') => {
  const result = saveSchema(kind, { revision: false }).safeParse({ record, publication })
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.slice(1).join('.'), i.message]))
}

describe('catalogue schema', () => {
  it.each(Object.keys(RECORDS) as CatalogueKind[])('accepts every demo record of %s for publishing, slug unchanged', (kind) => {
    for (const record of RECORDS[kind]) {
      expect(messages(kind, record), (record as { slug: string }).slug).toEqual({})
      expect(RECORD_SCHEMAS[kind].parse(record).slug).toBe((record as { slug: string }).slug)
    }
  })

  it('makes the slug from the title, accents and ñ folded, when none is typed', () => {
    expect(slugFromTitle('Casa Ñandú en Huayacán, ¡con alberca!')).toBe('casa-nandu-en-huayacan-con-alberca')
    expect(RECORD_SCHEMAS.properties.parse({ ...demo.properties[0], slug: '', title: 'Penthouse en Puerto Cancún' }).slug).toBe('penthouse-en-puerto-cancun')
    expect(slugFromTitle('x'.repeat(200))).toHaveLength(120)
    expect(messages('properties', { ...demo.properties[0], slug: 'Casa Bonita' })).toEqual({ slug: expect.stringContaining('minúsculas') })
  })

  it('refuses a price that is not positive, or beyond the bounds of its operation', () => {
    const property = demo.properties[0]!
    expect(messages('properties', { ...property, price: { amount: 0, currency: 'MXN' } })).toEqual({ 'price.amount': 'El precio debe ser mayor que cero.' })
    expect(messages('properties', { ...property, price: { amount: 38_000_000_000, currency: 'MXN' } })).toEqual({ 'price.amount': priceProblem({ amount: 38_000_000_000, currency: 'MXN' }, 'venta') })
    // A rent of 1,000 pesos is the floor; a sale at that price is a missing zero.
    expect(priceProblem({ amount: PRICE_BOUNDS_MXN.rent.min, currency: 'MXN' }, 'renta')).toBeNull()
    expect(priceProblem({ amount: PRICE_BOUNDS_MXN.rent.min, currency: 'MXN' }, 'venta')).toMatch(/^Un precio de venta va de \$100,000 MXN/)
    // Dollars are compared at the reference rate: USD 300,000 a month is absurd for a rent.
    expect(priceProblem({ amount: 300_000, currency: 'USD' }, 'renta')).toMatch(/^Una renta mensual/)
  })

  it('lets a draft lack alt texts, not a publication', () => {
    const property = { ...demo.properties[0]!, images: demo.properties[0]!.images.map((image, i) => (i === 1 ? { ...image, alt: ' ' } : image)) }
    expect(messages('properties', property, 'borrador')).toEqual({})
    expect(messages('properties', property)).toEqual({ 'images.1.alt': CATALOGUE_MESSAGES.altMissing })
    // Zones and products are always published: their image needs one always.
    expect(messages('zones', { ...demo.zones[0]!, image: { ...demo.zones[0]!.image, alt: '' } }, 'borrador')).toEqual({ 'image.alt': CATALOGUE_MESSAGES.altMissing })
  })

  it('refuses unknown amenities, a post with HTML, and a model with more units available than in total', () => {
    expect(messages('properties', { ...demo.properties[0], amenities: ['helipuerto'] })).toEqual({ 'amenities.0': 'Esa amenidad no está en la lista.' })
    expect(messages('posts', { ...demo.blog[0], body: 'Hola <script>x</script>' })).toEqual({ body: expect.stringContaining('no admite HTML') })
    const development = demo.developments[0]!
    const model = { ...development.models[0]!, available: 50, total: 40 }
    expect(messages('developments', { ...development, models: [model] })).toEqual({ 'models.0.available': 'No puede haber más unidades disponibles que en total.' })
  })

  it('refuses a status that does not fit the operation', () => {
    const sale = demo.properties.find((p) => p.operation === 'venta')!
    const rental = demo.properties.find((p) => p.operation === 'renta')!
    expect(messages('properties', { ...sale, status: 'rentada' })).toEqual({ status: 'Solo una propiedad en renta se marca rentada: esta se vende.' })
    expect(messages('properties', { ...rental, status: 'vendida' })).toEqual({ status: 'Una propiedad en renta se marca rentada, no vendida.' })
    expect(messages('properties', { ...rental, status: 'rentada' })).toEqual({})
  })
})
