import { expect, it } from 'vitest'
import { BROWSER_TEST_MS } from '../support/limits'
import { axeViolations, CONSOLE_VIEWPORTS, consoleSuite, fitsWidth, signInToConsole } from './console-page'
import { isolatedContext, visitorOf, watchPage, widget } from './harness'

// Issue 34, canned replies (docs/console.md#canned-replies): a person saves replies in
// «Respuestas guardadas» (a Spanish error at the field for an unknown variable), takes a conversation,
// types «/vis», picks the reply with the keyboard, and the visitor's widget shows it with their
// name and the reply's property card. Two browsers and a dozen steps: twice a browser test's limit.

const suite = consoleSuite()

it('a person saves a canned reply with a property card and sends it from the composer with «/»: the visitor reads their name and the card', { timeout: 2 * BROWSER_TEST_MS }, async () => {
  const { server, browser } = suite
  const visitorContext = await isolatedContext(browser)
  const visitorPage = await visitorContext.newPage()
  const visitorErrors = watchPage(visitorPage)
  await visitorPage.goto(`${server.url}/contacto`)
  const w = widget(visitorPage)
  await w.launcher.click()
  await w.input.fill('Quiero hablar con un asesor. Soy Carmen Canché y mi teléfono es 998 123 4567')
  await visitorPage.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 10_000 }).toBeGreaterThan(0)
  await visitorOf(visitorPage)

  const agentContext = await isolatedContext(browser, { bypassCSP: true })
  const agent = await agentContext.newPage()
  const agentErrors = watchPage(agent)
  await signInToConsole(agent, server.url)

  // «Respuestas guardadas», a part of «Conversaciones» (the row of sections has no room for more):
  // an unknown variable is refused at its field, in Spanish; then two replies are saved.
  await agent.getByRole('link', { name: 'Respuestas guardadas' }).click()
  await agent.getByRole('heading', { name: 'Respuestas guardadas', level: 1 }).waitFor()
  expect(await agent.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Conversaciones' }).getAttribute('aria-current')).toBe('page')
  const form = agent.locator('#canned-form')
  await form.getByLabel('Título').fill('Agendar visita')
  await form.getByLabel('Atajo').fill('/visita')
  await form.getByLabel('Texto', { exact: true }).fill('Hola {cliente}, te comparto esta casa. ¿Te gustaría visitarla?')
  await form.getByRole('button', { name: 'Agregar propiedad' }).click()
  const pick = form.locator('.picker__item').first()
  const cardTitle = (await pick.locator('strong').innerText()).trim()
  await pick.click()
  await form.getByRole('listitem').filter({ hasText: cardTitle }).waitFor()
  await form.getByRole('button', { name: 'Agregar respuesta' }).click()
  const textError = form.locator('#canned-text-error')
  await expect.poll(() => textError.innerText()).toMatch(/^\{cliente\} no es una variable\. Puedes usar \{nombre\}/)
  expect(await form.getByLabel('Texto', { exact: true }).getAttribute('aria-invalid')).toBe('true')
  await form.getByLabel('Texto', { exact: true }).fill('Hola {nombre}, te comparto esta casa. ¿Te gustaría visitarla?')
  await form.getByRole('button', { name: 'Agregar respuesta' }).click()
  await agent.getByRole('status').filter({ hasText: 'Guardada: «Agendar visita». En una conversación, escribe «/visita» para usarla.' }).waitFor()
  await form.getByLabel('Título').fill('Horario de oficina')
  await form.getByLabel('Atajo').fill('horario')
  await form.getByLabel('Texto', { exact: true }).fill('Te atendemos de lunes a sábado, {nombre}. ¿Te interesa {propiedad}?')
  await form.getByRole('button', { name: 'Agregar respuesta' }).click()
  await agent.locator('.canned-list li', { hasText: '/horario' }).waitFor()
  expect(await agent.locator('.canned-list li', { hasText: '/visita' }).innerText()).toContain('1 propiedad')
  for (const viewport of CONSOLE_VIEWPORTS) {
    await agent.setViewportSize(viewport)
    expect(await axeViolations(agent), `axe on «Respuestas guardadas» at ${viewport.width} px`).toEqual([])
    expect(await fitsWidth(agent)).toBe(true)
  }

  // The conversation, taken over.
  await agent.getByRole('navigation').getByRole('link', { name: 'Conversaciones' }).click()
  await agent.locator('.conversation-item', { hasText: 'Carmen Canché' }).click()
  await agent.getByRole('button', { name: 'Tomar conversación' }).click()
  await expect.poll(() => w.agentMessages.last().innerText(), { timeout: 10_000 }).toContain('se unió a la conversación')
  const composer = agent.getByLabel('Respuesta al visitante')
  const options = agent.getByRole('listbox', { name: 'Respuestas guardadas' }).getByRole('option')

  // «/» lists both; arrows move the choice; Esc closes the list and keeps the text.
  await composer.pressSequentially('/')
  await expect.poll(() => options.allInnerTexts()).toEqual([expect.stringContaining('/horario'), expect.stringContaining('/visita')])
  await composer.press('ArrowDown')
  expect(await options.nth(1).getAttribute('aria-selected')).toBe('true')
  expect(await composer.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'))
  await composer.press('Escape')
  await expect.poll(() => options.count()).toBe(0)
  expect(await composer.inputValue()).toBe('/')

  // The mouse: «/hor» and a click fill the composer. The visitor is on no property's page: {propiedad}
  // stays for the person to write, said under the composer, and the reply is not sent with it.
  await composer.pressSequentially('hor')
  await options.filter({ hasText: '/horario' }).click()
  await expect.poll(() => composer.inputValue()).toBe('Te atendemos de lunes a sábado, Carmen Canché. ¿Te interesa {propiedad}?')
  const composerForm = agent.locator('form.composer')
  expect(await composerForm.getByRole('status').innerText()).toBe('Completa {propiedad}: esta conversación no tiene ese dato.')
  await agent.getByRole('button', { name: 'Enviar' }).click()
  await expect.poll(() => composerForm.getByRole('alert').innerText()).toBe('Antes de enviar, cambia {propiedad} por su valor.')
  expect(await composer.inputValue()).toContain('{propiedad}')
  await composer.fill('')

  // «/vis» and Enter: the reply with the visitor's name and the card after it, sent as the person's message.
  await composer.pressSequentially('/vis')
  await expect.poll(() => options.allInnerTexts()).toEqual([expect.stringContaining('Agendar visita')])
  await composer.press('Enter')
  await expect.poll(() => composer.inputValue()).toMatch(/^Hola Carmen Canché, te comparto esta casa\. ¿Te gustaría visitarla\?\n\n.*\/propiedad\//s)
  expect(await composer.inputValue()).toContain(`**${cardTitle}**`)
  await agent.getByRole('button', { name: 'Enviar' }).click()
  await agent.locator('.message--person', { hasText: 'Hola Carmen Canché' }).waitFor()
  await expect.poll(() => composer.inputValue()).toBe('')

  const sent = w.agentMessages.last()
  await expect.poll(() => sent.innerText(), { timeout: 10_000 }).toContain('Hola Carmen Canché, te comparto esta casa. ¿Te gustaría visitarla?')
  expect(await sent.innerText()).toContain(cardTitle)
  await sent.locator('img.chat-image').waitFor()
  expect(await sent.locator('a[href*="/propiedad/"]').count()).toBe(2)

  for (const viewport of CONSOLE_VIEWPORTS) {
    await agent.setViewportSize(viewport)
    await composer.fill('/')
    await options.first().waitFor()
    expect(await axeViolations(agent), `axe on the composer's list at ${viewport.width} px`).toEqual([])
    expect(await fitsWidth(agent)).toBe(true)
  }
  expect(agentErrors.errors).toEqual([])
  expect(visitorErrors.errors).toEqual([])
  await visitorContext.close()
  await agentContext.close()
})
