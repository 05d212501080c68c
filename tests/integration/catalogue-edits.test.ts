import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogPost, Development, Product, Property, Zone } from '../../src/catalogue/model'
import { CATALOGUE_MESSAGES, priceProblem } from '../../src/catalogue/schema'
import { STALE_MESSAGES, type Editable, type HistoryEntry } from '../../src/protocol/catalogue'
import type { RunningServer } from '../../src/server/app'
import { catalogueEdits, EDIT_MESSAGES } from '../../src/server/catalogue/edits'
import { addAdviser, consoleFetch, signedInAdviser, signIn, TEST_ADMIN } from '../support/console'
import { readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { DEV_BUSINESS_API_KEY } from '../../src/server/config'
import { sharedStorage, STORAGES } from './databases'

/**
 * The catalogue's write side through HTTP as the console sends it (docs/catalogue.md), on every
 * storage: a signed-in admin creates, edits, duplicates and archives; bad input is refused at the
 * field with nothing stored; two saves of one revision: the second is told; drafts stay private.
 */
const demo = readCatalogue()
/** GET of the business API, as an integrator reads it. */
const api = (url: string, path: string) => fetch(`${url}/api${path}`, { headers: { 'X-Api-Key': DEV_BUSINESS_API_KEY } })
const demoProperty = demo.properties[0]!

/** A new property as the console's form sends it: no id, no dates, the slug left to the title. */
function newProperty(title: string, overrides: Partial<Property> = {}) {
  const { id: _id, createdAt: _c, updatedAt: _u, slug: _s, ...rest } = demoProperty
  return { ...rest, slug: '', title, featured: false, ...overrides }
}

describe.each(STORAGES)('catalogue edits on $name', { timeout: withEmbeddedStarts(1) }, ({ open }) => {
  const storage = sharedStorage(open)
  let server: RunningServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer({ storage: storage(), ...TEST_ADMIN })
    admin = await signIn(server.url)
  }, withEmbeddedStarts(1))
  afterAll(() => server?.close())

  const call = async <T = unknown>(method: string, path: string, body?: unknown, cookie = admin) => {
    const response = await consoleFetch(server.url, `/catalogue${path}`, { method, cookie, ...(body !== undefined ? { body } : {}) })
    return { status: response.status, body: (await response.json()) as T & { error?: { code: string; message: string; fields?: Record<string, string> } } }
  }
  const publicSlugs = async (query = '') => {
    const page = (await (await api(server.url, `/properties?por_pagina=48${query}`)).json()) as { items: Property[]; total: number }
    return page
  }

  it('creates a property as a draft, with the slug from the title (accents folded), absent from the public API until published', async () => {
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Casa Ñandú en Huayacán con alberca') })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ publication: 'borrador', revision: 1, updatedBy: 'Administrador' })
    expect(created.body.record).toMatchObject({ slug: 'casa-nandu-en-huayacan-con-alberca', id: 'prop-077' })

    expect((await publicSlugs('&q=nandu')).total).toBe(0)
    expect((await api(server.url, `/properties/${created.body.record.slug}`)).status).toBe(404)
    expect((await storage().catalogue.listingCatalogue()).properties.map((p) => p.id)).not.toContain('prop-077')

    const published = await call<Editable<Property>>('PUT', `/properties/${created.body.record.id}`, {
      record: created.body.record,
      publication: 'publicada',
      revision: 1,
    })
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({ publication: 'publicada', revision: 2 })
    expect((await publicSlugs('&q=nandu')).items.map((p) => p.id)).toEqual(['prop-077'])
  })

  it('refuses bad input at the field, in Spanish, storing nothing', async () => {
    const before = await call<{ total: number }>('GET', '/properties')
    const cases: [Record<string, unknown>, string, string][] = [
      [newProperty('Casa con precio negativo', { price: { amount: -5, currency: 'MXN' } }), 'price.amount', 'El precio debe ser mayor que cero.'],
      [newProperty('Casa con precio absurdo', { price: { amount: 90_000_000_000, currency: 'MXN' } }), 'price.amount', priceProblem({ amount: 90_000_000_000, currency: 'MXN' }, 'venta')!],
      [newProperty('Casa en una zona inventada', { zone: 'atlantida' }), 'zone', CATALOGUE_MESSAGES.zoneMissing],
      [newProperty('Casa en un desarrollo inventado', { development: 'no-existe' }), 'development', CATALOGUE_MESSAGES.developmentMissing],
      [newProperty(demoProperty.title), 'slug', CATALOGUE_MESSAGES.slugTaken],
    ]
    for (const [record, field, message] of cases) {
      const refused = await call('POST', '/properties', { record })
      expect(refused.status, field).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', fields: { [field]: message } })
    }
    // Publishing needs the alt text of every photo; a draft may wait for it.
    const noAlt = newProperty('Casa sin texto alternativo', { images: [{ ...demoProperty.images[0]!, alt: '' }] })
    const refused = await call('POST', '/properties', { record: noAlt, publication: 'publicada' })
    expect(refused.status).toBe(400)
    expect(refused.body.error?.fields).toEqual({ 'images.0.alt': CATALOGUE_MESSAGES.altMissing })
    expect((await call<{ total: number }>('GET', '/properties')).body.total).toBe(before.body.total)
    expect((await call('POST', '/properties', { record: noAlt })).status).toBe(201)
  })

  it('answers 409 stale to the second of two saves of one revision sent at once, overwriting nothing', async () => {
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Departamento para dos editores') })
    const id = created.body.record.id
    const saves = await Promise.all(
      [4, 1].map((bedrooms) => call<Editable<Property>>('PUT', `/properties/${id}`, { record: { ...created.body.record, bedrooms }, revision: 1 })),
    )
    const [saved, stale] = saves[0]!.status === 200 ? saves : [saves[1]!, saves[0]!]
    expect([saved!.status, stale!.status]).toEqual([200, 409])
    expect(stale!.body.error).toMatchObject({ code: 'stale', message: STALE_MESSAGES.properties })
    const stored = await call<Editable<Property>>('GET', `/properties/${id}`)
    expect(stored.body).toMatchObject({ revision: 2, record: { bedrooms: saved!.body.record.bedrooms } })
    // The history holds the one save that went through.
    const history = await call<{ items: HistoryEntry[] }>('GET', `/properties/${id}/history`)
    expect(history.body.items.filter((item) => item.field === 'bedrooms')).toHaveLength(1)
  })

  it('gives two properties created at once their own ids', async () => {
    const created = await Promise.all(['Casa gemela uno', 'Casa gemela dos'].map((title) => call<Editable<Property>>('POST', '/properties', { record: newProperty(title) })))
    expect(created.map((c) => c.status)).toEqual([201, 201])
    expect(new Set(created.map((c) => c.body.record.id)).size).toBe(2)
  })

  it('lists drafts for the console by publication and status, never for the public', async () => {
    const drafts = await call<{ items: Editable<Property>[]; total: number }>('GET', '/properties?publication=borrador&status=disponible')
    expect(drafts.status).toBe(200)
    expect(drafts.body.total).toBeGreaterThan(0)
    expect(drafts.body.items.every((item) => item.publication === 'borrador' && item.record.status === 'disponible')).toBe(true)
    const publicIds = new Set((await publicSlugs()).items.map((p) => p.id))
    for (const item of drafts.body.items) expect(publicIds.has(item.record.id)).toBe(false)
    expect((await call('GET', '/properties?status=regalada')).status).toBe(400)
  })

  it('records who, when, old and new of each changed field only, and a lowered price as a price drop', async () => {
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Casa que baja de precio') })
    const id = created.body.record.id
    const startedAt = Date.now()
    const lowered = await call<Editable<Property>>('PATCH', `/properties/${id}`, { price: { amount: 3_500_000, currency: 'MXN' }, revision: 1 })
    expect(lowered.status).toBe(200)
    expect(lowered.body.record.priceDrop).toMatchObject({ previous: demoProperty.price })
    const history = await call<{ items: HistoryEntry[] }>('GET', `/properties/${id}/history`)
    expect(history.body.items.map(({ field, old, new: value, actorName }) => ({ field, old, new: value, actorName }))).toEqual([
      { field: 'price', old: demoProperty.price, new: { amount: 3_500_000, currency: 'MXN' }, actorName: 'Administrador' },
      { field: 'created', old: null, new: 'borrador', actorName: 'Administrador' },
    ])
    // When: the moment of the save, by the database's clock (a second's leeway between the two clocks).
    expect(Date.parse(history.body.items[0]!.at)).toBeGreaterThanOrEqual(startedAt - 1000)
    expect(Date.parse(history.body.items[0]!.at)).toBeLessThanOrEqual(Date.now() + 1000)
    // A status that does not fit the operation is refused at the field from the list too.
    const rented = await call('PATCH', `/properties/${id}`, { status: 'rentada', revision: 2 })
    expect(rented.body.error?.fields).toEqual({ status: 'Solo una propiedad en renta se marca rentada: esta se vende.' })
    const raised = await call<Editable<Property>>('PATCH', `/properties/${id}`, { price: { amount: 3_900_000, currency: 'MXN' }, revision: 2 })
    expect(raised.body.record.priceDrop ?? null).toBeNull()
  })

  it('duplicates as a draft and archives, leaving a 301 row to the listing page', async () => {
    const copy = await call<Editable<Property>>('POST', `/properties/${demoProperty.id}/duplicate`)
    expect(copy.status).toBe(201)
    expect(copy.body).toMatchObject({ publication: 'borrador', record: { slug: `${demoProperty.slug}-copia`, title: `${demoProperty.title} (copia)` } })
    const archived = await call<Editable<Property>>('POST', `/properties/${demoProperty.id}/archive`)
    expect(archived.body.publication).toBe('archivada')
    expect(await storage().catalogueEdits.redirectOf(`/propiedad/${demoProperty.slug}`)).toBe('/venta-cancun')
    expect((await api(server.url, `/properties/${demoProperty.slug}`)).status).toBe(404)
  })

  it('keeps an asesor without the permission to drafts; given it, they publish', async () => {
    const ana = await addAdviser(server.url, admin, { email: 'asesora@pruebas.mx', name: 'Ana', password: 'clave-de-ana-123' })
    const asesor = await signIn(server.url, ana.email, 'clave-de-ana-123')
    const draft = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Borrador de Ana') }, asesor)
    expect(draft.status).toBe(201)
    const publish = await call('PUT', `/properties/${draft.body.record.id}`, { record: draft.body.record, publication: 'publicada', revision: 1 }, asesor)
    expect(publish.status).toBe(403)
    expect(publish.body.error).toMatchObject({ code: 'forbidden', message: EDIT_MESSAGES.forbidden })
    expect((await call('PATCH', `/properties/${demo.properties[1]!.id}`, { status: 'vendida', revision: 1 }, asesor)).status).toBe(403)

    const granted = await consoleFetch(server.url, `/accounts/${ana.id}`, { method: 'PUT', cookie: admin, body: { canPublish: true } })
    expect(await granted.json()).toMatchObject({ account: { canPublish: true } })
    expect((await call('PUT', `/properties/${draft.body.record.id}`, { record: draft.body.record, publication: 'publicada', revision: 1 }, asesor)).status).toBe(200)
  })

  it('keeps zones and products, always live, to those who may publish', async () => {
    const luis = await signedInAdviser(server.url, admin, { email: 'luis@pruebas.mx', name: 'Luis', password: 'clave-de-luis-123' })
    const zone = await call<Editable<Zone>>('GET', '/zones/centro', undefined, luis)
    const refused = await call('PUT', '/zones/centro', { record: { ...zone.body.record, description: 'Otra descripción del centro.' }, revision: zone.body.revision }, luis)
    expect(refused.status).toBe(403)
    expect((await call<Editable<Zone>>('GET', '/zones/centro')).body.revision).toBe(zone.body.revision)
    expect((await call('POST', '/zones/centro/duplicate', undefined, luis)).status).toBe(403)
  })

  it('finds records by their title, accents folded, and gives the forms their zones and developments', async () => {
    const posts = await call<{ items: Editable<BlogPost>[] }>('GET', '/posts?q=MANTENER')
    expect(posts.body.items.map((p) => p.record.slug)).toEqual(['cuanto-cuesta-mantener-una-propiedad-en-cancun'])
    const zones = await call<{ items: Editable<Zone>[] }>('GET', '/zones?q=huayacan')
    expect(zones.body.items.map((z) => z.record.slug)).toEqual(['huayacan'])
    const choices = await call<{ zones: { slug: string }[]; developments: { slug: string; publication: string }[] }>('GET', '/zones-and-developments')
    expect(choices.body.zones.map((z) => z.slug)).toEqual(expect.arrayContaining(demo.zones.map((z) => z.slug)))
    expect(choices.body.developments.length).toBeGreaterThanOrEqual(demo.developments.length)
    expect((await call('GET', '/casas')).status).toBe(404)
  })

  it('answers the new key after a slug change and writes the redirect row', async () => {
    const property = demo.properties[2]!
    const current = await call<Editable<Property>>('GET', `/properties/${property.id}`)
    const renamed = await call<Editable<Property>>('PUT', `/properties/${property.id}`, { record: { ...current.body.record, slug: 'casa-con-nueva-direccion' }, revision: current.body.revision })
    expect(renamed.body.record.slug).toBe('casa-con-nueva-direccion')
    expect(await storage().catalogueEdits.redirectOf(`/propiedad/${property.slug}`)).toBe('/propiedad/casa-con-nueva-direccion')
    expect((await api(server.url, `/properties/casa-con-nueva-direccion`)).status).toBe(200)
  })

  it('creates, publishes, duplicates and archives a development; a draft one is absent from the API', async () => {
    const { slug: _slug, ...development } = demo.developments[1]!
    const created = await call<Editable<Development>>('POST', '/developments', { record: { ...development, slug: '', name: 'Residencial Sol Naciente' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ publication: 'borrador', record: { slug: 'residencial-sol-naciente' } })
    const listed = async () => ((await (await api(server.url, '/developments')).json()) as { items: Development[] }).items.map((d) => d.slug)
    expect(await listed()).not.toContain('residencial-sol-naciente')
    const published = await call<Editable<Development>>('PUT', '/developments/residencial-sol-naciente', { record: created.body.record, publication: 'publicada', revision: 1 })
    expect(published.status).toBe(200)
    expect(await listed()).toContain('residencial-sol-naciente')
    const copy = await call<Editable<Development>>('POST', '/developments/residencial-sol-naciente/duplicate')
    expect(copy.body).toMatchObject({ publication: 'borrador', record: { slug: 'residencial-sol-naciente-copia', name: 'Residencial Sol Naciente (copia)' } })
    const archived = await call<Editable<Development>>('POST', '/developments/residencial-sol-naciente/archive')
    expect(archived.body.publication).toBe('archivada')
    expect(await listed()).not.toContain('residencial-sol-naciente')
    expect(await storage().catalogueEdits.redirectOf('/residencial-sol-naciente')).toBe('/desarrollos-inmobiliarios-cancun')
    expect(await storage().catalogueEdits.redirectOf('/residencial-sol-naciente/casas')).toBe('/desarrollos-inmobiliarios-cancun')
  })

  it('gives a property archived, or taken back to draft, all its older addresses again when it is published again', async () => {
    /** Where the site sends a visitor who asks for `path`: the 301's target, or the page's own status. */
    const visit = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      await response.body?.cancel()
      return response.status === 301 ? response.headers.get('location') : response.status
    }
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Casa con historia en Cancún') })
    const { id } = created.body.record
    const put = async (slug: string, publication: string) => {
      const current = (await call<Editable<Property>>('GET', `/properties/${id}`)).body
      const saved = await call<Editable<Property>>('PUT', `/properties/${id}`, { record: { ...current.record, slug }, publication, revision: current.revision })
      expect(saved.status, `${slug} ${publication}`).toBe(200)
    }
    const [first, second, third] = ['/propiedad/casa-con-historia-en-cancun', '/propiedad/casa-con-historia', '/propiedad/casa-con-historia-y-jardin']
    await put('casa-con-historia-en-cancun', 'publicada')
    await put('casa-con-historia', 'publicada')
    expect([await visit(first), await visit(second)]).toEqual([second, 200])

    // Archived: every address it had goes to its listing, in one 301.
    expect((await call('POST', `/properties/${id}/archive`)).status).toBe(200)
    expect([await visit(first), await visit(second)]).toEqual(['/venta-cancun', '/venta-cancun'])
    // Published again: the older address leads to it again.
    await put('casa-con-historia', 'publicada')
    expect([await visit(first), await visit(second)]).toEqual([second, 200])

    // Back to draft, given a new address while a draft, then published: both older ones lead to the newest.
    await put('casa-con-historia', 'borrador')
    expect([await visit(first), await visit(second)]).toEqual(['/venta-cancun', '/venta-cancun'])
    await put('casa-con-historia-y-jardin', 'borrador')
    expect([await visit(first), await visit(second), await visit(third)]).toEqual(['/venta-cancun', '/venta-cancun', '/venta-cancun'])
    await put('casa-con-historia-y-jardin', 'publicada')
    expect([await visit(first), await visit(second), await visit(third)]).toEqual([third, third, 200])
  })

  it("moves a development's properties with its new slug, and leaves redirects from its old pages", async () => {
    const old = demo.developments[5]!
    const current = await call<Editable<Development>>('GET', `/developments/${old.slug}`)
    const renamed = await call<Editable<Development>>('PUT', `/developments/${old.slug}`, {
      record: { ...current.body.record, slug: 'jardines-del-sur-etapa-dos', name: 'Jardines del Sur Etapa Dos' },
      revision: current.body.revision,
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.record.slug).toBe('jardines-del-sur-etapa-dos')
    expect((await call('GET', `/developments/${old.slug}`)).status).toBe(404)
    const inIt = (await publicSlugs('&desarrollo=jardines-del-sur-etapa-dos')).items
    expect(inIt.map((p) => p.id).sort()).toEqual(demo.properties.filter((p) => p.development === old.slug).map((p) => p.id).sort())
    expect(inIt.every((p) => p.development === 'jardines-del-sur-etapa-dos')).toBe(true)
    // The search text follows the new name.
    expect((await publicSlugs('&q=etapa dos')).total).toBe(inIt.length)
    expect(await storage().catalogueEdits.redirectOf(`/${old.slug}`)).toBe('/jardines-del-sur-etapa-dos')
    expect(await storage().catalogueEdits.redirectOf(`/${old.slug}/departamentos`)).toBe('/jardines-del-sur-etapa-dos/departamentos')
    // Its history followed it to the new key.
    const history = await call<{ items: HistoryEntry[] }>('GET', '/developments/jardines-del-sur-etapa-dos/history')
    expect(history.body.items.map((item) => item.field).sort()).toEqual(['name', 'slug'])
  })

  it('keeps a draft post off the blog until it is published, and refuses HTML in its body', async () => {
    const { slug: _slug, updatedAt: _u, ...post } = demo.blog[0]!
    const record = { ...post, slug: '', title: 'Guía para rentar en Cancún', publishedAt: null }
    const refused = await call('POST', '/posts', { record: { ...record, body: 'Hola <b>mundo</b>' } })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.error!.fields!)).toEqual(['body'])
    const created = await call<Editable<BlogPost>>('POST', '/posts', { record })
    expect(created.body.record).toMatchObject({ slug: 'guia-para-rentar-en-cancun' })
    const blog = async () => ((await (await api(server.url, '/blog?por_pagina=48')).json()) as { items: BlogPost[] }).items.map((p) => p.slug)
    expect(await blog()).not.toContain('guia-para-rentar-en-cancun')
    expect((await api(server.url, '/blog/guia-para-rentar-en-cancun')).status).toBe(404)
    await call('PUT', '/posts/guia-para-rentar-en-cancun', { record: created.body.record, publication: 'publicada', revision: 1 })
    expect(await blog()).toContain('guia-para-rentar-en-cancun')
  })

  it("renames a zone: its properties' search text follows; a product must name a zone that exists and a free address", async () => {
    const zone = demo.zones.find((z) => z.slug === 'poligono-sur')!
    const current = await call<Editable<Zone>>('GET', '/zones/poligono-sur')
    const renamed = await call<Editable<Zone>>('PUT', '/zones/poligono-sur', { record: { ...current.body.record, name: 'Polígono Sur Malecón' }, revision: current.body.revision })
    expect(renamed.status).toBe(200)
    expect((await publicSlugs('&q=malecon')).total).toBe(demo.properties.filter((p) => p.zone === zone.slug).length)

    const { slug: _slug, ...product } = demo.products[0]!
    const badZone = await call('POST', '/products', { record: { ...product, slug: 'casas-en-atlantida', filter: { zone: 'atlantida' } } })
    expect(badZone.body.error?.fields).toEqual({ 'filter.zone': CATALOGUE_MESSAGES.zoneMissing })
    const taken = await call('POST', '/products', { record: { ...product, slug: demo.developments[1]!.slug } })
    expect(taken.body.error?.fields).toEqual({ slug: CATALOGUE_MESSAGES.slugTakenRoot })
    const created = await call<Editable<Product>>('POST', '/products', { record: { ...product, slug: 'casas-en-poligono-sur', filter: { zone: 'poligono-sur', type: 'casa' } } })
    expect(created.status).toBe(201)
    expect(created.body.publication).toBe('publicada')
    expect((await call('POST', '/products/casas-en-poligono-sur/archive')).status).toBe(400)
  })

  it('saves the fixed residential page under its own slug; a zone page another zone has is refused', async () => {
    const suiko = await call<Editable<Development>>('GET', '/developments/residencial-cumbres-suiko')
    const saved = await call('PUT', '/developments/residencial-cumbres-suiko', { record: { ...suiko.body.record, summary: 'Casas con casa club en Huayacán.' }, revision: suiko.body.revision })
    expect(saved.status).toBe(200)
    const centro = await call<Editable<Zone>>('GET', '/zones/centro')
    const taken = await call('PUT', '/zones/centro', { record: { ...centro.body.record, path: '/huayacan-cancun' }, revision: centro.body.revision })
    expect(taken.body.error?.fields).toEqual({ path: CATALOGUE_MESSAGES.pathTaken })
  })

  it('shows a draft\'s real page in «Vista previa», noindex, while the site still answers 404 for it', async () => {
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Casa en borrador para la vista previa') })
    const preview = await consoleFetch(server.url, `/catalogue/properties/${created.body.record.id}/preview`, { cookie: admin })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('x-robots-tag')).toBe('noindex')
    expect(preview.headers.get('content-security-policy')).toContain('nonce-')
    const html = await preview.text()
    expect(html).toContain('<h1')
    expect(html).toContain('Casa en borrador para la vista previa')
    expect((await fetch(`${server.url}/propiedad/${created.body.record.slug}`)).status).toBe(404)
    // Not signed in: no preview.
    expect((await consoleFetch(server.url, `/catalogue/properties/${created.body.record.id}/preview`)).status).toBe(401)
  })

  it('calls afterChange once per committed change, never for a refused one', async () => {
    let calls = 0
    const edits = catalogueEdits({ repo: storage().catalogueEdits, afterChange: async () => void calls++ })
    const editor = { id: 'prueba', name: 'Prueba', role: 'admin' as const, canPublish: true }
    const { slug: _s, ...zone } = demo.zones[0]!
    const created = await edits.create('zones', { ...zone, slug: 'cancun-norte', name: 'Cancún Norte', path: null }, undefined, editor)
    expect(created.ok).toBe(true)
    expect(calls).toBe(1)
    const stale = await edits.update('zones', 'cancun-norte', { ...zone, slug: 'cancun-norte', name: 'Cancún Norte', path: null }, undefined, 99, editor)
    expect(stale).toMatchObject({ ok: false, status: 409 })
    const taken = await edits.create('zones', { ...zone, slug: 'cancun-norte', name: 'Otra', path: null }, undefined, editor)
    expect(taken).toMatchObject({ ok: false, status: 400, fields: { slug: CATALOGUE_MESSAGES.slugTaken } })
    expect(calls).toBe(1)
  })
})
