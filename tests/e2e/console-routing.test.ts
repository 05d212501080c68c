import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { ConsoleAccount } from '../../src/protocol/console'
import type { RunningServer } from '../../src/server/app'
import { cancunTime, testClock, type TestClock } from '../support/clock'
import { addAdviser, consoleFetch, signIn, TEST_ADMIN } from '../support/console'
import { BROWSER_TEST_MS, CHROMIUM_LAUNCH_MS, EMBEDDED_START_MS, POLL_MS } from '../support/limits'
import { startTestServer } from '../support/server'
import { waitForAsync } from '../support/wait'
import { axeViolations, CONSOLE_VIEWPORTS, fitsWidth } from './console-page'
import { isolatedContext, releaseChromium, sharedChromium, visitorOf, watchPage, widget } from './harness'

/**
 * Routing with a time to answer (issue 34, docs/console.md#routing), as the visitor and the
 * agency's people see it in Chromium. The server's clock is the test's (tests/support/clock.ts):
 * «03:40» and «the answer time passed» without waiting for either. Each test has a server of its
 * own: a person's turn and the conversations waiting for someone carry over otherwise.
 */
const MINUTE = 60_000
let browser: Browser
const servers: RunningServer[] = []
const contexts: BrowserContext[] = []
beforeAll(async () => {
  browser = await sharedChromium()
}, CHROMIUM_LAUNCH_MS)
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {})
  for (const server of servers.splice(0)) await server.close()
})
afterAll(() => releaseChromium(browser))

/** The sweep every quarter second: what the clock makes due shows at once. The owner's grace stays the product's 30 s. */
async function server(clock: TestClock) {
  const started = await startTestServer({ ...TEST_ADMIN, clock: clock.now, routingTimes: { tickMs: 250 } })
  servers.push(started)
  return started
}

async function page(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await isolatedContext(browser, options)
  contexts.push(context)
  return context.newPage()
}

/** A visitor on the contact page asks the chat for a person. */
async function visitorAsks(url: string, text: string) {
  const visitor = await page()
  const errors = watchPage(visitor)
  await visitor.goto(`${url}/contacto`)
  const w = widget(visitor)
  await w.launcher.click()
  await w.input.fill(text)
  await visitor.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 10_000 }).toBeGreaterThan(0)
  return { page: visitor, w, errors, lastSays: () => w.agentMessages.last().innerText() }
}

/** A person of the agency opens the console and signs in through its form. */
async function personSignsIn(url: string, email: string, password: string) {
  // The policy of the console's page would refuse axe's script (axeViolations).
  const console = await page({ bypassCSP: true })
  await console.goto(`${url}/consola`)
  await console.getByLabel('Correo').fill(email)
  await console.getByLabel('Contraseña').fill(password)
  await console.getByRole('button', { name: 'Entrar' }).click()
  await console.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
  return console
}

it('with nobody signed in, a visitor asking for a person at 03:40 hears the office answers today at 9:00, and how to reach it', { timeout: EMBEDDED_START_MS + BROWSER_TEST_MS }, async () => {
  const app = await server(testClock(cancunTime('03:40')))
  const visitor = await visitorAsks(app.url, 'Quiero hablar con una persona, por favor')
  const said = await visitor.lastSays()
  expect(said).toContain('Nuestra oficina está cerrada en este momento: te responderemos hoy a las 9:00 (hora de Cancún), aquí mismo o al teléfono o correo que nos dejes.')
  expect(said).toContain('al 998 123 4567 o en hola@cancunpropiedades.mx')
  expect(said).not.toContain('en breve')
  // WhatsApp as a link that opens the agency's chat.
  expect(await visitor.w.agentMessages.last().locator('a', { hasText: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/529981234567\?/)
  expect(visitor.errors.errors).toEqual([])
})

it(
  'during office hours a conversation is offered to one of two people on duty, to both after the answer time, and the visitor hears who answers; its owner closes the tab and the visitor hears within a minute',
  { timeout: EMBEDDED_START_MS + 3 * BROWSER_TEST_MS },
  async () => {
    const clock = testClock(cancunTime('11:00'))
    const app = await server(clock)
    const admin = await signIn(app.url)
    const ana = { email: 'ana.turno@pruebas.mx', name: 'Ana', password: 'clave-de-ana-123' }
    const luis = { email: 'luis.turno@pruebas.mx', name: 'Luis', password: 'clave-de-luis-123' }
    await addAdviser(app.url, admin, ana)
    await addAdviser(app.url, admin, luis)
    const anaConsole = await personSignsIn(app.url, ana.email, ana.password)
    const luisConsole = await personSignsIn(app.url, luis.email, luis.password)
    // Both «Disponible» in the header, and on duty by the server's clock (the agency's hours).
    expect(await anaConsole.getByLabel('Tu estado').inputValue()).toBe('disponible')

    const visitor = await visitorAsks(app.url, 'Quiero hablar con un asesor, por favor')
    expect(await visitor.lastSays()).toContain('Te comunico con un asesor de Cancún Propiedades. Ana te responderá aquí en unos 2 minutos.')
    const visitorId = await visitorOf(visitor.page)

    // Ana's inbox says it is her turn; Luis's, whom it is offered to.
    const anaTurn = anaConsole.getByRole('list', { name: 'Te toca responder' })
    await anaTurn.waitFor({ timeout: 10_000 })
    expect(await anaTurn.innerText()).toMatch(/Te toca responder: .+ · solo tuya hasta las 11:02/)
    await expect.poll(() => anaConsole.locator('.conversation-item').first().innerText(), { timeout: POLL_MS }).toContain('Te toca responder')
    await expect.poll(() => luisConsole.locator('.conversation-item').first().innerText(), { timeout: POLL_MS }).toContain('Ofrecida a Ana')
    expect(await luisConsole.getByRole('list', { name: 'Te toca responder' }).count()).toBe(0)
    // The turn's list and tags, readable and announced, at a phone's width and a laptop's.
    for (const viewport of CONSOLE_VIEWPORTS) {
      await anaConsole.setViewportSize(viewport)
      expect(await axeViolations(anaConsole), `axe at ${viewport.width} px`).toEqual([])
      expect(await fitsWidth(anaConsole)).toBe(true)
    }

    // Nobody takes it within the answer time: both see it offered to everyone, and the visitor who answers.
    clock.advance(2 * MINUTE + 1000)
    await expect.poll(visitor.lastSays, { timeout: 10_000 }).toContain('Perdón por la espera: ya avisé a todo nuestro equipo. Ana o Luis te responderá aquí en los próximos minutos.')
    for (const console of [anaConsole, luisConsole]) await expect.poll(() => console.locator('.conversation-item').first().innerText(), { timeout: POLL_MS }).toContain('Ofrecida a todos')
    await anaTurn.waitFor({ state: 'detached' })

    // Luis takes it and answers.
    await luisConsole.locator('.conversation-item').first().click()
    await luisConsole.getByRole('button', { name: 'Tomar conversación' }).click()
    await luisConsole.getByLabel('Respuesta al visitante').fill('Hola, soy Luis. ¿En qué te ayudo?')
    await luisConsole.getByRole('button', { name: 'Enviar' }).click()
    await expect.poll(visitor.lastSays, { timeout: 10_000 }).toContain('Hola, soy Luis. ¿En qué te ayudo?')

    // He closes the tab. The server sees him gone; a minute later by its clock (its grace is 30 s) the visitor hears it, and it is offered to Ana.
    await luisConsole.close()
    await waitForAsync(async () => (await app.storage.routing.owned()).some((o) => o.visitorId === visitorId && o.goneAt), 'the owner seen gone')
    clock.advance(MINUTE)
    await expect.poll(visitor.lastSays, { timeout: 10_000 }).toContain('Luis tuvo que dejar la conversación. Ana te responderá aquí en unos 2 minutos.')
    await anaTurn.waitFor({ timeout: 10_000 })
    expect(visitor.errors.errors).toEqual([])
  },
)

it('a person sets their status in the header and their shifts in «Mi cuenta»; a shift that ends before it starts is said at its day', { timeout: EMBEDDED_START_MS + BROWSER_TEST_MS }, async () => {
  const app = await server(testClock(cancunTime('11:00')))
  const admin = await signIn(app.url)
  const marta = { email: 'marta.turno@pruebas.mx', name: 'Marta', password: 'clave-de-marta-123' }
  await addAdviser(app.url, admin, marta)
  const console = await personSignsIn(app.url, marta.email, marta.password)
  const errors = watchPage(console)
  const me = async () => (await (await consoleFetch(app.url, '/me', { cookie: await signIn(app.url, marta.email, marta.password) })).json()) as { account: ConsoleAccount }

  await console.getByLabel('Tu estado').selectOption('ausente')
  await expect.poll(async () => (await me()).account.availability, { timeout: POLL_MS }).toBe('ausente')

  await console.getByRole('navigation').getByRole('link', { name: /Mi cuenta/ }).click()
  const form = console.getByRole('form', { name: 'Mi horario de atención' })
  await form.getByRole('checkbox', { name: /Sigo el horario de la agencia/ }).uncheck()
  // Her week starts as the office's: Monday 9:00 to 19:00. She makes Monday end before it starts.
  expect(await form.getByLabel('Lunes: entra').inputValue()).toBe('09:00')
  await form.getByLabel('Lunes: sale').fill('08:00')
  await form.getByLabel('Domingo: descansa').uncheck()
  await form.getByLabel('Domingo: entra').fill('10:00')
  await form.getByLabel('Domingo: sale').fill('14:00')
  await form.getByRole('button', { name: 'Guardar horario' }).click()
  await form.getByText('El lunes el turno termina (08:00) antes de empezar (09:00).').waitFor()
  await form.getByLabel('Lunes: sale').fill('17:00')
  await form.getByRole('button', { name: 'Guardar horario' }).click()
  await form.getByText('Listo: tu horario quedó guardado.').waitFor()
  const saved = (await me()).account.dutyHours
  expect(saved?.[0]).toEqual([600, 840])
  expect(saved?.[1]).toEqual([540, 1020])
  expect(errors.errors).toEqual([])
})
