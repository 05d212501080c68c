import { expect, it } from 'vitest'
import { isolatedContext, liveSuite, visitorOf, watchPage, widget } from './harness'

const live = liveSuite()

it('helps a visitor find a house in Huayacán and takes their contact details as a lead', async () => {
  const context = await isolatedContext(live.browser)
  const page = await context.newPage()
  const { errors } = watchPage(page)
  await page.goto(`${live.server.url}/?utm_source=facebook&utm_campaign=verano`)
  const w = widget(page)
  await w.launcher.click()
  await w.input.fill('Busco una casa en venta en Huayacán')
  await page.keyboard.press('Enter')

  // Cards: an image through /_ipx, a bold title and a link to the property page.
  const cardImage = w.agentMessages.locator('img.chat-image').first()
  await cardImage.waitFor({ timeout: 10_000 })
  expect(await cardImage.getAttribute('src')).toMatch(/\/_ipx\/w_640&f_webp\/images\//)
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0)
  const link = w.agentMessages.locator('a[href*="/propiedad/"]').first()
  const href = (await link.getAttribute('href'))!
  expect(await link.getAttribute('target')).toBe('_blank')
  expect(await w.agentMessages.locator('strong').first().innerText()).toMatch(/Huayac|Casa|casa/)
  const propertyPage = await fetch(href)
  expect(propertyPage.status).toBe(200) // the link works
  expect(await propertyPage.text()).toContain('<h1')

  const before = await w.agentMessages.count()
  await w.input.fill('Me interesa, quiero que me contacten. Soy Ana López y mi celular es 998 123 4567')
  await page.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 10_000 }).toBeGreaterThan(before)
  await expect.poll(async () => (await w.agentMessages.last().innerText()).includes('Ana'), { timeout: 10_000 }).toBe(true)

  const visitorId = await visitorOf(page)
  await expect.poll(async () => (await live.server.storage.leads.recent(5)).find((l) => l.phone === '9981234567'), { timeout: 10_000 }).toBeTruthy()
  const lead = (await live.server.storage.leads.recent(5)).find((l) => l.phone === '9981234567')!
  expect(lead).toMatchObject({ name: 'Ana López', source: 'chat', attribution: expect.objectContaining({ source: 'Facebook', campaign: 'verano' }) })
  expect(visitorId).toBeTruthy()
  expect(errors).toEqual([])
  await context.close()
})
