import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { addAdviser, consoleFetch, signIn } from '../support/console'
import { pdfBytes, phoneJpeg, picture } from '../support/photos'
import { axeViolations, CONSOLE_VIEWPORTS, consoleSuite, fitsWidth, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// «Catálogo» as an admin uses it (docs/console.md#catalogue): a property made with uploaded
// photos and published, a bad file refused with its Spanish reason and a retry, a status changed
// from the list in one step, and a save that lost a race told without losing what was typed.

const suite = consoleSuite()

interface Editable {
  record: { id: string; slug: string; title: string; status: string; images: { src: string; alt: string }[]; price: { amount: number } }
  publication: string
  revision: number
}

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const cookie = await signIn(suite.server.url)
  const response = await consoleFetch(suite.server.url, `/catalogue${path}`, { ...init, cookie })
  return { status: response.status, body: (await response.json()) as T }
}

const jpeg = async (width: number, height: number) => (await picture(width, height).jpeg().toBuffer()) as Buffer

async function openNewProperty(page: Page) {
  await page.goto(`${suite.server.url}/consola#/catalogo/propiedades`)
  await page.getByRole('link', { name: 'Nueva propiedad' }).click()
  await page.getByRole('heading', { name: 'Nueva propiedad' }).waitFor()
}

it('an admin creates a property with three uploaded photos, is told a missing alt text and a bad file, and publishes it', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser)
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await openNewProperty(page)

  await page.getByLabel('Título', { exact: true }).fill('Casa Catálogo con jardín en Huayacán')
  await page.getByLabel('Precio', { exact: true }).fill('4,250,000')
  const zone = page.getByRole('combobox', { name: 'Zona', exact: true })
  const firstZone = await zone.locator('option').nth(1).getAttribute('value')
  await zone.selectOption(firstZone!)
  await page.getByLabel('Dirección postal').fill('Calle Huayacán 12, Cancún')
  await page.getByLabel('Descripción').fill('Casa de dos niveles con jardín.\n\nA diez minutos de la playa.')
  await page.getByLabel('Recámaras').fill('3')
  await page.getByLabel('Baños').fill('2.5')

  // Three JPEGs (one a phone's, with GPS) and a PDF renamed .jpg, picked at once.
  await page.getByLabel('Fotos: Fotos').setInputFiles([
    { name: 'fachada.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(96, 64) },
    { name: 'sala.jpg', mimeType: 'image/jpeg', buffer: await jpeg(80, 60) },
    { name: 'contrato.jpg', mimeType: 'image/jpeg', buffer: pdfBytes() },
    { name: 'cocina.jpg', mimeType: 'image/jpeg', buffer: await jpeg(64, 48) },
  ])
  const alts = page.getByLabel('Texto alternativo (qué se ve)')
  await expect.poll(() => alts.count()).toBe(3)
  const refused = page.locator('.upload--error', { hasText: 'contrato.jpg' })
  await refused.getByText('El archivo no es una foto (JPEG, PNG, WebP, HEIC o AVIF).').waitFor()
  await refused.getByRole('button', { name: /Reintentar/ }).waitFor()
  // A retry of the same bytes is refused again, with the same reason, and can be discarded.
  await refused.getByRole('button', { name: /Reintentar/ }).click()
  await refused.getByText('El archivo no es una foto').waitFor()
  await refused.getByRole('button', { name: /Descartar/ }).click()
  await expect.poll(() => page.locator('.upload').count()).toBe(0)

  // Publishing with no alt texts: each photo's field says so, nothing is sent.
  await page.getByRole('button', { name: 'Publicar' }).click()
  await page.getByRole('alert').filter({ hasText: 'Revisa los 3 campos marcados.' }).waitFor()
  expect(await page.locator('.photo .field__error').count()).toBe(3)
  // The focus is on the first marked field: the cover's alt text.
  expect(await alts.nth(0).evaluate((input) => input === document.activeElement)).toBe(true)

  // The last photo made the cover with the keyboard buttons, then alt texts, then «Publicar».
  await page.getByRole('button', { name: 'Hacer portada foto 3' }).click()
  for (const [i, alt] of ['Cocina integral', 'Fachada con jardín', 'Sala con ventanal'].entries()) await alts.nth(i).fill(alt)
  await page.getByRole('button', { name: 'Publicar' }).click()
  await page.getByRole('status').filter({ hasText: 'Publicado' }).waitFor()
  await page.waitForURL(/#\/catalogo\/propiedades\/[^/]+$/)

  const id = decodeURIComponent(page.url().split('/').pop()!)
  const saved = await api<Editable>(`/properties/${encodeURIComponent(id)}`)
  expect(saved.body.publication).toBe('publicada')
  expect(saved.body.record.title).toBe('Casa Catálogo con jardín en Huayacán')
  expect(saved.body.record.price.amount).toBe(4250000)
  expect(saved.body.record.images.map((image) => image.alt)).toEqual(['Cocina integral', 'Fachada con jardín', 'Sala con ventanal'])
  expect(saved.body.record.images.every((image) => /^\/photos\/[0-9a-f]{64}\.jpg$/.test(image.src))).toBe(true)
  // The thumbnails come through the image proxy and load.
  await expect.poll(() => page.locator('.photo__thumb').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true)
  expect(errors.errors).toEqual([])
  await context.close()
})

it('a status changes from the list in one step; a save after someone else saved says so and keeps what was typed', async () => {
  const { server, browser } = suite
  const created = await api<Editable>('/properties', {
    method: 'POST',
    body: { record: await draftProperty('Departamento Carrera en Puerto Cancún'), publication: 'borrador' },
  })
  expect(created.status).toBe(201)
  const { id } = created.body.record

  for (const viewport of CONSOLE_VIEWPORTS) {
    const context = await isolatedContext(browser, { viewport })
    const page = await context.newPage()
    const errors = watchPage(page)
    await signInToConsole(page, server.url)
    await page.goto(`${server.url}/consola#/catalogo/propiedades`)
    await page.getByLabel('Buscar').fill('Carrera en Puerto')
    const row = page.locator('.catalogue-item', { hasText: 'Departamento Carrera en Puerto Cancún' })
    const next = viewport.width === 375 ? 'apartada' : 'vendida'
    await row.getByLabel(/^Estado de/).selectOption(next)
    await row.getByRole('status').filter({ hasText: 'Ahora:' }).waitFor()
    await expect.poll(async () => (await api<Editable>(`/properties/${id}`)).body.record.status).toBe(next)
    expect(await fitsWidth(page)).toBe(true)
    expect(errors.errors).toEqual([])
    await context.close()
  }

  // The form is opened, then someone else saves; this save is refused and the typed title stays.
  const context = await isolatedContext(browser)
  const page = await context.newPage()
  await signInToConsole(page, server.url)
  await page.goto(`${server.url}/consola#/catalogo/propiedades/${encodeURIComponent(id)}`)
  const title = page.getByLabel('Título', { exact: true })
  await expect.poll(() => title.inputValue()).toBe('Departamento Carrera en Puerto Cancún')
  const current = (await api<Editable>(`/properties/${id}`)).body
  const other = await api<Editable>(`/properties/${id}`, { method: 'PUT', body: { record: { ...current.record, title: 'Cambio de otra persona' }, publication: current.publication, revision: current.revision } })
  expect(other.status).toBe(200)
  await title.fill('Mi título nuevo que no debo perder')
  await page.getByRole('button', { name: 'Guardar borrador' }).click()
  await page.getByRole('alert').filter({ hasText: /Otra persona guardó/ }).waitFor()
  expect(await title.inputValue()).toBe('Mi título nuevo que no debo perder')
  expect((await api<Editable>(`/properties/${id}`)).body.record.title).toBe('Cambio de otra persona')
  await context.close()
})

it('open lists follow what someone else changes, and an open form keeps what was typed', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser)
  const otherContext = await isolatedContext(browser)
  const list = await context.newPage()
  const form = await otherContext.newPage()
  const errors = watchPage(list)
  await signInToConsole(list, server.url)
  await list.goto(`${server.url}/consola#/catalogo/propiedades`)
  await list.getByLabel('Buscar').fill('Faro en vivo')
  await list.getByText('No hay nada con estos filtros.').waitFor()

  // Another person (the API, as another console or process) adds a draft: it shows on the open list.
  const created = await api<Editable>('/properties', { method: 'POST', body: { record: await draftProperty('Casa Faro en vivo'), publication: 'borrador' } })
  expect(created.status).toBe(201)
  const { id } = created.body.record
  const row = list.locator('.catalogue-item', { hasText: 'Casa Faro en vivo' })
  await row.waitFor()

  // A second console has the property's form open, with a title typed and not saved.
  await signInToConsole(form, server.url)
  await form.goto(`${server.url}/consola#/catalogo/propiedades/${encodeURIComponent(id)}`)
  const title = form.getByLabel('Título', { exact: true })
  await expect.poll(() => title.inputValue()).toBe('Casa Faro en vivo')
  await title.fill('Título que estoy escribiendo')

  // Its price changed elsewhere: the list's price follows; the form's history says so and its typing stays.
  const changed = await api<Editable>(`/properties/${id}`, { method: 'PATCH', body: { price: { amount: 3_350_000, currency: 'MXN' }, revision: created.body.revision } })
  expect(changed.status).toBe(200)
  await expect.poll(() => row.getByLabel(/^Precio de Casa Faro en vivo/).inputValue()).toBe('3,350,000')
  await expect.poll(() => form.locator('.record__history').textContent()).toMatch(/Precio/)
  expect(await title.inputValue()).toBe('Título que estoy escribiendo')

  // Renamed elsewhere: the list shows the new title.
  const renamed = await api<Editable>(`/properties/${id}`, { method: 'PUT', body: { record: { ...changed.body.record, title: 'Casa Faro en vivo renombrada' }, publication: 'borrador', revision: changed.body.revision } })
  expect(renamed.status).toBe(200)
  await list.locator('.catalogue-item', { hasText: 'Casa Faro en vivo renombrada' }).waitFor()
  expect(errors.errors).toEqual([])
  await context.close()
  await otherContext.close()
})

/** A valid property to send to the API, in the first zone the API lists. */
async function draftProperty(title: string) {
  const zones = await api<{ items: { record: { slug: string } }[] }>('/zones')
  return {
    title, slug: '', description: 'Departamento de prueba.', type: 'departamento', operation: 'venta', price: { amount: 3_100_000, currency: 'MXN' },
    zone: zones.body.items[0]!.record.slug, development: null, bedrooms: 2, bathrooms: 2, parking: 1, constructionM2: 90, lotM2: null, amenities: [], images: [],
    geo: { lat: 21.16, lng: -86.82 }, address: 'Puerto Cancún', status: 'disponible', featured: false, deliveryDate: null,
  }
}

it('an adviser saves drafts until an admin switches on «Puede publicar» in Cuentas; a post body previews as the site shows it', async () => {
  const { server, browser } = suite
  const cookie = await signIn(server.url)
  await addAdviser(server.url, cookie, { email: 'asesora.catalogo@pruebas.mx', name: 'Lupe Catálogo', password: 'clave-de-lupe-123' })

  const adviserContext = await isolatedContext(browser, { viewport: CONSOLE_VIEWPORTS[0] })
  const adviser = await adviserContext.newPage()
  const errors = watchPage(adviser)
  await adviser.goto(`${server.url}/consola`)
  await adviser.getByLabel('Correo').fill('asesora.catalogo@pruebas.mx')
  await adviser.getByLabel('Contraseña').fill('clave-de-lupe-123')
  await adviser.getByRole('button', { name: 'Entrar' }).click()
  await adviser.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
  await adviser.goto(`${server.url}/consola#/catalogo/blog/nueva`)
  await adviser.getByRole('heading', { name: 'Nueva entrada' }).waitFor()
  await adviser.getByRole('button', { name: 'Guardar borrador' }).waitFor()
  expect(await adviser.getByRole('button', { name: 'Publicar' }).count()).toBe(0)
  await adviser.getByText('Tu cuenta guarda borradores').waitFor()

  // The body's buttons write the marks; the preview is the site's own rendering.
  const body = adviser.getByLabel('Texto', { exact: true })
  await body.fill('Predial en Cancún')
  await body.selectText()
  await adviser.getByRole('button', { name: 'Subtítulo' }).click()
  await expect.poll(() => body.inputValue()).toBe('## Predial en Cancún')
  await body.press('End')
  await body.pressSequentially('\n\nSe paga en enero con descuento.')
  await adviser.getByRole('button', { name: 'Vista previa' }).click()
  const preview = adviser.locator('.post-body__preview')
  await preview.getByRole('heading', { level: 2, name: 'Predial en Cancún' }).waitFor()
  await preview.getByText('Se paga en enero con descuento.').waitFor()
  expect(await fitsWidth(adviser)).toBe(true)

  // What is live is not hers to change: the list shows a published property's status and price as text.
  await adviser.goto(`${server.url}/consola#/catalogo/propiedades`)
  await adviser.getByLabel('Buscar').fill('Casa de dos niveles en venta en Residencial Cumbres Suiko')
  const published = adviser.locator('.catalogue-item', { hasText: 'Casa de dos niveles en venta en Residencial Cumbres Suiko' }).first()
  await published.locator('.catalogue-item__facts').waitFor()
  expect(await published.getByRole('combobox').count()).toBe(0)
  await adviser.goto(`${server.url}/consola#/catalogo/blog/nueva`)
  await adviser.getByRole('heading', { name: 'Nueva entrada' }).waitFor()

  const adminContext = await isolatedContext(browser)
  const admin = await adminContext.newPage()
  await signInToConsole(admin, server.url)
  await admin.goto(`${server.url}/consola#/cuentas`)
  const toggle = admin.getByRole('checkbox', { name: /Puede publicar \(Lupe Catálogo\)/ })
  expect(await toggle.isChecked()).toBe(false)
  await toggle.check()
  await admin.getByRole('status').filter({ hasText: 'Lupe Catálogo ya puede publicar en el catálogo.' }).waitFor()
  const accounts = (await (await consoleFetch(server.url, '/accounts', { cookie })).json()) as { items: { email: string; canPublish: boolean }[] }
  expect(accounts.items.find((a) => a.email === 'asesora.catalogo@pruebas.mx')?.canPublish).toBe(true)

  // Her next page load reads her account anew.
  await adviser.reload()
  await adviser.getByRole('heading', { name: 'Nueva entrada' }).waitFor()
  await adviser.getByRole('button', { name: 'Publicar' }).waitFor()
  expect(errors.errors).toEqual([])
  await adminContext.close()
  await adviserContext.close()
})

it('every tab and the forms of a property, a post and a development fit a phone and a laptop, with no serious axe finding', async () => {
  const { server, browser } = suite
  for (const viewport of CONSOLE_VIEWPORTS) {
    const context = await isolatedContext(browser, { viewport, bypassCSP: true })
    const page = await context.newPage()
    const errors = watchPage(page)
    await signInToConsole(page, server.url)
    for (const [tab, heading] of [['propiedades', 'Propiedades'], ['desarrollos', 'Desarrollos'], ['blog', 'Blog'], ['zonas', 'Zonas'], ['paginas', 'Páginas']] as const) {
      await page.goto(`${server.url}/consola#/catalogo/${tab}`)
      await page.locator('.catalogue-item').first().waitFor()
      await page.getByRole('heading', { level: 2, name: new RegExp(`^${heading}`) }).waitFor()
      expect(await fitsWidth(page), `${tab} at ${viewport.width} px`).toBe(true)
      expect(await axeViolations(page), `${tab}: axe at ${viewport.width} px`).toEqual([])
    }
    for (const tab of ['propiedades', 'blog', 'desarrollos']) {
      await page.goto(`${server.url}/consola#/catalogo/${tab}`)
      await page.locator('.catalogue-item__title').first().click()
      await page.locator('.record form').waitFor()
      await page.locator('.record fieldset.photos').first().waitFor()
      expect(await fitsWidth(page), `${tab} form at ${viewport.width} px`).toBe(true)
      expect(await axeViolations(page), `${tab} form: axe at ${viewport.width} px`).toEqual([])
    }
    expect(errors.errors).toEqual([])
    await context.close()
  }
})

it('photos dropped on the field upload, a dragged photo takes its new place, and a price changes from the list', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser)
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.goto(`${server.url}/consola#/catalogo/desarrollos/nueva`)
  await page.getByRole('heading', { name: 'Nuevo desarrollo' }).waitFor()

  // Two files dropped from the desktop on the photos' field (a DataTransfer with files, as the browser makes it).
  const files = [
    { name: 'torre.jpg', bytes: [...(await jpeg(90, 60))] },
    { name: 'lobby.jpg', bytes: [...(await jpeg(60, 90))] },
  ]
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer()
    for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }))
    return transfer
  }, files)
  const drop = page.locator('.photos__drop').first()
  await drop.dispatchEvent('dragover', { dataTransfer })
  await drop.dispatchEvent('drop', { dataTransfer })
  const alts = page.getByLabel('Texto alternativo (qué se ve)')
  await expect.poll(() => alts.count()).toBe(2)
  await alts.nth(0).fill('Torre')
  await alts.nth(1).fill('Lobby')
  // Which photo each thumbnail shows (its stored key in the image proxy's URL), in order; read, not loaded, so no image decode is awaited.
  const thumbs = () => page.locator('.photo-list .photo__thumb').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).getAttribute('src')))
  const [torre, lobby] = await thumbs()
  expect(torre).not.toBe(lobby)
  // The second (the portrait lobby) dragged onto the first: it is the cover now, its alt text with it.
  await page.locator('.photo-list .photo').nth(1).dragTo(page.locator('.photo-list .photo').nth(0))
  await expect.poll(() => alts.nth(0).inputValue()).toBe('Lobby')
  expect(await alts.nth(1).inputValue()).toBe('Torre')
  await expect.poll(thumbs).toEqual([lobby, torre])
  await context.close()

  // A price from the list, with its grouping typed as people write it.
  const created = await api<Editable>('/properties', { method: 'POST', body: { record: await draftProperty('Departamento Precio Rápido en el Centro'), publication: 'borrador' } })
  const listContext = await isolatedContext(browser, { viewport: CONSOLE_VIEWPORTS[0] })
  const list = await listContext.newPage()
  await signInToConsole(list, server.url)
  await list.goto(`${server.url}/consola#/catalogo/propiedades`)
  await list.getByLabel('Buscar').fill('Precio Rápido')
  const row = list.locator('.catalogue-item', { hasText: 'Departamento Precio Rápido en el Centro' })
  await row.getByLabel(/^Precio de/).fill('2,950,000')
  await row.getByRole('button', { name: 'Cambiar precio' }).click()
  await row.getByRole('status').filter({ hasText: 'Precio:' }).waitFor()
  await expect.poll(async () => (await api<Editable>(`/properties/${created.body.record.id}`)).body.record.price.amount).toBe(2_950_000)
  expect(errors.errors).toEqual([])
  await listContext.close()
})
