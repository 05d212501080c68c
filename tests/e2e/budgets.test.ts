import { describe, expect, it } from 'vitest'
import { NOTICES } from '../../src/server/chat/namespace'
import { isolatedContext, liveSuite, visitorConnected, visitorOf, widget } from './harness'

/**
 * What a visitor over an address budget sees (docs/behaviour.md#chat-budgets): the Spanish reason,
 * and what they typed still in the text box. One new visitor id an hour from this address (every
 * test page is 127.0.0.1): the first visitor takes it, the second is over it.
 */
const live = liveSuite({ chatLimits: { newVisitorsPerAddressPerHour: 1 } })

async function visitor() {
  const context = await isolatedContext(live.browser)
  const page = await context.newPage()
  await page.goto(`${live.server.url}/demo/`)
  const w = widget(page)
  await w.launcher.waitFor()
  return { context, page, w }
}

describe('a visitor over the budget of new visitors of their address', () => {
  it('reads why in Spanish, keeps the text in the box, and nothing is stored', async () => {
    const first = await visitor()
    await visitorConnected(live.server, await visitorOf(first.page))

    const { context, page, w } = await visitor()
    const id = await visitorOf(page)
    await w.launcher.click()
    const text = 'Hola, ¿sigue disponible la casa en Cumbres?'
    await w.input.fill(text)
    await page.keyboard.press('Enter')
    await expect.poll(() => w.notice.innerText()).toBe(NOTICES.tooManyVisitors)
    expect(await w.input.inputValue()).toBe(text)
    expect(await w.userMessages.count()).toBe(0)
    expect(await live.server.storage.chat.history(id)).toEqual([])
    await Promise.all([context.close(), first.context.close()])
  })
})
