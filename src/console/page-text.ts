import { CAMPAIGN_KEYS } from '../domain/attribution-record'

/** Click ids the ad networks add to a link: noise to a person, like the campaign keys. */
const CLICK_IDS = ['fbclid', 'msclkid']

/**
 * A page of the site as the console shows it: its path and the query a person reads (a listing's
 * filters), without the campaign's parameters (`?utm_source=facebook&utm_campaign=…` made «/» three
 * lines long at 375 px; the campaign is shown on its own). What is no path is shown as it is.
 */
export function pageText(page: string | null | undefined): string | null {
  if (!page) return null
  if (!page.startsWith('/')) return page
  const url = new URL(page, 'https://sitio.invalid')
  for (const key of [...url.searchParams.keys()]) {
    if ((CAMPAIGN_KEYS as readonly string[]).includes(key) || key.startsWith('utm_') || CLICK_IDS.includes(key)) url.searchParams.delete(key)
  }
  return `${url.pathname}${url.search}${url.hash}`
}
