import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { WINDOW_INITIAL, WINDOW_STEP } from '../../src/widget/message-window'
import { waitFor } from '../support/wait'
import { INSTANCE, isolatedContext, liveSuite, visitorConnected, visitorOf, watchPage, widget, widgetCaughtUp } from './harness'

const live = liveSuite()

/** A fresh visitor (own context, own localStorage) on a demo page. */
async function visit(path = '/demo/', viewport = { width: 1280, height: 800 }, init?: (page: Page) => Promise<unknown>) {
  const context = await isolatedContext(live.browser, { viewport })
  const page = await context.newPage()
  const watched = watchPage(page)
  await init?.(page)
  await page.goto(live.server.url + path)
  const w = widget(page)
  await w.launcher.waitFor()
  return { context, page, w, ...watched }
}

const received = (event: string, visitorId: string) => live.wire.filter((e) => e.event === event && e.visitorId === visitorId)

describe('chat over a real socket.io server', () => {
  it('loads the stored history when the chat opens', async () => {
    const visitorId = '6f1f7a2e-3c1b-4b8e-9a55-0d7c2f1e9b10'
    await live.server.storage.chat.append(visitorId, { role: 'user', content: 'Busco departamento en Puerto Cancún' })
    await live.server.storage.chat.append(visitorId, { role: 'agent', content: 'Tenemos **3 opciones** para ti.' })
    const { context, w } = await visit('/demo/', undefined, (page) =>
      page.addInitScript((id) => localStorage.setItem('userUUID', id), visitorId),
    )
    await w.launcher.click()
    await expect.poll(() => w.messages.allInnerTexts()).toEqual([
      expect.stringContaining('Busco departamento en Puerto Cancún'),
      expect.stringContaining('Tenemos 3 opciones para ti.'),
    ])
    expect(await w.agentMessages.locator('strong').innerText()).toBe('3 opciones')
    await context.close()
  })

  it('renders the newest messages of a long history, older ones on request, keeping the view where it was', async () => {
    const visitorId = '0c5e2a7b-9d41-4f6a-8b3e-2a1d5c7e9f30'
    const total = 100
    for (let i = 0; i < total; i++) await live.server.storage.chat.append(visitorId, { role: i % 2 ? 'agent' : 'user', content: `Mensaje ${i}` })
    const { context, w } = await visit('/demo/', undefined, (p) => p.addInitScript((id) => localStorage.setItem('userUUID', id), visitorId))
    await w.launcher.click()
    const shown = async () => (await w.messages.allInnerTexts()).map((t) => Number(/Mensaje (\d+)/.exec(t)![1]))
    const first = WINDOW_INITIAL
    await expect.poll(shown).toEqual(Array.from({ length: first }, (_, i) => total - first + i))
    expect(await w.host.locator('[role="log"] .message').count()).toBe(first)
    // The newest message is in view: the list scrolled to the bottom.
    await expect.poll(() => w.messages.last().evaluate((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight })).toBe(true)

    const older = w.host.getByRole('button', { name: 'Ver mensajes anteriores' })
    const newest = w.messages.last()
    const newestTop = await newest.evaluate((el) => el.getBoundingClientRect().top)
    // Pressed where it is (a click that scrolled it into view would reach the top and add them too).
    await older.evaluate((button: HTMLElement) => button.click())
    await expect.poll(async () => (await shown())[0]).toBe(total - first - WINDOW_STEP)
    // What was on screen did not move: the older messages were added above it.
    expect(Math.abs((await newest.evaluate((el) => el.getBoundingClientRect().top)) - newestTop)).toBeLessThanOrEqual(1)

    // Scrolled to the top, the rest comes; with every message shown the button is gone.
    await w.host.locator('.messages').evaluate((el) => (el.scrollTop = 0))
    await expect.poll(async () => (await shown()).length).toBe(total)
    expect(await older.count()).toBe(0)
    expect(await shown()).toEqual(Array.from({ length: total }, (_, i) => i))
    await context.close()
  })

  it('keeps a conversation to its visitor: a reload shows it, another browser with the same userUUID gets none of it', async () => {
    const { context, page, w } = await visit()
    await w.launcher.click()
    await w.input.fill('Soy Ana, mi teléfono es 998 123 4567')
    await page.keyboard.press('Enter')
    await w.agentMessages.first().waitFor()
    const visitorId = (await visitorOf(page))!
    await page.reload()
    await w.launcher.click()
    await expect.poll(() => w.userMessages.allInnerTexts()).toEqual([expect.stringContaining('Soy Ana')])

    // Someone who learnt the userUUID (it used to be in window.dataLayer) but not the token.
    const intruder = await visit('/demo/', undefined, (p) => p.addInitScript((id) => localStorage.setItem('userUUID', id), visitorId))
    await intruder.w.launcher.click()
    await expect.poll(() => intruder.page.evaluate(() => localStorage.getItem('userUUID'))).not.toBe(visitorId)
    await intruder.w.input.fill('hola')
    await intruder.page.keyboard.press('Enter')
    await intruder.w.agentMessages.first().waitFor()
    expect((await intruder.w.messages.allInnerTexts()).join('\n')).not.toContain('Soy Ana')
    expect(await w.userMessages.allInnerTexts()).toEqual([expect.stringContaining('Soy Ana')]) // nor did anything reach Ana
    await intruder.context.close()
    await context.close()
  })

  it('sends with Enter at 1280 px: the server gets the spec payload and the input is cleared', async () => {
    const { context, page, w, errors } = await visit()
    await w.launcher.click()
    await expect.poll(() => w.input.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    expect(await w.sendButton.isVisible()).toBe(false) // docs/behaviour.md#composer: no send button from 1024 px on
    await w.input.fill('Hola, busco casa en Huayacán')
    await page.keyboard.press('Enter')
    const visitorId = (await visitorOf(page))!
    const sent = await waitFor(() => received('send-chat-message', visitorId)[0], 'the message on the server')
    expect(sent.payload).toMatchObject({
      userUUID: visitorId,
      message: 'Hola, busco casa en Huayacán',
      agentId: DEV_AGENT_ID,
      api_key: DEV_API_KEY,
      utms: expect.objectContaining({ page_url: `${live.server.url}/demo/` }),
    })
    expect(await w.input.inputValue()).toBe('')
    const bubble = w.userMessages.last()
    expect(await bubble.innerText()).toContain('Hola, busco casa en Huayacán')
    // User messages sit on the right, agent replies on the left.
    await w.agentMessages.first().waitFor()
    const panel = (await w.panel.boundingBox())!
    const user = (await bubble.boundingBox())!
    const agent = (await w.agentMessages.first().boundingBox())!
    expect(panel.x + panel.width - (user.x + user.width)).toBeLessThan(30)
    expect(agent.x - panel.x).toBeLessThan(30)
    expect(errors).toEqual([])
    await context.close()
  })

  it('uses the send button at 375 px, where Enter is a new line the text area grows to show, and the text area keeps the focus (the keyboard stays up)', async () => {
    const { context, page, w } = await visit('/demo/', { width: 375, height: 740 })
    await w.launcher.click()
    await w.input.click()
    await w.input.type('Primera línea')
    await page.keyboard.press('Enter')
    await w.input.type('segunda')
    expect(await w.input.inputValue()).toBe('Primera línea\nsegunda')
    const inputHeight = async () => (await w.input.boundingBox())!.height
    expect(await inputHeight()).toBeGreaterThan(60) // both lines in view: the area grew
    const visitorId = (await visitorOf(page))!
    expect(received('send-chat-message', visitorId)).toEqual([])
    expect(await w.sendButton.isVisible()).toBe(true)
    await w.sendButton.click()
    await waitFor(() => received('send-chat-message', visitorId).length === 1, 'the message on the server')
    expect(received('send-chat-message', visitorId)[0]!.payload).toMatchObject({ message: 'Primera línea\nsegunda' })
    expect(await w.input.inputValue()).toBe('')
    expect(await inputHeight()).toBeLessThan(50) // one line again
    // Line breaks of the visitor's message are shown as breaks.
    expect(await w.userMessages.last().locator('br').count()).toBe(1)
    // The press left the focus in the text area (read-only while the reply is in progress).
    expect(await w.input.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true)
    await context.close()
  })

  it('sends nothing when the text is empty after trimming', async () => {
    const { context, page, w } = await visit()
    await w.launcher.click()
    await w.input.fill('   \n  ')
    await page.keyboard.press('Enter')
    // A message sent after it, on the same socket: had the blank one gone out, it would be first.
    await w.input.fill('Después del vacío')
    await page.keyboard.press('Enter')
    const visitorId = (await visitorOf(page))!
    await waitFor(() => received('send-chat-message', visitorId).length > 0, 'the message after the blank one on the server')
    expect(received('send-chat-message', visitorId).map((e) => (e.payload as { message: string }).message)).toEqual(['Después del vacío'])
    await w.userMessages.first().waitFor()
    expect(await w.userMessages.count()).toBe(1)
    expect(await w.userMessages.first().innerText()).toContain('Después del vacío')
    await context.close()
  })

  it('censors profanity before sending', async () => {
    const { context, page, w } = await visit()
    await w.launcher.click()
    await w.input.fill('eres un pendejo')
    await page.keyboard.press('Enter')
    const visitorId = (await visitorOf(page))!
    const sent = await waitFor(() => received('send-chat-message', visitorId)[0], 'the message on the server')
    expect((sent.payload as { message: string }).message).toBe('eres un *******')
    await context.close()
  })

  it('renders an agent reply with markdown as specified and opens the closed panel', async () => {
    const { context, page, w, errors } = await visit()
    const visitorId = (await visitorOf(page))!
    await waitFor(() => received('connected-chat', visitorId).length, 'the widget\'s history request')
    expect(await w.panel.isVisible()).toBe(false) // closed (rendered hidden ahead of its opening, docs/behaviour.md#start-up)
    live.server.io.of('/chat').to(`visitor:${visitorId}`).emit('response', {
      role: 'agent',
      content:
        '**Casa Marina** en venta\n![Fachada](' + live.server.url + '/demo/pixel.svg)\n[Ver ficha](https://example.com/propiedad/casa-marina) ' +
        'https://example.com/propiedad/casa-marina <img src=x onerror="alert(1)"><script>alert(2)</script>',
    })
    await w.agentMessages.first().waitFor()
    expect(await w.panel.isVisible()).toBe(true) // docs/behaviour.md#messages: the open flag is set when a message is added
    const message = w.agentMessages.first()
    expect(await message.locator('strong').innerText()).toBe('Casa Marina')
    const image = message.locator('img.chat-image')
    expect(await image.getAttribute('loading')).toBe('lazy')
    expect(await image.evaluate((img) => (img.closest('a') as HTMLAnchorElement).target)).toBe('_blank')
    const links = message.locator('a:not(.chat-image-link)')
    expect(await links.count()).toBe(1) // the same URL is rendered once
    expect(await links.first().getAttribute('rel')).toBe('noopener noreferrer')
    expect(await message.locator('script, [onerror]').count()).toBe(0)
    expect(await message.innerText()).toContain('<img src=x onerror="alert(1)">') // shown as text, never run
    const maxHeight = await image.evaluate((img) => getComputedStyle(img).maxHeight)
    expect(maxHeight).toBe('300px')
    // The message's last asynchronous step: every image in it has loaded or failed.
    await expect.poll(() => message.locator('img').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete))).toBe(true)
    // The line after the image (a property card's title) follows it, no empty line between.
    const imageBottom = await image.evaluate((img) => img.getBoundingClientRect().bottom)
    const nextLineTop = await links.first().evaluate((link) => link.getBoundingClientRect().top)
    expect(nextLineTop - imageBottom).toBeLessThan(12)
    expect(errors).toEqual([])
    await context.close()
  })

  it('hides a chat image that fails to load', async () => {
    const { context, page, w } = await visit()
    await w.launcher.click()
    const visitorId = (await visitorOf(page))!
    await visitorConnected(live.server, visitorId)
    live.server.io.of('/chat').to(`visitor:${visitorId}`).emit('response', { role: 'agent', content: `Foto: ${live.server.url}/demo/no-existe.png` })
    const link = w.agentMessages.first().locator('.chat-image-link')
    await expect.poll(() => link.evaluate((el) => el.hasAttribute('hidden')), { timeout: 5000 }).toBe(true)
    await context.close()
  })

  it('shows the typing indicator while the reply is in progress, with the input disabled', async () => {
    const { context, page, w } = await visit()
    await w.launcher.click()
    const visitorId = (await visitorOf(page))!
    await w.input.fill('Lo que escribo no se pierde')
    await visitorConnected(live.server, visitorId)
    const room = live.server.io.of('/chat').to(`visitor:${visitorId}`)
    room.emit('typing-state-widget', 'in-progress')
    await w.typing.waitFor()
    expect(await w.typing.innerText()).toContain(`${INSTANCE} está escribiendo`)
    expect(await w.input.isDisabled()).toBe(true)
    expect(await w.input.getAttribute('placeholder')).toBe('Esperando respuesta...')
    expect(await w.input.inputValue()).toBe('Lo que escribo no se pierde')
    room.emit('typing-state-widget', 'done')
    await w.typing.waitFor({ state: 'detached' })
    expect(await w.input.isDisabled()).toBe(false)
    expect(await w.input.getAttribute('placeholder')).toBe('Enviar mensaje...')
    await context.close()
  })

  it('applies the colours of the custom configuration within a second or two', async () => {
    const { context, w } = await visit()
    await w.launcher.click()
    const background = (locator: typeof w.header) => locator.evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(await background(w.header)).toBe('rgb(19, 24, 68)') // docs/behaviour.md#theme default #131844
    await live.server.storage.chat.setWidgetConfig(INSTANCE, { headerColor: '#ff6600', panelColor: 'rgb(1, 2, 3)', headerTextColor: 'red; } :host { display: none' })
    await expect.poll(() => background(w.header), { timeout: 4000 }).toBe('rgb(255, 102, 0)')
    expect(await background(w.panel)).toBe('rgb(1, 2, 3)')
    expect(await w.header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)') // hostile value ignored
    await live.server.storage.chat.setWidgetConfig(INSTANCE, {})
    await context.close()
  })

  it('at 375 px with the keyboard up (400 px tall) the banner steps aside and the newest message stays in view', async () => {
    const { context, page, w } = await visit('/demo/', { width: 375, height: 740 })
    const banner = w.host.locator('.banner')
    const list = w.host.locator('.messages')
    await w.launcher.click()
    const visitorId = (await visitorOf(page))!
    await visitorConnected(live.server, visitorId)
    for (let i = 1; i <= 12; i++) live.server.io.of('/chat').to(`visitor:${visitorId}`).emit('response', { role: 'agent', content: `Respuesta ${i} del asistente.` })
    await expect.poll(() => w.agentMessages.count()).toBe(12)
    await expect.poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(1)
    await w.input.click()
    expect(await banner.isVisible()).toBe(true)
    await page.setViewportSize({ width: 375, height: 400 })
    expect(await banner.isVisible()).toBe(false)
    const listBox = (await list.boundingBox())!
    expect(listBox.height).toBeGreaterThan(200) // of 400: only the header and the composer beside it
    const newest = (await w.agentMessages.last().boundingBox())!
    expect(newest.y + newest.height).toBeLessThanOrEqual(listBox.y + listBox.height)
    await page.setViewportSize({ width: 375, height: 740 })
    expect(await banner.isVisible()).toBe(true)
    await context.close()
  })

  it('is full screen at 375 px and about 35vw x 70dvh at 1280 px', async () => {
    const mobile = await visit('/demo/', { width: 375, height: 740 })
    await mobile.w.launcher.click()
    expect(await mobile.w.panel.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 })
    await mobile.context.close()
    const desktop = await visit()
    await desktop.w.launcher.click()
    const box = (await desktop.w.panel.boundingBox())!
    expect(Math.round(box.width)).toBe(Math.round(1280 * 0.35))
    expect(Math.round(box.height)).toBe(Math.round(800 * 0.7))
    await desktop.context.close()
  })

  it('closes with Esc and gives focus back to the launcher; nothing is focused on page load', async () => {
    const { context, page, w } = await visit()
    // Everything the widget does on load is done: connected, history and configuration handled.
    await widgetCaughtUp(live, (await visitorOf(page))!)
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY')
    await w.launcher.click()
    await w.panel.waitFor()
    await page.keyboard.press('Escape')
    await w.panel.waitFor({ state: 'hidden' })
    expect(await w.launcher.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('false')
    await context.close()
  })

  it('keeps Tab inside the full-screen panel at 375 px', async () => {
    const { context, page, w } = await visit('/demo/', { width: 375, height: 740 })
    await w.launcher.click()
    await w.panel.waitFor()
    expect(await w.panel.getAttribute('aria-modal')).toBe('true')
    const focusedInPanel = () => w.panel.evaluate((panel) => panel.contains((panel.getRootNode() as ShadowRoot).activeElement))
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await focusedInPanel()).toBe(true)
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusedInPanel()).toBe(true)
    }
    await context.close()
  })

  it('runs the welcome sequence: dots, then the greeting card with a bobbing launcher; the card opens the chat', async () => {
    await live.server.storage.chat.setWidgetConfig(INSTANCE, {
      visibility_welcome_modal: true,
      btn_close_welcome_modal: true,
      time_active_welcome_modal: 5,
      welcomeMessage: '¡Hola! ¿Buscas casa en Cancún?',
      welcomeMessageButton: 'Hablemos',
    })
    const { context, w } = await visit()
    // The dots show from 1 s to 3.5 s of the page's own time: waited for without a limit of
    // this test's, so a busy machine's slow page load cannot make them be missed.
    await w.host.locator('.welcome__typing').waitFor()
    await w.welcomeCard.waitFor()
    expect(await w.welcomeCard.innerText()).toContain('¡Hola! ¿Buscas casa en Cancún?')
    expect(await w.welcomeCard.locator('.welcome__button').innerText()).toBe('Hablemos')
    expect(await w.launcher.getAttribute('class')).toContain('launcher--bob')
    await w.welcomeCard.locator('.welcome__button').click()
    await w.panel.waitFor()
    expect(await w.welcomeCard.count()).toBe(0)
    expect(await w.launcher.getAttribute('class')).not.toContain('launcher--bob')
    await live.server.storage.chat.setWidgetConfig(INSTANCE, {})
    await context.close()
  })
})
