import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { agencyInstantAt, agencyIso, agencyWallClock } from '../../src/domain/agency-clock'
import type { MailOverview } from '../../src/protocol/mail'
import type { RunningServer } from '../../src/server/app'
import { consoleFetch, signIn, TEST_ADMIN } from '../support/console'
import { CHROMIUM_LAUNCH_MS, EMBEDDED_START_MS } from '../support/limits'
import { startTestServer } from '../support/server'
import { freePort, smtpUrl, startSmtpFake, type SmtpFake } from '../support/smtp'
import { waitForAsync } from '../support/wait'
import { axeViolations, CONSOLE_VIEWPORTS, fitsWidth, signInToConsole } from './console-page'
import { isolatedContext, releaseChromium, sharedChromium, watchPage } from './harness'

// «Agencia» → «Correos» (docs/email.md#console) as an admin uses it: the SMTP server is down, the
// visit's confirmation waits with its error in Spanish; the server comes up, «Reintentar» sends
// it, and the list says it went.

let server: RunningServer
let browser: Browser
let port: number
let smtp: SmtpFake | undefined
beforeAll(async () => {
  port = await freePort()
  // The worker's own next try is an hour away: what sends it here is «Reintentar».
  server = await startTestServer({ ...TEST_ADMIN, mail: { smtpUrl: smtpUrl(port), from: undefined }, mailWorker: { retryBaseMs: 3_600_000 } })
  browser = await sharedChromium()
}, EMBEDDED_START_MS + CHROMIUM_LAUNCH_MS)
afterAll(async () => {
  await releaseChromium(browser)
  await server?.close()
  await smtp?.close()
})

it('an admin sees an e-mail waiting with its error, and sends it with «Reintentar» once the SMTP server is up', async () => {
  const cookie = await signIn(server.url)
  const address = 'sofia.consola@ejemplo.mx'
  const day = agencyWallClock(new Date(Date.now() + 3 * 86_400_000))
  const booked = await consoleFetch(server.url, '/visits', { method: 'POST', cookie, body: { visitorId: `0000eeee-0000-4000-8000-${String(process.pid).padStart(12, '0')}`, at: agencyIso(agencyInstantAt(day, 12 * 60)), name: 'Sofía', email: address } })
  expect(booked.status).toBe(201)
  await waitForAsync(async () => ((await (await consoleFetch(server.url, '/mail', { cookie })).json()) as MailOverview).items.some((i) => i.lastError), 'the first try failing')

  const context = await isolatedContext(browser, { bypassCSP: true, viewport: CONSOLE_VIEWPORTS[0] })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.getByRole('link', { name: 'Agencia', exact: true }).click()
  await page.getByRole('link', { name: 'Correos', exact: true }).click()
  await page.getByRole('heading', { name: 'Correos a los visitantes', level: 1 }).waitFor()
  const waiting = page.getByRole('table', { name: 'En espera o fallidos' }).getByRole('row').filter({ hasText: address })
  await waiting.getByText('No se pudo conectar con el servidor de correo (SMTP_URL)').waitFor()
  expect(await waiting.getByRole('cell').first().textContent()).toBe('Aviso de visita')
  expect(await waiting.getByRole('cell').nth(2).textContent()).toBe('En espera')
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)

  smtp = await startSmtpFake(port)
  await waiting.getByRole('button', { name: `Reintentar el correo a ${address}` }).click()
  await page.getByRole('status').filter({ hasText: `Se intentará enviar ahora el correo a ${address}.` }).waitFor()
  await smtp.waitFor(address, 1, 'the confirmation after «Reintentar»')
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: 'Actualizar' }).click()
      return page.getByRole('table', { name: 'Últimos enviados o no enviados' }).getByRole('row').filter({ hasText: address }).filter({ hasText: 'Enviado' }).count()
    })
    .toBe(1)
  expect(smtp.to(address)).toHaveLength(1)
  expect(errors.errors).toEqual([])
  expect(errors.consoleErrors).toEqual([])
  await context.close()
})
