import { expect, it } from 'vitest'
import { LEAD_REVIEW_LABEL } from '../../src/protocol/crm'
import { DEFAULT_LEAD_LIMITS } from '../../src/server/leads/policy'
import { SITE_LEAD_ENDPOINT } from '../../src/domain/site-paths'
import { BROWSER_TEST_MS } from '../support/limits'
import { axeViolations, consoleSuite, signInToConsole } from './console-page'
import { isolatedContext, watchPage } from './harness'

// Issue 30: people behind one address (an office) send the contact form; those past the lead
// policy's volume limits are kept and marked, and the agency sees and clears the mark.

const suite = consoleSuite()

it('a lead kept past a volume limit shows «Revisar: posible spam» in the Leads list, filters, and «No es spam» clears it', { timeout: BROWSER_TEST_MS }, async () => {
  const { server, browser } = suite
  // One more person than the new-visitor limit of one address, each from their own browser (cookie).
  const people = Array.from({ length: DEFAULT_LEAD_LIMITS.visitorsPerAddressPerHour + 1 }, (_, i) => `Persona Oficina ${i + 1}`)
  for (const [i, name] of people.entries()) {
    const cookie = (await fetch(`${server.url}/contacto`)).headers.get('set-cookie')!.split(';')[0]!
    const response = await fetch(`${server.url}${SITE_LEAD_ENDPOINT}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
      body: JSON.stringify({ name, phone: `998 700 000${i}`, message: 'Quiero información', consent: true, source: 'contacto' }),
    })
    expect(response.status).toBe(201)
  }
  const flagged = people.at(-1)!

  const context = await isolatedContext(browser, { bypassCSP: true })
  const page = await context.newPage()
  const errors = watchPage(page)
  await signInToConsole(page, server.url)
  await page.getByRole('navigation').getByRole('link', { name: 'Prospectos' }).click()
  const item = (name: string) => page.locator('.lead-item', { hasText: name })
  await item(flagged).waitFor()
  // Only the lead past the limit carries the badge.
  expect(await item(flagged).getByText(LEAD_REVIEW_LABEL).isVisible()).toBe(true)
  for (const name of people.slice(0, -1)) expect(await item(name).getByText(LEAD_REVIEW_LABEL).count()).toBe(0)
  expect(await axeViolations(page)).toEqual([])

  // The review filter shows it alone.
  await page.getByLabel('Revisión').selectOption({ label: LEAD_REVIEW_LABEL })
  await expect.poll(() => page.locator('.lead-item').allInnerTexts()).toEqual([expect.stringContaining(flagged)])

  // Its page says why and clears it; the filtered list lets it go.
  await item(flagged).getByRole('link', { name: flagged }).click()
  const panel = page.locator('.pipeline__detail')
  await panel.getByRole('heading', { name: flagged }).waitFor()
  expect(await panel.getByText(LEAD_REVIEW_LABEL).isVisible()).toBe(true)
  await panel.getByRole('button', { name: 'No es spam' }).click()
  await panel.getByText('Marcado como «No es spam»').waitFor()
  expect(await panel.getByRole('button', { name: 'No es spam' }).count()).toBe(0)
  await page.getByText('No hay prospectos con estos filtros.').waitFor()
  expect((await server.storage.leads.recent(100)).map((lead) => lead.review)).toEqual(people.map(() => null))
  expect(errors.errors).toEqual([])
  await context.close()
})
