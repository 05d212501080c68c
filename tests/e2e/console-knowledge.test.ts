import { expect, it } from 'vitest'
import type { KnowledgeEntry } from '../../src/protocol/knowledge'
import { consoleFetch, signIn } from '../support/console'
import { axeViolations, consoleSuite, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// «Conocimiento» (docs/knowledge.md#console) as an admin uses it: a form refused with Spanish
// messages under its fields and nothing stored, then an entry added and listed; the questions
// nothing answered with a button that starts an entry from one.

const suite = consoleSuite()

it('an admin adds a knowledge entry in «Conocimiento»; a missing Spanish example is said at its field and nothing is stored', async () => {
  const { server, browser } = suite
  await server.storage.knowledge.recordUnmatched('venden boletos de avion')
  // axe is injected: the context bypasses the CSP for it.
  const context = await isolatedContext(browser, { bypassCSP: true })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.getByRole('link', { name: 'Conocimiento' }).click()
  await page.getByRole('heading', { name: 'Conocimiento', level: 1 }).waitFor()
  await page.locator('.knowledge-list li', { hasText: 'Gastos de escrituración' }).waitFor()
  expect(await axeViolations(page)).toEqual([])

  const form = page.locator('#knowledge-form')
  await form.getByLabel('Tema').fill('Criptomonedas')
  await form.getByLabel('Respuesta en español').fill('Por ahora no aceptamos criptomonedas.')
  await form.getByLabel('Respuesta en inglés (opcional; con preguntas en inglés)').fill('We do not accept cryptocurrencies.')
  await form.getByRole('button', { name: 'Agregar entrada' }).click()
  await form.getByText('Escribe al menos una pregunta de ejemplo en español.').waitFor()
  await form.getByText('Con respuesta en inglés, escribe también al menos una pregunta en inglés.').waitFor()
  expect(await form.getByLabel('Preguntas de ejemplo en español (una por línea)').getAttribute('aria-invalid')).toBe('true')
  const cookie = await signIn(server.url)
  const stored = async () => ((await (await consoleFetch(server.url, '/knowledge', { cookie })).json()) as { items: KnowledgeEntry[] }).items
  expect((await stored()).map((e) => e.title)).not.toContain('Criptomonedas')

  await form.getByLabel('Preguntas de ejemplo en español (una por línea)').fill('¿aceptan criptomonedas?\npuedo pagar con bitcoin')
  await form.getByLabel('Preguntas de ejemplo en inglés (opcional, una por línea)').fill('do you accept cryptocurrencies?')
  await form.getByRole('button', { name: 'Agregar entrada' }).click()
  await page.getByRole('status').filter({ hasText: 'Guardado: «Criptomonedas»' }).waitFor()
  await page.locator('.knowledge-list li', { hasText: 'Criptomonedas' }).waitFor()
  expect((await stored()).find((e) => e.title === 'Criptomonedas')).toMatchObject({
    examples: { es: ['¿aceptan criptomonedas?', 'puedo pagar con bitcoin'], en: ['do you accept cryptocurrencies?'] },
    answer: { es: 'Por ahora no aceptamos criptomonedas.', en: 'We do not accept cryptocurrencies.' },
  })

  // A question nobody answered starts a new entry with it as its first example.
  await page.getByRole('button', { name: 'Crear entrada para «venden boletos de avion»' }).click()
  await expect.poll(() => form.getByLabel('Preguntas de ejemplo en español (una por línea)').inputValue()).toBe('venden boletos de avion')
  expect(errors.errors).toEqual([])
  await context.close()
})
