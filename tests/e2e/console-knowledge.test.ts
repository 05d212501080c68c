import { expect, it } from 'vitest'
import type { KnowledgeEntry } from '../../src/protocol/knowledge'
import { consoleFetch, signIn } from '../support/console'
import { addKnowledgeEntry, axeViolations, consoleSuite, fillKnowledgeForm, KNOWLEDGE_FIELDS, openKnowledge, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// «Conocimiento» (docs/knowledge.md#console) as an admin uses it: a form refused with Spanish
// messages under its fields (an unknown {placeholder} too) and nothing stored, then an entry
// added and listed; the questions nothing answered with a button that starts an entry from one.

const suite = consoleSuite()

it('an admin adds a knowledge entry in «Conocimiento»; a missing Spanish example or an unknown placeholder is said at its field and nothing is stored', async () => {
  const { server, browser } = suite
  await server.storage.knowledge.recordUnmatched('venden boletos de avion')
  // axe is injected: the context bypasses the CSP for it.
  const context = await isolatedContext(browser, { bypassCSP: true })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await openKnowledge(page)
  await page.locator('.knowledge-list li', { hasText: 'Gastos de escrituración' }).waitFor()
  expect(await axeViolations(page)).toEqual([])

  const form = page.locator('#knowledge-form')
  await fillKnowledgeForm(page, { title: 'Criptomonedas', answerEs: 'Por ahora no aceptamos criptomonedas; pregunta por {fax}.', answerEn: 'We do not accept cryptocurrencies.' })
  await form.getByRole('button', { name: 'Agregar entrada' }).click()
  await form.getByText('Escribe al menos una pregunta de ejemplo en español.').waitFor()
  await form.getByText('Con respuesta en inglés, escribe también al menos una pregunta en inglés.').waitFor()
  expect(await form.getByLabel(KNOWLEDGE_FIELDS.examplesEs).getAttribute('aria-invalid')).toBe('true')
  // An answer names the agency's facts only by the placeholders its hint lists.
  const answerEs = form.getByLabel(KNOWLEDGE_FIELDS.answerEs, { exact: true })
  expect(await answerEs.getAttribute('aria-invalid')).toBe('true')
  const described = await answerEs.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' | '))
  expect(described).toContain('{telefono}, {correo}, {correo-privacidad}, {horario}, {idiomas}')
  expect(described).toContain('{fax} no es un dato de la agencia.')
  const cookie = await signIn(server.url)
  const stored = async () => ((await (await consoleFetch(server.url, '/knowledge', { cookie })).json()) as { items: KnowledgeEntry[] }).items
  expect((await stored()).map((e) => e.title)).not.toContain('Criptomonedas')

  // The English answer typed before is kept; a known placeholder and the examples complete the entry.
  await addKnowledgeEntry(page, {
    title: 'Criptomonedas',
    answerEs: 'Por ahora no aceptamos criptomonedas; escríbenos a {correo}.',
    examplesEs: '¿aceptan criptomonedas?\npuedo pagar con bitcoin',
    examplesEn: 'do you accept cryptocurrencies?',
  })
  expect((await stored()).find((e) => e.title === 'Criptomonedas')).toMatchObject({
    examples: { es: ['¿aceptan criptomonedas?', 'puedo pagar con bitcoin'], en: ['do you accept cryptocurrencies?'] },
    answer: { es: 'Por ahora no aceptamos criptomonedas; escríbenos a {correo}.', en: 'We do not accept cryptocurrencies.' },
  })

  // A question nobody answered starts a new entry with it as its first example.
  await page.getByRole('button', { name: 'Crear entrada para «venden boletos de avion»' }).click()
  await expect.poll(() => form.getByLabel(KNOWLEDGE_FIELDS.examplesEs).inputValue()).toBe('venden boletos de avion')
  expect(errors.errors).toEqual([])
  await context.close()
})
