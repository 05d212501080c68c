import { expect, it } from 'vitest'
import { axeViolations, consoleSuite, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'
import { consoleFetch, signIn } from '../support/console'

// «Agencia» (docs/agency.md#profile) as an admin uses it: a wrong phone and a day that closes
// before it opens are said under their fields and nothing changes on the site; then a new name,
// phone and Saturday closed are saved and the site's footer shows them, with no restart; the
// new name already had chat settings, and the save says it kept them.

const suite = consoleSuite()

it('an admin changes the agency name, phone and hours in «Agencia» and the site footer shows them', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser, { bypassCSP: true })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.getByRole('link', { name: 'Agencia', exact: true }).click()
  await page.getByRole('heading', { name: 'Agencia', level: 1 }).waitFor()
  const name = page.getByLabel('Nombre de la agencia')
  await expect.poll(() => name.inputValue()).not.toBe('')
  expect(await axeViolations(page)).toEqual([])
  // Chat settings saved under the name now and under the new one (an earlier name of the agency's, say).
  const cookie = await signIn(server.url)
  for (const instance of [await name.inputValue(), 'Inmobiliaria Caribe Azul']) {
    expect((await consoleFetch(server.url, `/settings/${encodeURIComponent(instance)}`, { method: 'PUT', cookie, body: { headerColor: '#0b5d1e' } })).status).toBe(200)
  }

  await name.fill('Inmobiliaria Caribe Azul')
  await page.getByLabel('Teléfono', { exact: true }).fill('12345')
  await page.getByLabel('Sábado: cierra').fill('09:00')
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await page.getByText('«12345» no es un número de teléfono', { exact: false }).waitFor()
  await page.getByText('El sábado cierra (09:00) antes de abrir (10:00).').waitFor()
  expect(await page.getByLabel('Teléfono', { exact: true }).getAttribute('aria-invalid')).toBe('true')
  // Nothing typed is lost, nothing reached the site.
  expect(await name.inputValue()).toBe('Inmobiliaria Caribe Azul')
  expect(await (await fetch(`${server.url}/contacto`)).text()).not.toContain('Inmobiliaria Caribe Azul')

  await page.getByLabel('Teléfono', { exact: true }).fill('998 765 4321')
  await page.getByLabel('Sábado: cerrado').check()
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await page.getByRole('status').filter({ hasText: 'Guardado.' }).waitFor()
  // Both kept (docs/agency.md#widget), and the admin is told which one the site's chat uses now.
  await page.getByText('Ya había ajustes del chat guardados con el nombre «Inmobiliaria Caribe Azul»: el chat del sitio usa esos desde ahora.', { exact: false }).waitFor()

  // The site, the same server, without a restart.
  const site = await context.newPage()
  await site.goto(`${server.url}/contacto`)
  const footer = site.locator('footer.site-footer')
  await footer.getByRole('heading', { name: 'Inmobiliaria Caribe Azul' }).waitFor()
  await footer.getByRole('link', { name: '998 765 4321' }).waitFor()
  await expect.poll(() => footer.locator('.site-footer__hours').innerText()).toBe('Lunes a viernes de 9:00 a 19:00')
  expect(errors.errors).toEqual([])
  await context.close()
})
