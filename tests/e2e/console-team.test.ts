import { expect, it } from 'vitest'
import type { TeamDocument } from '../../src/protocol/team'
import { consoleFetch, signIn } from '../support/console'
import { pdfBytes, picture } from '../support/photos'
import { axeViolations, consoleSuite, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// «Equipo» (docs/agency.md#the-team) as an admin uses it: an emptied name refused under its
// field and nothing stored; a member added with a photo and an account, saved, and on /acerca.

const suite = consoleSuite()

it('an admin adds a member with a photo in «Equipo»; an empty name is said at its field and nothing is stored', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser, { bypassCSP: true })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.getByRole('link', { name: 'Agencia', exact: true }).click()
  await page.getByRole('link', { name: 'Equipo' }).click()
  await page.getByRole('heading', { name: 'Equipo', level: 1 }).waitFor()
  const members = page.locator('.team-editor__member')
  await members.first().getByLabel('Nombre').waitFor()
  expect(await axeViolations(page)).toEqual([])

  const cookie = await signIn(server.url)
  const stored = async () => (await (await consoleFetch(server.url, '/team', { cookie })).json()) as TeamDocument
  const before = await stored()
  await members.first().getByLabel('Nombre').fill('')
  await page.getByRole('button', { name: 'Guardar equipo' }).click()
  await members.first().getByText('Escribe el nombre.').waitFor()
  expect(await members.first().getByLabel('Nombre').getAttribute('aria-invalid')).toBe('true')
  expect(await stored()).toEqual(before)

  await members.first().getByLabel('Nombre').fill('Mariana Cetina')
  await page.getByRole('button', { name: 'Agregar persona' }).click()
  const added = members.last()
  await added.getByLabel('Nombre').fill('Renata Chablé')
  await added.getByLabel('Puesto').fill('Asesora de rentas')
  await added.getByLabel('Presentación').fill('Diez años rentando en la Zona Hotelera.')
  await added.getByLabel('Especialidades (separadas por comas)').fill('Rentas, Renta vacacional')
  await added.getByLabel('Italiano').check()
  await added.getByLabel('Cuenta de la consola').selectOption({ index: 1 })
  // A PDF renamed .jpg is refused at the field, in Spanish; a photo is taken.
  await added.getByLabel('Foto').setInputFiles({ name: 'contrato.jpg', mimeType: 'image/jpeg', buffer: pdfBytes() })
  await added.getByText('El archivo no es una foto (JPEG, PNG, WebP, HEIC o AVIF).').waitFor()
  await added.getByLabel('Foto').setInputFiles({ name: 'renata.jpg', mimeType: 'image/jpeg', buffer: await picture(120, 120).jpeg().toBuffer() })
  await added.getByAltText('Foto de Renata Chablé').waitFor()
  await page.getByRole('button', { name: 'Guardar equipo' }).click()
  await page.getByRole('status').filter({ hasText: 'Equipo guardado.' }).waitFor()

  const saved = (await stored()).team.at(-1)
  expect(saved).toMatchObject({ id: 'renata-chable', name: 'Renata Chablé', areas: ['Rentas', 'Renta vacacional'], languages: ['es', 'it'] })
  expect(saved?.photo).toMatch(/^\/photos\//)
  expect(saved?.accountId).toBeTruthy()
  await page.goto(`${server.url}/acerca`)
  const card = page.locator('#renata-chable')
  await card.getByRole('heading', { name: 'Renata Chablé' }).waitFor()
  await card.getByAltText('Foto de Renata Chablé').waitFor()
  await card.getByText('Habla: Español · Italiano').waitFor()
  expect(errors.errors).toEqual([])
  await context.close()
})
