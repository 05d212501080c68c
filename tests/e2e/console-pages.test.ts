import { expect, it } from 'vitest'
import { readAgency } from '../support/catalogue'
import { axeViolations, CONSOLE_VIEWPORTS, consoleSuite, fitsWidth, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// «Textos» (docs/agency.md#the-pages) as an admin uses it: the privacy notice's LFPDPPP
// checklist follows the text as it is typed, «Vista previa» shows the page's own rendering with
// the agency's data in place of its placeholders, an unknown placeholder is refused at its field,
// and a saved text is on the site at once.

const suite = consoleSuite()
const agency = readAgency()

it('an admin edits the notice with its checklist and preview, is told a wrong placeholder, and saves /acerca to the site', async () => {
  const { server, browser } = suite
  // axe is injected: the context bypasses the CSP for it.
  const context = await isolatedContext(browser, { bypassCSP: true, viewport: CONSOLE_VIEWPORTS[0] })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.getByRole('link', { name: 'Agencia', exact: true }).click()
  await page.getByRole('link', { name: 'Textos', exact: true }).click()
  await page.getByRole('heading', { name: 'Textos del sitio', level: 1 }).waitFor()
  await expect.poll(() => page.getByLabel('Título principal').inputValue()).toBe(agency.pages.home.headline)

  // The notice: every section the law asks for is there, until a heading no longer says it.
  await page.getByRole('button', { name: 'Aviso de privacidad', exact: true }).click()
  const checklist = page.locator('.pages-checklist')
  await checklist.getByText('El aviso tiene todas las secciones.').waitFor()
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
  const body = page.getByLabel('Texto', { exact: true })
  await body.fill((await body.inputValue()).replace('## 6. Derechos ARCO', '## 6. Tus solicitudes'))
  await checklist.getByText('Faltan 1 de 10 secciones.').waitFor()
  await checklist.locator('li', { hasText: 'Medios para ejercer los derechos ARCO' }).getByText('Falta').waitFor()

  // The preview is the page's rendering, the agency's e-mail where the text says {correo-privacidad}.
  await page.getByRole('button', { name: 'Vista previa' }).click()
  const preview = page.locator('.post-body__preview')
  await preview.getByRole('heading', { level: 2, name: '6. Tus solicitudes' }).waitFor()
  expect(await preview.getByRole('link', { name: agency.profile.privacyEmail }).first().getAttribute('href')).toBe(`mailto:${agency.profile.privacyEmail}`)
  expect(await preview.textContent()).not.toContain('{correo-privacidad}')

  // /acerca: a placeholder that is no datum of the agency is said at its field; nothing is saved.
  await page.getByRole('button', { name: 'Acerca de', exact: true }).click()
  const intro = page.getByLabel('Frase bajo «Acerca de»')
  await intro.fill('Tu casa en {agencia}, sin prisas.')
  await page.getByRole('button', { name: 'Guardar «Acerca de»' }).click()
  await page.getByText('{agencia} no es un dato de la agencia. Puedes usar {nombre},').waitFor()
  expect(await intro.getAttribute('aria-invalid')).toBe('true')
  await page.getByRole('alert').filter({ hasText: 'Revisa el campo marcado.' }).waitFor()

  await intro.fill('Tu casa en {nombre}, sin prisas.')
  await page.getByRole('button', { name: 'Guardar «Acerca de»' }).click()
  await page.getByRole('status').filter({ hasText: 'Guardado: el sitio ya muestra la página «Acerca de».' }).waitFor()
  // What was typed in the notice and not saved is still there.
  await page.getByRole('button', { name: 'Aviso de privacidad', exact: true }).click()
  await checklist.getByText('Faltan 1 de 10 secciones.').waitFor()

  await page.goto(`${server.url}/acerca`)
  expect(await page.locator('.lead').first().innerText()).toBe(`Tu casa en ${agency.profile.name}, sin prisas.`)
  expect(errors.errors).toEqual([])
  await context.close()
})
