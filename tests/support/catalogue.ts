import { readFileSync } from 'node:fs'
import type { Catalogue } from '../../src/catalogue/model'

/** The demo catalogue every test server seeds its database from. */
export const CATALOGUE_PATH = 'content/catalogue.json'

export const readCatalogue = (): Catalogue => JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as Catalogue
