import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Property } from '../../src/catalogue/model'
import { CATALOGUE_MESSAGES, priceProblem } from '../../src/catalogue/schema'
import { STALE_MESSAGES, type Editable, type HistoryEntry } from '../../src/protocol/catalogue'
import type { RunningServer } from '../../src/server/app'
import { EDIT_MESSAGES } from '../../src/server/catalogue/edits'
import { consoleFetch, signIn, TEST_ADMIN } from '../support/console'
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

  it('answers 409 stale to the second of two saves of one revision, overwriting nothing', async () => {
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Departamento para dos editores') })
    const id = created.body.record.id
    const first = await call<Editable<Property>>('PUT', `/properties/${id}`, { record: { ...created.body.record, bedrooms: 4 }, revision: 1 })
    const second = await call('PUT', `/properties/${id}`, { record: { ...created.body.record, bedrooms: 1 }, revision: 1 })
    expect(first.status).toBe(200)
    expect(second.status).toBe(409)
    expect(second.body.error).toMatchObject({ code: 'stale', message: STALE_MESSAGES.properties })
    expect((await call<Editable<Property>>('GET', `/properties/${id}`)).body.record.bedrooms).toBe(4)
  })

  it('records who, when, old and new of each changed field only, and a lowered price as a price drop', async () => {
    const created = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Casa que baja de precio') })
    const id = created.body.record.id
    const lowered = await call<Editable<Property>>('PATCH', `/properties/${id}`, { price: { amount: 3_500_000, currency: 'MXN' }, revision: 1 })
    expect(lowered.status).toBe(200)
    expect(lowered.body.record.priceDrop).toMatchObject({ previous: demoProperty.price })
    const history = await call<{ items: HistoryEntry[] }>('GET', `/properties/${id}/history`)
    expect(history.body.items.map(({ field, old, new: value, actorName }) => ({ field, old, new: value, actorName }))).toEqual([
      { field: 'price', old: demoProperty.price, new: { amount: 3_500_000, currency: 'MXN' }, actorName: 'Administrador' },
      { field: 'created', old: null, new: 'borrador', actorName: 'Administrador' },
    ])
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
    await consoleFetch(server.url, '/accounts', { method: 'POST', cookie: admin, body: { email: 'asesora@pruebas.mx', name: 'Ana', role: 'asesor', password: 'clave-de-ana-123' } })
    const asesor = await signIn(server.url, 'asesora@pruebas.mx', 'clave-de-ana-123')
    const draft = await call<Editable<Property>>('POST', '/properties', { record: newProperty('Borrador de Ana') }, asesor)
    expect(draft.status).toBe(201)
    const publish = await call('PUT', `/properties/${draft.body.record.id}`, { record: draft.body.record, publication: 'publicada', revision: 1 }, asesor)
    expect(publish.status).toBe(403)
    expect(publish.body.error).toMatchObject({ code: 'forbidden', message: EDIT_MESSAGES.forbidden })
    expect((await call('PATCH', `/properties/${demo.properties[1]!.id}`, { status: 'vendida', revision: 1 }, asesor)).status).toBe(403)

    const accounts = (await (await consoleFetch(server.url, '/accounts', { cookie: admin })).json()) as { items: { id: string; email: string }[] }
    const ana = accounts.items.find((a) => a.email === 'asesora@pruebas.mx')!
    const granted = await consoleFetch(server.url, `/accounts/${ana.id}`, { method: 'PUT', cookie: admin, body: { canPublish: true } })
    expect(await granted.json()).toMatchObject({ account: { canPublish: true } })
    expect((await call('PUT', `/properties/${draft.body.record.id}`, { record: draft.body.record, publication: 'publicada', revision: 1 }, asesor)).status).toBe(200)
  })

  it('answers the new key after a slug change and writes the redirect row', async () => {
    const property = demo.properties[2]!
    const current = await call<Editable<Property>>('GET', `/properties/${property.id}`)
    const renamed = await call<Editable<Property>>('PUT', `/properties/${property.id}`, { record: { ...current.body.record, slug: 'casa-con-nueva-direccion' }, revision: current.body.revision })
    expect(renamed.body.record.slug).toBe('casa-con-nueva-direccion')
    expect(await storage().catalogueEdits.redirectOf(`/propiedad/${property.slug}`)).toBe('/propiedad/casa-con-nueva-direccion')
    expect((await api(server.url, `/properties/casa-con-nueva-direccion`)).status).toBe(200)
  })
})
