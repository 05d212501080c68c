import { afterAll, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import { openStorage } from '../../src/server/storage'
import { isolatedContext, launchChromium, startTestServer, watchPage, widget } from './harness'

const servers: RunningServer[] = []
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {})
})

it('reconnects after the server restarts mid-conversation and shows every message exactly once', async () => {
  // The same storage survives the restart, as a database does.
  const storage = await openStorage({ dataDir: 'memory://', cataloguePath: 'content/catalogue.json' })
  const store = storage.chat
  const first = await startTestServer({ storage })
  servers.push(first)
  const browser = await launchChromium()
  try {
    const context = await isolatedContext(browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${first.url}/demo/`)
    const w = widget(page)
    await w.launcher.click()
    await w.input.fill('Hola, antes del reinicio')
    await page.keyboard.press('Enter')
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(1)

    await first.close()
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 5000 }).toContain('Reconectando')
    // Typed while the server is down: kept, marked pending, delivered after the reconnect.
    await w.input.fill('Escrito sin conexión')
    await page.keyboard.press('Enter')
    expect(await w.userMessages.last().innerText()).toContain('Pendiente de envío')

    const second = await startTestServer({ storage, port: first.port })
    servers.push(second)
    await expect.poll(() => w.notice.count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(2)
    await page.waitForTimeout(500)
    const texts = (await w.messages.allInnerTexts()).map((t) => t.replace(/^(Tú|Agente):\s*/, ''))
    expect(texts).toHaveLength(4)
    expect(texts.filter((t) => t.includes('antes del reinicio'))).toHaveLength(1)
    expect(texts.filter((t) => t.includes('Escrito sin conexión'))).toHaveLength(1)
    expect(texts.some((t) => t.includes('Pendiente'))).toBe(false)
    const visitorId = await page.evaluate(() => localStorage.getItem('userUUID'))
    expect((await store.history(visitorId!)).map((m) => m.role)).toEqual(['user', 'agent', 'user', 'agent'])
    expect(errors).toEqual([])
  } finally {
    await browser.close()
    await storage.close()
  }
})
