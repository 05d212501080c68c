import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { addAdviser, signIn } from '../support/console'
import { BROWSER_TEST_MS } from '../support/limits'
import { picture } from '../support/photos'
import { axeViolations, CONSOLE_VIEWPORTS, consoleSuite, fitsWidth, signInToConsole } from './console-page'
import { isolatedContext, visitorOf, watchPage, widget } from './harness'

// Issue 34 item 7: account changes and erasures reach open consoles at once. An admin renames an
// adviser in «Cuentas»: her own console, another console's open conversation and the visitor's
// widget show the new name without a reload; she sets her name and photo in «Mi cuenta» and the
// admin's «Cuentas» shows them live. An erasure takes the visitor off another console's inbox,
// open conversation and leads at once. Two or three browsers each: twice a browser test's limit.

const suite = consoleSuite()

/** An adviser the admin adds through the API, as «Cuentas» does. */
async function adviser(email: string, name: string) {
  const password = 'clave-de-prueba-789'
  await addAdviser(suite.server.url, await signIn(suite.server.url), { email, name, password })
  return { email, name, password }
}

/** A visitor on the site who asked the chat for a person; their page and widget. */
async function visitorAsking(text: string) {
  const page = await (await isolatedContext(suite.browser)).newPage()
  const errors = watchPage(page)
  await page.goto(`${suite.server.url}/contacto`)
  const w = widget(page)
  await w.launcher.click()
  await w.input.fill(text)
  await page.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 10_000 }).toBeGreaterThan(0)
  return { page, w, errors, visitorId: await visitorOf(page) }
}

/** A signed-in console page, as `who` (the admin unless told), with its errors watched. */
async function consolePage(who?: { email: string; password: string }, context?: Awaited<ReturnType<typeof isolatedContext>>) {
  const page = await (context ?? (await isolatedContext(suite.browser, { bypassCSP: true }))).newPage()
  const errors = watchPage(page)
  if (who) await signInToConsole(page, suite.server.url, who)
  else await signInToConsole(page, suite.server.url)
  return { page, errors }
}

const accountRow = (page: Page, name: string) => page.locator('.account-list li', { has: page.locator('strong', { hasText: new RegExp(`^${name}$`) }) })

it("an admin renames an adviser: her console, another console's open conversation and the visitor's widget show the new name without a reload", { timeout: 2 * BROWSER_TEST_MS }, async () => {
  const ana = await adviser('ana.renombrada@pruebas.mx', 'Ana')
  const visitor = await visitorAsking('Quiero hablar con un asesor, por favor')

  // Ana takes the conversation over and starts typing: the visitor reads her name.
  const { page: anaPage, errors: anaErrors } = await consolePage(ana)
  await anaPage.goto(`${suite.server.url}/consola#/conversaciones/${encodeURIComponent(visitor.visitorId)}`)
  await anaPage.getByRole('button', { name: 'Tomar conversación' }).click()
  await expect.poll(() => visitor.w.agentMessages.last().innerText(), { timeout: 10_000 }).toContain('Ana, de nuestro equipo, se unió a la conversación.')
  const composer = anaPage.getByLabel('Respuesta al visitante')
  await composer.fill('Hola, soy')
  await expect.poll(() => visitor.w.typing.innerText(), { timeout: 10_000 }).toContain('Ana está escribiendo')

  // The admin watches the conversation in one tab and renames Ana in «Cuentas» in another.
  const { page: watching, errors: watchingErrors } = await consolePage()
  await watching.goto(`${suite.server.url}/consola#/conversaciones/${encodeURIComponent(visitor.visitorId)}`)
  await expect.poll(() => watching.locator('.conversation__status').innerText()).toContain('La atiende Ana ·')
  const admin = await watching.context().newPage()
  const adminErrors = watchPage(admin)
  await admin.goto(`${suite.server.url}/consola#/cuentas`)
  await accountRow(admin, 'Ana').getByRole('button', { name: 'Cambiar nombre de Ana' }).click()
  const field = admin.getByLabel('Nombre nuevo')
  // An empty name is said under the field, in Spanish, and nothing changes.
  await field.fill('   ')
  await admin.getByRole('button', { name: 'Guardar nombre' }).click()
  await admin.locator('.account-list__rename .error', { hasText: 'Escribe el nombre.' }).waitFor()
  expect(await field.getAttribute('aria-invalid')).toBe('true')
  for (const viewport of CONSOLE_VIEWPORTS) {
    await admin.setViewportSize(viewport)
    expect(await axeViolations(admin), `«Cuentas» renaming at ${viewport.width} px`).toEqual([])
    expect(await fitsWidth(admin)).toBe(true)
  }
  await field.fill('Ana Sofía Pérez')
  // Ana goes on typing meanwhile (a key every 150 ms: her console reports no new typing state),
  // so only the rename can bring her new name to the visitor's indicator.
  const typed = composer.pressSequentially(' Ana Sofía, asesora de la agencia, y con gusto te ayudo hoy', { delay: 150 })
  await admin.getByRole('button', { name: 'Guardar nombre' }).click()
  await admin.getByRole('status').filter({ hasText: 'Listo: Ana ahora se llama Ana Sofía Pérez.' }).waitFor()
  await accountRow(admin, 'Ana Sofía Pérez').waitFor()
  await expect.poll(() => visitor.w.typing.innerText(), { timeout: 10_000 }).toContain('Ana Sofía Pérez está escribiendo')
  await typed

  // Her console's header and the other tab's open conversation, without a reload.
  await anaPage.getByRole('navigation').getByRole('link', { name: 'Mi cuenta: Ana Sofía Pérez' }).waitFor()
  await expect.poll(() => watching.locator('.conversation__status').innerText()).toContain('La atiende Ana Sofía Pérez')
  await composer.press('Enter')
  await watching.locator('.message--person', { hasText: 'Hola, soy Ana Sofía' }).getByText('Ana Sofía Pérez', { exact: false }).waitFor()

  // She leaves in her new name; the notice the visitor read when she joined stays as it was.
  await anaPage.getByRole('button', { name: 'Devolver al asistente' }).click()
  await expect.poll(() => visitor.w.agentMessages.last().innerText(), { timeout: 10_000 }).toContain('Ana Sofía Pérez dejó la conversación')
  expect((await visitor.w.agentMessages.allInnerTexts()).filter((text) => text.includes('Ana, de nuestro equipo, se unió a la conversación.'))).toHaveLength(1)

  for (const errors of [visitor.errors, anaErrors, watchingErrors, adminErrors]) expect(errors.errors).toEqual([])
  await visitor.page.context().close()
  await anaPage.context().close()
  await watching.context().close()
})

it('an adviser sets her name and photo in «Mi cuenta», said field by field; the admin\'s «Cuentas» shows them at once', { timeout: 2 * BROWSER_TEST_MS }, async () => {
  const luisa = await adviser('luisa.foto@pruebas.mx', 'luisa')
  const { page: admin, errors: adminErrors } = await consolePage()
  await admin.goto(`${suite.server.url}/consola#/cuentas`)
  await accountRow(admin, 'luisa').waitFor()

  const { page, errors } = await consolePage(luisa)
  await page.getByRole('navigation').getByRole('link', { name: 'Mi cuenta: luisa' }).click()
  const form = page.getByRole('form', { name: 'Mi nombre y foto' })
  const name = form.getByLabel('Nombre')
  expect(await name.inputValue()).toBe('luisa')
  await name.fill('')
  await form.getByRole('button', { name: 'Guardar nombre y foto' }).click()
  await form.locator('.error', { hasText: 'Escribe el nombre.' }).waitFor()
  expect(await name.getAttribute('aria-invalid')).toBe('true')

  // A file that is not a photo is refused under the field; a photo shows at once.
  await form.getByLabel('Foto').setInputFiles({ name: 'contrato.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7\nno es una foto\n') })
  await form.locator('#profile-photo-error').waitFor()
  await form.getByLabel('Foto').setInputFiles({ name: 'luisa.jpg', mimeType: 'image/jpeg', buffer: await picture(120, 120).jpeg().toBuffer() })
  await form.getByRole('img', { name: 'Foto de' }).waitFor()
  await expect.poll(() => form.locator('#profile-photo-error').count()).toBe(0)
  await name.fill('Luisa Fernanda Canul')
  for (const viewport of CONSOLE_VIEWPORTS) {
    await page.setViewportSize(viewport)
    expect(await axeViolations(page), `«Mi cuenta» at ${viewport.width} px`).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
  }
  await form.getByRole('button', { name: 'Guardar nombre y foto' }).click()
  await form.getByRole('status').filter({ hasText: 'Listo' }).waitFor()

  // Her header, and the admin's list, open on another browser: the new name with her photo.
  const link = page.getByRole('navigation').getByRole('link', { name: 'Mi cuenta: Luisa Fernanda Canul' })
  await link.locator('img.avatar').waitFor()
  const row = accountRow(admin, 'Luisa Fernanda Canul')
  await row.locator('img.avatar').waitFor()
  expect(await row.locator('img.avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  expect(errors.errors).toEqual([])
  expect(adminErrors.errors).toEqual([])
  await page.context().close()
  await admin.context().close()
})

it("an erasure takes the visitor off another console's inbox, its open conversation and its leads at once", { timeout: 2 * BROWSER_TEST_MS }, async () => {
  const visitor = await visitorAsking('Busco una casa en venta en Huayacán')
  await visitor.w.input.fill('Me interesa, quiero que me contacten. Soy Rosa Erazo y mi celular es 998 321 6549')
  await visitor.page.keyboard.press('Enter')
  await expect.poll(async () => (await suite.server.storage.db.query("SELECT 1 FROM leads WHERE name = 'Rosa Erazo'")).length, { timeout: 15_000 }).toBe(1)

  // Another person's console: the conversation open in one tab, the leads in another.
  const marta = await adviser('marta.borrado@pruebas.mx', 'Marta')
  const { page: inbox, errors: inboxErrors } = await consolePage(marta)
  await inbox.goto(`${suite.server.url}/consola#/conversaciones/${encodeURIComponent(visitor.visitorId)}`)
  await inbox.getByRole('heading', { name: 'Rosa Erazo' }).waitFor({ timeout: 10_000 })
  await inbox.locator('.conversation-item', { hasText: 'Rosa Erazo' }).waitFor()
  const leads = await inbox.context().newPage()
  const leadsErrors = watchPage(leads)
  await leads.goto(`${suite.server.url}/consola#/prospectos`)
  await leads.locator('.lead-item', { hasText: 'Rosa Erazo' }).waitFor()

  // The admin erases the visitor from the conversation.
  const { page: admin, errors: adminErrors } = await consolePage()
  await admin.goto(`${suite.server.url}/consola#/conversaciones/${encodeURIComponent(visitor.visitorId)}`)
  await admin.getByRole('button', { name: 'Borrar datos del visitante' }).click()
  await admin.getByRole('dialog', { name: '¿Borrar todos los datos de este visitante?' }).getByRole('button', { name: 'Sí, borrar todo' }).click()
  await admin.getByRole('status').filter({ hasText: 'Se borraron todos los datos del visitante' }).waitFor()

  // The other console, without a reload: the conversation closed with a notice, gone from the list and the leads.
  await inbox.getByRole('status').filter({ hasText: 'Se borraron todos los datos del visitante.' }).waitFor()
  await expect.poll(() => inbox.getByRole('heading', { name: 'Rosa Erazo' }).count()).toBe(0)
  await expect.poll(() => inbox.locator('.conversation-item', { hasText: 'Rosa Erazo' }).count()).toBe(0)
  await expect.poll(() => leads.locator('.lead-item', { hasText: 'Rosa Erazo' }).count()).toBe(0)
  expect(inbox.url()).toMatch(/#\/conversaciones$/)

  for (const errors of [visitor.errors, inboxErrors, leadsErrors, adminErrors]) expect(errors.errors).toEqual([])
  await visitor.page.context().close()
  await inbox.context().close()
  await admin.context().close()
})
