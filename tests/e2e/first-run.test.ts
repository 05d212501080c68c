import { expect, it } from 'vitest'
import { agencyDay, shiftDay } from '../../src/domain/agency-clock'
import { axeViolations, fitsWidth } from './console-page'
import { isolatedContext, liveSuite, watchPage } from './harness'

// The first-run setup as a new agency's owner meets it (docs/agency.md#first-run), on a phone: a
// fresh database, the link `npm start` printed, five steps with one mistake on the way, then the
// site everyone sees speaks for the new agency: header, footer, WhatsApp link and JSON-LD.

// No admin in the environment: the server opens the wizard.
const suite = liveSuite({ consoleAdminEmail: undefined, consoleAdminPassword: undefined })

it('a new agency completes the wizard on a phone and the site shows its name, phone, hours and WhatsApp', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser, { viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true, locale: 'es-MX', bypassCSP: true })
  const page = await context.newPage()
  const { errors } = watchPage(page)
  const holiday = shiftDay(agencyDay(new Date()), 7)
  await page.goto(server.setupUrl!)
  await page.getByRole('heading', { name: 'Tu agencia' }).waitFor()
  expect(await axeViolations(page)).toEqual([])
  await page.getByLabel('Nombre de la agencia').fill('Inmobiliaria Caribe Azul')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByLabel('Teléfono').fill('998 555 1234')
  await page.getByLabel('WhatsApp (si es otro número)').fill('998 555 9876')
  // A real mistake: the e-mail without its domain's end. The server says so at the end and the wizard comes back here.
  await page.getByLabel('Correo de contacto').fill('hola@caribeazul')
  await page.getByLabel('Calle y número').fill('Av. Tulum 200, SM 4')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByRole('heading', { name: 'Horario' }).waitFor()
  await page.getByLabel('Sábado: cerrado').check()
  await page.getByRole('button', { name: 'Agregar día cerrado' }).click()
  await page.getByLabel('Desde').fill(holiday)
  await page.getByLabel('Motivo').fill('Aniversario de la agencia')
  expect(await fitsWidth(page)).toBe(true)
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByLabel('Tu nombre').fill('Laura Méndez')
  await page.getByLabel('Tu correo').fill('laura@caribeazul.mx')
  await page.getByLabel('Contraseña (10 caracteres o más)').fill('una-clave-larga-1')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByLabel(/Conservarlos por ahora/).check()
  await page.getByRole('button', { name: 'Terminar' }).click()

  await page.getByRole('heading', { name: 'Contacto' }).waitFor()
  const email = page.getByLabel('Correo de contacto')
  expect(await email.getAttribute('aria-invalid')).toBe('true')
  await page.getByText('Escribe un correo válido').waitFor()
  // Nothing typed was lost going back.
  expect(await page.getByLabel('Calle y número').inputValue()).toBe('Av. Tulum 200, SM 4')
  await email.fill('hola@caribeazul.mx')
  for (const step of ['Horario', 'Tu cuenta', 'Catálogo de demostración']) {
    await page.getByRole('button', { name: 'Siguiente' }).click()
    await page.getByRole('heading', { name: step }).waitFor()
  }
  await page.getByRole('button', { name: 'Terminar' }).click()
  // Signed in as the first admin, on the console's first screen.
  await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
  expect(new URL(page.url()).hash).toBe('')

  const site = await context.newPage()
  await site.goto(`${server.url}/contacto`)
  const footer = site.locator('footer')
  await expect.poll(() => footer.innerText()).toContain('Inmobiliaria Caribe Azul')
  const text = await footer.innerText()
  expect(text).toContain('998 555 1234')
  expect(text).toContain('Lunes a viernes de 9:00 a 19:00')
  expect(text).not.toMatch(/Sábados/i)
  expect(await site.locator('header .brand').innerText()).toBe('Inmobiliaria Caribe Azul')
  expect(await site.locator('a.whatsapp-float').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/529985559876\?text=.*Inmobiliaria%20Caribe%20Azul/)
  const ld = await site.locator('script[type="application/ld+json"]').allTextContents()
  const agent = ld.map((t) => JSON.parse(t) as Record<string, unknown>).find((item) => item['@type'] === 'RealEstateAgent')
  expect(agent).toMatchObject({ name: 'Inmobiliaria Caribe Azul', telephone: '+52 998 555 1234', openingHours: ['Mo-Fr 09:00-19:00'] })
  expect(errors).toEqual([])
  await context.close()
})
