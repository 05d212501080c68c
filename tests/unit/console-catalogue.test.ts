// The pure parts of the console's «Catálogo» (docs/console.md#catalogue): its routes, list
// filters, photo order and alt texts, the blog body's format buttons and field errors.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/console/api'
import { errorUnder, issuesToFields, isStale, serverFields } from '../../src/console/catalogue-errors'
import { filterParams, filtersOf, NO_CATALOGUE_FILTERS, pageCount } from '../../src/console/catalogue-filters'
import { cataloguePath, emptyRecord, mayPublish, readCatalogueParam, recordKey, recordTitle } from '../../src/console/catalogue-kinds'
import { makeCover, movePhoto, photoAsset, removePhoto } from '../../src/console/catalogue-photos'
import { validateRecord } from '../../src/console/catalogue-validate'
import { historyFieldLabel, historyValueText } from '../../src/console/catalogue-history'
import { applyFormat } from '../../src/console/catalogue-post-body'
import { readNumber } from '../../src/console/screens/catalogue/fields'

describe('«Catálogo» routes', () => {
  it('reads the tab and the open record from the path, the properties by default', () => {
    expect(readCatalogueParam(null)).toMatchObject({ info: { kind: 'properties' }, key: null })
    expect(readCatalogueParam('blog')).toMatchObject({ info: { kind: 'posts' }, key: null })
    expect(readCatalogueParam('paginas/casas-en-venta')).toMatchObject({ info: { kind: 'products' }, key: 'casas-en-venta' })
    expect(readCatalogueParam('propiedades/nueva')).toMatchObject({ info: { kind: 'properties' }, key: 'nueva' })
    expect(readCatalogueParam('nada')).toMatchObject({ info: { kind: 'properties' }, key: null })
    expect(cataloguePath('developments', 'mar azul')).toBe('catalogo/desarrollos/mar%20azul')
    expect(cataloguePath('zones')).toBe('catalogo/zonas')
  })

  it('keys a property by its id and everything else by its slug, and names it', () => {
    const property = { ...emptyRecord('properties'), id: 'p-1', slug: 'casa', title: 'Casa Marina' }
    expect(recordKey('properties', property)).toBe('p-1')
    expect(recordTitle('properties', property)).toBe('Casa Marina')
    const zone = { ...emptyRecord('zones'), slug: 'huayacan', name: 'Huayacán' }
    expect(recordKey('zones', zone)).toBe('huayacan')
    expect(recordTitle('zones', zone)).toBe('Huayacán')
    expect(recordTitle('posts', emptyRecord('posts'))).toBe('Sin título')
  })

  it('lets admins and advisers given the permission publish, no one else', () => {
    expect(mayPublish({ role: 'admin', canPublish: false })).toBe(true)
    expect(mayPublish({ role: 'asesor', canPublish: false })).toBe(false)
    expect(mayPublish({ role: 'asesor', canPublish: true })).toBe(true)
  })
})

describe('«Catálogo» list filters', () => {
  it('asks only for the filters that are set, featured as a boolean, and the page past the first', () => {
    expect(filterParams(NO_CATALOGUE_FILTERS, 1)).toBe('')
    const filters = { ...NO_CATALOGUE_FILTERS, q: ' casa ', status: 'apartada', featured: 'si', zone: 'huayacan' }
    expect(Object.fromEntries(new URLSearchParams(filterParams(filters, 3)))).toEqual({ q: 'casa', status: 'apartada', featured: 'true', zone: 'huayacan', page: '3' })
    expect(new URLSearchParams(filterParams({ ...NO_CATALOGUE_FILTERS, featured: 'no' }, 1)).get('featured')).toBe('false')
  })

  it('keeps on each tab only the filters it has, and the text search', () => {
    const filters = { ...NO_CATALOGUE_FILTERS, q: 'mar', status: 'vendida', publication: 'borrador', zone: 'centro' }
    expect(filtersOf('posts', filters)).toEqual({ ...NO_CATALOGUE_FILTERS, q: 'mar', publication: 'borrador' })
    expect(filtersOf('developments', filters)).toEqual({ ...NO_CATALOGUE_FILTERS, q: 'mar', publication: 'borrador', zone: 'centro' })
    expect(filtersOf('properties', filters)).toEqual(filters)
  })

  it('counts pages, one at least', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(41, 20)).toBe(3)
  })
})

describe('«Catálogo» photos', () => {
  const a = { src: '/photos/a.jpg', width: 4, height: 3, alt: 'Sala' }
  const b = { src: '/photos/b.jpg', width: 4, height: 3, alt: '' }
  const c = { src: '/photos/c.jpg', width: 4, height: 3, alt: '  ' }

  it('stores an upload as an image of /photos/<key> with its size and no alt yet', () => {
    expect(photoAsset({ ok: true, name: 'x.jpg', key: 'ab.jpg', width: 800, height: 600 })).toEqual({ src: '/photos/ab.jpg', width: 800, height: 600, alt: '' })
  })

  it('moves a photo, makes one the cover and removes one, never losing the others', () => {
    expect(movePhoto([a, b, c], 0, 2)).toEqual([b, c, a])
    expect(movePhoto([a, b, c], 2, -5)).toEqual([c, a, b])
    expect(movePhoto([a, b], 7, 0)).toEqual([a, b])
    expect(makeCover([a, b, c], 2)).toEqual([c, a, b])
    expect(removePhoto([a, b, c], 1)).toEqual([a, c])
  })

})

describe('«Catálogo» forms checked in the browser by the shared schema', () => {
  const photo = (alt: string) => ({ src: '/photos/ab.jpg', width: 800, height: 600, alt })
  const property = {
    ...emptyRecord('properties'),
    title: 'Casa con jardín en Huayacán',
    description: 'Dos niveles.',
    zone: 'huayacan',
    address: 'Calle 1, Cancún',
    price: { amount: 3_450_000, currency: 'MXN' as const },
    images: [photo('Fachada'), photo(' ')],
  }

  it('lets a draft wait for its alt texts, and names each missing one at its photo for publishing', () => {
    expect(validateRecord('properties', property, 'borrador')).toEqual({})
    expect(Object.keys(validateRecord('properties', property, 'publicada'))).toEqual(['images.1.alt'])
    expect(validateRecord('properties', { ...property, images: [] }, 'publicada')).toHaveProperty('images')
  })

  it('says what a field holds wrong at the field, in Spanish, the record’s own path', () => {
    const fields = validateRecord('properties', { ...property, price: { amount: -5, currency: 'MXN' }, zone: '', bedrooms: Number.NaN }, 'borrador')
    expect(fields['price.amount']).toBe('El precio debe ser mayor que cero.')
    expect(fields.zone).toBe('Elige la zona.')
    expect(fields.bedrooms).toMatch(/Recámaras/)
    // A post's empty cover is said at its file; zones and product pages are always published.
    expect(validateRecord('posts', emptyRecord('posts'), 'borrador')).toHaveProperty(['cover.src'])
    expect(validateRecord('zones', { ...emptyRecord('zones'), name: 'Centro', description: 'x', image: photo('') }, 'borrador')).toHaveProperty(['image.alt'])
  })
})

describe('the blog body buttons', () => {
  it('wraps the selection in bold, or inserts a placeholder to type over', () => {
    expect(applyFormat('una casa grande', 4, 8, 'bold')).toEqual({ text: 'una **casa** grande', start: 6, end: 10 })
    expect(applyFormat('ab', 1, 1, 'bold').text).toBe('a**texto en negrita**b')
  })

  it('makes the selected lines a list or a heading in a block of their own, and takes the mark off again', () => {
    const text = 'Intro\nuno\ndos\nFin'
    const list = applyFormat(text, 6, 13, 'list')
    expect(list.text).toBe('Intro\n\n- uno\n- dos\n\nFin')
    expect(list.text.slice(list.start, list.end)).toBe('- uno\n- dos')
    expect(applyFormat(list.text, list.start, list.end, 'list').text).toBe('Intro\n\nuno\ndos\n\nFin')
    expect(applyFormat('Zonas de Cancún', 0, 0, 'heading').text).toBe('## Zonas de Cancún')
    expect(applyFormat('', 0, 0, 'heading').text).toBe('## Título de la sección')
  })
})

describe('field errors', () => {
  it('keeps the first message per path, by the path the server uses', () => {
    const fields = issuesToFields([
      { path: ['price', 'amount'], message: 'El precio debe ser mayor que cero.' },
      { path: ['price', 'amount'], message: 'otro' },
      { path: ['images', 2, 'alt'], message: 'Describe la foto.' },
      { path: [], message: 'Campo desconocido.' },
    ])
    expect(fields).toEqual({ 'price.amount': 'El precio debe ser mayor que cero.', 'images.2.alt': 'Describe la foto.', _: 'Campo desconocido.' })
    expect(errorUnder(fields, 'images')).toBe('Describe la foto.')
    expect(errorUnder(fields, 'zone')).toBeUndefined()
  })

  it('reads the server’s field errors and a stale save', () => {
    expect(serverFields(new ApiError(400, 'Revisa', { zone: 'La zona no existe.' }))).toEqual({ zone: 'La zona no existe.' })
    expect(serverFields(new Error('x'))).toEqual({})
    expect(isStale(new ApiError(409, 'Otra persona guardó'))).toBe(true)
    expect(isStale(new ApiError(400, 'x'))).toBe(false)
  })

  it('reads a typed number: grouping allowed, empty as none when the field allows it, anything else as not a number', () => {
    expect(readNumber('3,450,000', false)).toBe(3450000)
    expect(readNumber('$ 12.5', false)).toBe(12.5)
    expect(readNumber('', true)).toBeNull()
    expect(readNumber('', false)).toBeNaN()
    expect(readNumber('tres', false)).toBeNaN()
  })
})

describe('a record\'s history as people read it', () => {
  it('names each field in Spanish and shows its values as the site does', () => {
    expect(historyFieldLabel('price')).toBe('Precio')
    expect(historyValueText('price', { amount: 3_450_000, currency: 'MXN' })).toBe('$3,450,000 MXN')
    expect(historyValueText('status', 'apartada')).toBe('Apartada')
    expect(historyValueText('publication', 'borrador')).toBe('Borrador')
    expect(historyValueText('featured', true)).toBe('Sí')
    expect(historyValueText('images', [{}, {}, {}])).toBe('3 fotos')
    expect(historyValueText('development', null)).toBe('—')
    expect(historyValueText('description', 'x'.repeat(200))).toHaveLength(81)
  })
})
