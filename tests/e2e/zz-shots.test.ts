// scratch, not committed
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import { TEST_ADMIN } from '../support/console'
import { startTestServer } from '../support/server'
import { isolatedContext, launchChromium } from './harness'
let server: RunningServer
let browser: Browser
beforeAll(async () => { server = await startTestServer(TEST_ADMIN); browser = await launchChromium() }, 120000)
afterAll(async () => { await browser?.close(); await server?.close() })
it('shots', { timeout: 120000 }, async () => {
  const ctx = await isolatedContext(browser, { bypassCSP: true })
  const page = await ctx.newPage()
  await page.goto(`${server.url}/consola`)
  await page.getByLabel('Correo').fill(TEST_ADMIN.consoleAdminEmail)
  await page.getByLabel('Contraseña').fill(TEST_ADMIN.consoleAdminPassword)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
  for (const screen of (process.env.SHOT_SCREENS ?? 'ajustes').split(',')) {
    await page.goto(`${server.url}/consola#/${screen}`)
    await page.waitForTimeout(5000)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.waitForTimeout(500)
      await page.screenshot({ path: `/tmp/shot-${screen}-${width}.png`, fullPage: true })
    }
  }
})
