import { expect, it } from 'vitest'
import { MAX_NOTE_LENGTH, type LeadDetail } from '../../src/protocol/crm'
import { consoleFetch, signIn } from '../support/console'
import { consoleSuite, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// The console's forms as a hurried person uses them: a double click sends once, and a field stops
// where the server's limit is instead of letting a long text be typed and refused.

const suite = consoleSuite()

it('a double click on «Guardar nota» stores the note once, and the note stops at its limit', async () => {
  const { server, browser } = suite
  const lead = await server.storage.leads.insert({ name: 'Rosa Doble', email: null, phone: '9981112233', message: 'Busco casa', source: 'contacto', propertySlug: null, attribution: null })
  const context = await isolatedContext(browser)
  const agent = await context.newPage()
  const errors = watchPage(agent)
  await signInToConsole(agent, server.url)
  await agent.goto(`${server.url}/consola#/prospectos/${lead.id}`)
  const note = agent.getByLabel('Nueva nota (solo la ve el equipo)')
  await note.fill('Llamar el lunes por la mañana')
  await agent.getByRole('button', { name: 'Guardar nota' }).dblclick()
  await agent.locator('.notes li', { hasText: 'Llamar el lunes' }).first().waitFor()
  await expect.poll(() => note.inputValue()).toBe('')
  const cookie = await signIn(server.url)
  const { notes } = (await (await consoleFetch(server.url, `/leads/${lead.id}`, { cookie })).json()) as LeadDetail
  expect(notes.map((n) => n.body)).toEqual(['Llamar el lunes por la mañana'])
  expect(await agent.locator('.notes li').count()).toBe(1)

  await note.fill('x'.repeat(MAX_NOTE_LENGTH + 50))
  expect((await note.inputValue()).length).toBe(MAX_NOTE_LENGTH)
  expect(errors.errors).toEqual([])
  await context.close()
})
