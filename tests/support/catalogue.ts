import { readFileSync } from 'node:fs'
import type { Catalogue } from '../../src/catalogue/model'
import type { Agency } from '../../src/shared/agency'

/** The demo catalogue every test server seeds its database from. */
export const CATALOGUE_PATH = 'content/catalogue.json'

export const readCatalogue = (): Catalogue => JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as Catalogue

/**
 * What a public search lists at all, written plainly for the tests' oracles: sold and rented
 * properties keep their pages, not their place in listings (src/catalogue/listing-criteria.ts ON_THE_MARKET).
 */
export const onTheMarket = (p: Pick<Catalogue['properties'][number], 'status'>) => p.status === 'disponible' || p.status === 'apartada'

/** Who the demo agency is, as a fresh database has it (content/agency.json, src/server/storage/agency-repo.ts). */
export const AGENCY_PATH = 'content/agency.json'
export const readAgency = (): Agency => JSON.parse(readFileSync(AGENCY_PATH, 'utf8')) as Agency
