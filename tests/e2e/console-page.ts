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

/** Sign in to the console at `url` through its form, as the test admin unless told whom. */
export async function signInToConsole(page: Page, url: string, who = { email: TEST_ADMIN.consoleAdminEmail, password: TEST_ADMIN.consoleAdminPassword }) {
  await page.goto(`${url}/consola`)
  await page.getByLabel('Correo').fill(who.email)
  await page.getByLabel('Contraseña').fill(who.password)
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

/** The fields of «Conocimiento»'s entry form, by their labels. */
export const KNOWLEDGE_FIELDS = {
  title: 'Tema',
  examplesEs: 'Preguntas de ejemplo en español (una por línea)',
  answerEs: 'Respuesta en español',
  examplesEn: 'Preguntas de ejemplo en inglés (opcional, una por línea)',
  answerEn: 'Respuesta en inglés (opcional; con preguntas en inglés)',
} as const

/** What an admin types in «Conocimiento»'s entry form; examples one per line, as the form takes them. */
export type KnowledgeTyped = Partial<Record<keyof typeof KNOWLEDGE_FIELDS, string>>

/** Opens «Conocimiento» from the console's sections (signed in as an admin) and waits for its entries. */
export async function openKnowledge(page: Page) {
  await page.getByRole('link', { name: 'Conocimiento' }).click()
  await page.getByRole('heading', { name: 'Conocimiento', level: 1 }).waitFor()
  await page.locator('.knowledge-list li').first().waitFor()
}

/** Types `typed` into «Conocimiento»'s entry form, field by field; the fields not named keep what they hold. */
export async function fillKnowledgeForm(page: Page, typed: KnowledgeTyped) {
  const form = page.locator('#knowledge-form')
  for (const [field, text] of Object.entries(typed) as [keyof typeof KNOWLEDGE_FIELDS, string][]) {
    await form.getByLabel(KNOWLEDGE_FIELDS[field], { exact: true }).fill(text)
  }
}

/** Adds an entry through «Conocimiento»'s form and waits until the page says it is saved and lists it. */
export async function addKnowledgeEntry(page: Page, typed: KnowledgeTyped & { title: string }) {
  await fillKnowledgeForm(page, typed)
  await page.locator('#knowledge-form').getByRole('button', { name: 'Agregar entrada' }).click()
  await page.getByRole('status').filter({ hasText: `Guardado: «${typed.title}»` }).waitFor()
  await page.locator('.knowledge-list li', { hasText: typed.title }).waitFor()
}
