import { expect, it } from 'vitest'
import { signIn, TEST_ADMIN } from '../support/console'
import { BROWSER_TEST_MS } from '../support/limits'
import { axeViolations, CONSOLE_VIEWPORTS, consoleSuite, fitsWidth, signInToConsole } from './console-page'
import { INSTANCE, isolatedContext, type ComposerState, recordComposer, visitorOf, watchPage, widget } from './harness'

// Issue 13: a visitor asks for a person; an agent in the console sees them live, takes over,
// types, answers with a property card, reads the reply live and hands back to the automated agent.
// Issue 34: while the person types the visitor keeps writing (the automated agent's reply still locks).
// The whole flow is two browsers, a dozen chat turns and two axe runs: twice a browser test's limit.

const suite = consoleSuite()

it('an agent takes over a visitor who asked for a person, answers with a property card and hands back', { timeout: 2 * BROWSER_TEST_MS }, async () => {
  const { server, browser } = suite
  const visitorContext = await isolatedContext(browser)
  const visitorPage = await visitorContext.newPage()
  const visitorErrors = watchPage(visitorPage)
  await visitorPage.goto(`${server.url}/contacto`)
  const w = widget(visitorPage)
  const composerStates = await recordComposer(visitorPage)
  await w.launcher.click()
  await w.input.fill('Quiero hablar con un asesor, por favor')
  await visitorPage.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 10_000 }).toBeGreaterThan(0)
  const visitorId = await visitorOf(visitorPage)
  // The automated agent's reply under way locked the text area, as the spec has it.
  const automatedTyping: ComposerState = { typing: `${INSTANCE} está escribiendo`, placeholder: 'Esperando respuesta...', locked: true }
  expect(await composerStates()).toContainEqual(automatedTyping)

  const agentContext = await isolatedContext(browser, { bypassCSP: true })
  const agent = await agentContext.newPage()
  const agentErrors = watchPage(agent)
  await signInToConsole(agent, server.url)

  // The visitor on the live list, with the page they are on.
  await agent.getByRole('navigation').getByRole('link', { name: 'En el sitio' }).click()
  const card = agent.locator('.visitor-card', { hasText: '/contacto' })
  await card.waitFor({ timeout: 10_000 })
  // The device in the agency's words, not the widget's code («desktop»).
  await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain('Computadora')
  expect(await card.innerText()).not.toContain('desktop')
  // A change after the list was read reaches the card in the server's batches: the visitor typing
  // (a key at least every second keeps it reported).
  const typed = w.input.pressSequentially('Una pregunta más', { delay: 150 })
  await expect.poll(() => card.innerText(), { timeout: 10_000, interval: 50 }).toContain('Escribiendo…')
  await typed
  await w.input.fill('')
  // Its two actions side by side at either width (at 1280 px the card was too narrow for them).
  const size = agent.viewportSize()!
  for (const viewport of CONSOLE_VIEWPORTS) {
    await agent.setViewportSize(viewport)
    const tops = await card.locator('.visitor-card__actions > *').evaluateAll((actions) => actions.map((a) => a.getBoundingClientRect().top))
    expect(new Set(tops).size, `card action rows at ${viewport.width} px`).toBe(1)
  }
  await agent.setViewportSize(size)

  // The hand-off at the top of the inbox.
  await agent.getByRole('navigation').getByRole('link', { name: 'Conversaciones' }).click()
  const first = agent.locator('.conversation-item').first()
  await expect.poll(() => first.innerText(), { timeout: 10_000 }).toContain('Necesita asesor')
  await first.click()
  const panel = agent.locator('#visitor-panel')
  await expect.poll(() => panel.innerText()).toContain('Computadora')
  expect(await panel.innerText()).not.toContain('desktop')
  await agent.getByRole('button', { name: 'Tomar conversación' }).click()
  await expect.poll(() => w.agentMessages.last().innerText(), { timeout: 10_000 }).toContain('se unió a la conversación')
  // On the console it is a notice of the conversation, not the automated agent's words.
  const joined = agent.locator('.message--notice', { hasText: 'se unió a la conversación' })
  await joined.waitFor()
  expect(await joined.innerText()).not.toContain('Asistente automático')

  // The agent types (a key at least every second keeps it reported): the visitor sees them typing,
  // by name, and keeps writing; what they send reaches the console meanwhile.
  const agentTyped = agent.getByLabel('Respuesta al visitante').pressSequentially('Hola, te comparto una opción', { delay: 150 })
  await w.typing.waitFor({ timeout: 10_000 })
  expect(await w.typing.innerText()).toContain('Administrador está escribiendo')
  await w.input.pressSequentially('Mientras tanto: ¿aceptan mascotas?')
  await visitorPage.keyboard.press('Enter')
  await agent.locator('.message--visitor', { hasText: '¿aceptan mascotas?' }).waitFor({ timeout: 10_000 })
  await agentTyped
  // Every state the person's typing put the widget in left the text area free.
  const personTyping = (await composerStates()).filter((state) => state.typing?.startsWith('Administrador'))
  expect(personTyping.length).toBeGreaterThan(0)
  expect(personTyping.filter((state) => state.locked || state.placeholder !== 'Enviar mensaje...')).toEqual([])

  // A property card from the catalogue, rendered in the widget like the automated agent's.
  await agent.getByRole('button', { name: 'Insertar propiedad' }).click()
  await agent.locator('.picker__item').first().click()
  await agent.getByRole('button', { name: 'Enviar' }).click()
  const cardImage = w.agentMessages.last().locator('img.chat-image')
  await cardImage.waitFor({ timeout: 10_000 })
  // The card's photo and its «Ver propiedad» link both open the one property's page.
  const cardLinks = await w.agentMessages.last().locator('a[href*="/propiedad/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  expect(cardLinks).toHaveLength(2)
  expect(new Set(cardLinks).size).toBe(1)
  await expect.poll(() => w.typing.count()).toBe(0)

  // The visitor answers; the agent sees it live; the automated agent stays quiet.
  const before = await w.agentMessages.count()
  await w.input.fill('Me encanta, ¿cuándo puedo verla?')
  await visitorPage.keyboard.press('Enter')
  await agent.locator('.message--visitor', { hasText: '¿cuándo puedo verla?' }).waitFor({ timeout: 10_000 })

  // Axe at both widths on the conversation view.
  for (const viewport of CONSOLE_VIEWPORTS) {
    await agent.setViewportSize(viewport)
    expect(await axeViolations(agent), `axe at ${viewport.width} px`).toEqual([])
    expect(await fitsWidth(agent)).toBe(true)
  }

  // Hand back: the automated agent answers the next message.
  await agent.getByRole('button', { name: 'Devolver al asistente' }).click()
  await expect.poll(() => w.agentMessages.last().innerText(), { timeout: 10_000 }).toContain('dejó la conversación')
  expect(await w.agentMessages.count()).toBe(before + 1) // only the notice: nothing automated while the person had it
  const handedBack = await w.agentMessages.count()
  await w.input.fill('Busco casa en venta en Huayacán')
  await visitorPage.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 10_000 }).toBeGreaterThan(handedBack) // the automated agent answers again
  const stored = await server.storage.console.messages(visitorId)
  expect(stored.filter((m) => m.authorId).length).toBe(1) // the person's one answer, stored once

  expect(visitorErrors.errors).toEqual([])
  expect(agentErrors.errors).toEqual([])
  await visitorContext.close()
  await agentContext.close()
})

it("signed in, the inbox is in the page before the app's script runs, and the app takes over that markup (hydrates, not renders anew)", async () => {
  const { server, browser } = suite
  const visitorId = '0000dddd-0000-4000-8000-000000000001'
  await server.storage.chat.append(visitorId, { role: 'user', content: 'Busco terreno en Tulum' })
  const context = await isolatedContext(browser)
  const [name, value] = (await signIn(server.url)).split('=') as [string, string]
  await context.addCookies([{ name, value, url: `${server.url}/consola` }])
  const page = await context.newPage()
  const errors = watchPage(page)
  // The app's script is held until the page's own markup was checked.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/consola\/app\/app-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`${server.url}/consola`, { waitUntil: 'commit' })
  const item = page.locator('.conversation-item', { hasText: 'Busco terreno en Tulum' })
  await item.waitFor()
  expect(await item.getAttribute('href')).toBe(`#/conversaciones/${visitorId}`)
  // Styled already: the page carries the styles (allowed by the page's policy, which this context keeps).
  expect(await item.evaluate((element) => getComputedStyle(element).display)).toBe('grid')
  await item.evaluate((element) => Object.assign(element, { fromServer: true }))
  release()
  // Hydrated: the effects ran (the alerts banner needs the browser) and the item is the server's node.
  await page.getByRole('button', { name: 'Activar alertas' }).waitFor()
  expect(await item.evaluate((element) => (element as { fromServer?: boolean }).fromServer)).toBe(true)
  await item.click()
  await page.locator('.message--visitor', { hasText: 'Busco terreno en Tulum' }).waitFor()
  // The page's inbox serves the first inbox only: shown again later, the inbox asks for fresh data
  // (connected first, so the socket's connect cannot be what brings it).
  await page.getByText('En línea').waitFor()
  await server.storage.chat.append('0000dddd-0000-4000-8000-000000000002', { role: 'user', content: 'Busco depa en Cancún' })
  const sections = page.getByRole('navigation', { name: 'Secciones' })
  await sections.getByRole('link', { name: 'En el sitio' }).click()
  await sections.getByRole('link', { name: 'Conversaciones' }).click()
  await page.locator('.conversation-item', { hasText: 'Busco depa en Cancún' }).waitFor()
  expect(errors).toEqual({ errors: [], consoleErrors: [] })
  await context.close()
})

it('the sign-in page has no serious axe violation at 375 and 1280 px', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser, { bypassCSP: true })
  const page = await context.newPage()
  await page.goto(`${server.url}/consola`)
  await page.getByRole('button', { name: 'Entrar' }).waitFor()
  for (const viewport of CONSOLE_VIEWPORTS) {
    await page.setViewportSize(viewport)
    expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([])
  }
  await context.close()
})

it("an empty sign-in is answered in Spanish by the console in an English browser (not the browser's «Please fill out this field»)", async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser, { locale: 'en-US' })
  const page = await context.newPage()
  await page.goto(`${server.url}/consola`)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('alert').filter({ hasText: 'Escribe tu correo.' }).waitFor()
  expect(await page.getByLabel('Correo').evaluate((input) => input === document.activeElement)).toBe(true)
  await page.getByLabel('Correo').fill(TEST_ADMIN.consoleAdminEmail)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('alert').filter({ hasText: 'Escribe tu contraseña.' }).waitFor()
  // One error for a wrong password, in Spanish.
  await page.getByLabel('Contraseña').fill('no-es-la-clave')
  await page.getByLabel('Contraseña').fill('no-es-la-clave')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('alert').filter({ hasText: 'El correo o la contraseña no son correctos.' }).waitFor()
  await context.close()
})

/** Enough messages to be taller than any window the console is used in. */
const LONG_HISTORY = 40

it('after a hand-back, a long conversation scrolls inside its message list: the take-over button stays in the window at 375 and 1280 px', async () => {
  const { server, browser } = suite
  for (const [index, viewport] of [{ width: 375, height: 667 }, CONSOLE_VIEWPORTS[1]].entries()) {
    const visitorId = `0000eeee-0000-4000-8000-00000000000${index}`
    for (let i = 0; i < LONG_HISTORY; i++) {
      await server.storage.chat.append(visitorId, { role: i % 2 ? 'agent' : 'user', content: `Mensaje ${i} de una conversación larga (${viewport.width} px)` })
    }
    const context = await isolatedContext(browser, { viewport })
    const page = await context.newPage()
    const errors = watchPage(page)
    await signInToConsole(page, server.url)
    await page.locator('.conversation-item', { hasText: `(${viewport.width} px)` }).click()
    const take = page.getByRole('button', { name: 'Tomar conversación' })
    await take.click()
    await page.getByLabel('Respuesta al visitante').fill('Hola, te atiendo yo')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await page.locator('.message--person', { hasText: 'Hola, te atiendo yo' }).waitFor()
    await page.getByRole('button', { name: 'Devolver al asistente' }).click()
    await page.locator('.message--notice', { hasText: 'dejó la conversación' }).waitFor()

    // Seen without scrolling the page: the take-over button, and the newest message.
    const box = await take.boundingBox()
    expect(box, `take-over button at ${viewport.width} px`).not.toBeNull()
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.y + box!.height, `take-over button inside the ${viewport.height} px window`).toBeLessThanOrEqual(viewport.height)
    await expect.poll(() => page.locator('.message--notice', { hasText: 'dejó la conversación' }).evaluate((notice) => notice.getBoundingClientRect().bottom <= innerHeight)).toBe(true)
    // The list scrolls, kept at its newest message; the page does not scroll.
    const scrolling = await page.locator('.messages').evaluate((list) => {
      const page = document.scrollingElement!
      const atNewest = list.scrollTop > 0 && list.scrollTop >= list.scrollHeight - list.clientHeight - 1
      list.scrollTop = 0
      return { pageOverflows: page.scrollHeight > page.clientHeight, listOverflows: list.scrollHeight > list.clientHeight, atNewest, scrolledBack: list.scrollTop === 0 }
    })
    expect(scrolling, `at ${viewport.width} px`).toEqual({ pageOverflows: false, listOverflows: true, atNewest: true, scrolledBack: true })
    expect(await fitsWidth(page)).toBe(true)
    if (index === 0) {
      // On a phone the visitor's data take the messages' place, and the same button leads back.
      await page.getByRole('button', { name: 'Datos del visitante', exact: true }).click()
      await page.locator('#visitor-panel').waitFor()
      await page.getByRole('button', { name: 'Ver mensajes' }).click()
      await page.locator('.messages').waitFor()
      expect(await page.locator('#visitor-panel').isVisible()).toBe(false)
    }
    expect(errors).toEqual({ errors: [], consoleErrors: [] })
    await context.close()
  }
})

it('the inbox filters and tags agree with «conversaciones» (feminine plural, as «Todas»)', async () => {
  const { server, browser } = suite
  await server.storage.chat.append('0000dddd-0000-4000-8000-000000000002', { role: 'user', content: 'Hola, busco depa' })
  const context = await isolatedContext(browser)
  const agent = await context.newPage()
  await signInToConsole(agent, server.url)
  const filters = agent.getByRole('group', { name: 'Filtrar conversaciones' }).getByRole('button')
  expect(await filters.allInnerTexts()).toEqual(['Todas', 'Necesitan asesor', 'Automáticas', 'Mías', 'Cerradas'])
  const item = agent.locator('.conversation-item', { hasText: 'Hola, busco depa' })
  await item.waitFor() // the inbox may still be on its way after the sign-in
  expect(await item.locator('.tag').allInnerTexts()).toContain('Automática')
  await context.close()
})
