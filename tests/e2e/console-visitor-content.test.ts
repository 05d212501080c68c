import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHAT_IMAGE_WIDTH, imageUrl } from '../../src/shared/images'
import { signIn } from '../support/console'
import { consoleSuite } from './console-page'
import { isolatedContext, watchPage } from './harness'

// Issue 30, item 6: what a visitor writes is shown inert in the console. A tracker on another
// loopback port counts every request; the console opens a conversation whose visitor sent it
// images and a link, and whose agent sent a property card with the site's own photo.

const suite = consoleSuite()

/** The third party: answers every request with nothing and keeps its path. */
let tracker: Server
const tracked: string[] = []
let trackerUrl = ''
beforeAll(async () => {
  tracker = createServer((req, res) => {
    tracked.push(req.url ?? '')
    res.writeHead(204).end()
  })
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve))
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => tracker.close(resolve)))

it('a visitor’s images load nothing in the console and their links show the host they open; the agent’s card photo still shows', async () => {
  const { server, browser } = suite
  const visitorId = '0000eeee-0000-4000-8000-000000000030'
  await server.storage.chat.append(visitorId, {
    role: 'user',
    content: [
      `Mira ![x](${trackerUrl}/pixel.png)`,
      `<img src="${trackerUrl}/raw.png"> y ${trackerUrl}/bare.gif`,
      `[banco.mx](${trackerUrl}/login)`,
    ].join('\n'),
  })
  const photo = `${server.url}${imageUrl('/images/zonas/huayacan.svg', CHAT_IMAGE_WIDTH)}`
  await server.storage.chat.append(visitorId, { role: 'agent', content: `Te comparto esta: [![Huayacán](${photo})](${server.url}/propiedad/casa)` })
  const [name, value] = (await signIn(server.url)).split('=') as [string, string]

  // Without the page's policy (the renderer alone must hold) and with it (it must not break the card's photo).
  for (const bypassCSP of [true, false]) {
    const context = await isolatedContext(browser, { bypassCSP })
    await context.addCookies([{ name, value, url: `${server.url}/consola` }])
    const page = await context.newPage()
    const errors = watchPage(page)
    const response = await page.goto(`${server.url}/consola#/conversaciones/${visitorId}`)
    // The page's own policy names no other host for images (console/visitor-content.ts is the first line, this the second).
    const imgSrc = response!.headers()['content-security-policy']!.split('; ').find((d) => d.startsWith('img-src '))!
    expect(imgSrc.split(' ').filter((source) => /^(https?:|\*)/.test(source) && source !== new URL(server.url).origin)).toEqual([])
    const visitor = page.locator('.message--visitor')
    await visitor.waitFor()

    // The agency's photo is loaded and shown: after it, any image the visitor's message started would have been asked for too.
    const cardPhoto = page.locator('.message--bot img')
    await expect.poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true)
    expect(tracked, `requests to the tracker (bypassCSP ${bypassCSP})`).toEqual([])
    expect(await visitor.locator('img').count()).toBe(0)

    // The images are links the person may choose to open, naming where they are.
    const pixel = visitor.getByRole('link', { name: /^Imagen «x»: 127\.0\.0\.1:\d+\/pixel\.png$/ })
    expect(await pixel.getAttribute('href')).toBe(`${trackerUrl}/pixel.png`)
    expect(await visitor.getByRole('link', { name: /^Imagen: 127\.0\.0\.1:\d+\/bare\.gif$/ }).count()).toBe(1)
    // The HTML is text, as in the widget (its address a link like any other).
    expect(await visitor.innerText()).toMatch(/<img src="Imagen: 127\.0\.0\.1:\d+\/raw\.png">/)
    // A link that says banco.mx says where it really goes, and opens apart from the console.
    const host = new URL(trackerUrl).host
    expect(await visitor.innerText()).toContain(`banco.mx (${host})`)
    const link = visitor.getByRole('link', { name: 'banco.mx' })
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await link.getAttribute('target')).toBe('_blank')
    for (const anchor of await visitor.locator('a').all()) expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer')

    expect(errors.errors).toEqual([])
    await context.close()
  }
  expect(tracked).toEqual([])
})
