import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import { TEST_ADMIN } from '../support/console'
import { CHROMIUM_LAUNCH_MS, EMBEDDED_START_MS } from '../support/limits'
import { startTestServer } from '../support/server'
import { releaseChromium, sharedChromium } from './harness'

/** The widths the console must work at: a phone and a laptop. */
export const CONSOLE_VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** One real server with the test admin and one Chromium for a console test file; closed after it. */
export function consoleSuite() {
  const suite = {} as { server: RunningServer; browser: Browser }
  beforeAll(async () => {
    suite.server = await startTestServer(TEST_ADMIN)
    suite.browser = await sharedChromium()
  }, EMBEDDED_START_MS + CHROMIUM_LAUNCH_MS)
  afterAll(async () => {
    await releaseChromium(suite.browser)
    await suite.server?.close()
  })
  return suite
}

/** Sign in to the console at `url` as the test admin, through its form. */
export async function signInToConsole(page: Page, url: string) {
  await page.goto(`${url}/consola`)
  await page.getByLabel('Correo').fill(TEST_ADMIN.consoleAdminEmail)
  await page.getByLabel('Contraseña').fill(TEST_ADMIN.consoleAdminPassword)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
}

/** Serious and critical axe violations of the page as it is now (axe injected; the context bypasses the CSP for it). */
export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe
    const { violations } = await axe.run(document, { resultTypes: ['violations'] })
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`)
  })
}

/** True when nothing on the page is wider than the window (no sideways scrolling). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** A visitor fills and sends the site's contact form on `page` (already on a page with it) and lands on /gracias. */
export async function sendContactForm(page: Page, url: string, lead: { name: string; phone: string; email: string; message: string }) {
  const form = page.locator('section.lead-form')
  await form.getByLabel('Nombre').fill(lead.name)
  await form.getByLabel('Teléfono').fill(lead.phone)
  await form.getByLabel('Correo electrónico').fill(lead.email)
  await form.getByLabel('Mensaje').fill(lead.message)
  await form.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }).check()
  await form.locator('button[type=submit]').click()
  await page.waitForURL(`${url}/gracias`)
}
