/** The agent the evaluation talks to: the demo catalogue (in-memory listing search), the demo agency and a fixed "now". */
import { readFileSync } from 'node:fs'
import { filterListings } from '../../src/catalogue/listing-index'
import type { Catalogue } from '../../src/catalogue/model'
import type { Agency } from '../../src/shared/agency'
import { createAgent, type Agent } from '../../src/server/chat/agent'

/** Saturday 21 November 2026, 10:00 in Cancún: a fixed "now" so visit answers do not drift. */
export const NOW = new Date('2026-11-21T15:00:00Z')

export function readCatalogue(): Catalogue {
  return JSON.parse(readFileSync('content/catalogue.json', 'utf8')) as Catalogue
}

/** The demo agency, as the database is seeded with it. */
export function readAgency(): Agency {
  return JSON.parse(readFileSync('content/agency.json', 'utf8')) as Agency
}

export function evalAgent(catalogue: Catalogue): Agent {
  return createAgent({
    search: async (query) => filterListings(catalogue, query),
    property: async (slug) => catalogue.properties.find((p) => p.slug === slug) ?? null,
    zones: catalogue.zones,
    developments: catalogue.developments,
    siteUrl: 'https://cancunpropiedades.mx',
    agency: readAgency(),
    now: () => NOW,
  })
}
