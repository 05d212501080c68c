import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { filterListings } from '../../src/catalogue/listing-index'
import { ListingFilters } from '../../src/site/components/ListingFilters'
import type { ListingResult } from '../../src/site/data/payload'
import type { ListingQuery } from '../../src/catalogue/listing-query'
import listingPage from '../../src/site/screens/listing/page'
import productPage from '../../src/site/screens/product/page'
import zonePage from '../../src/site/screens/zone/page'
import { readAgency, readCatalogue } from '../support/catalogue'

const catalogue = readCatalogue()
const agency = readAgency()
const pages: [string, ListingResult & { filter: ListingQuery }][] = [
  ...['/venta-cancun', '/renta-cancun', '/preventa-cancun'].map((path) => [path, listingPage({ agency, catalogue, path, params: {} }).data] as [string, ListingResult & { filter: ListingQuery }]),
  ...catalogue.zones.flatMap((zone) => (zone.path ? [[zone.path, zonePage({ agency, catalogue, path: zone.path, params: {} }).data] as [string, ListingResult & { filter: ListingQuery }]] : [])),
  ...catalogue.products.map((product) => [`/${product.slug}`, productPage({ agency, catalogue, path: `/${product.slug}`, params: { slug: product.slug } }).data] as [string, ListingResult & { filter: ListingQuery }]),
]

describe('a listing page\'s filters', () => {
  it('offer only the kinds of property the page holds: no link to an empty search', () => {
    let hidden = 0
    for (const [path, data] of pages) {
      const html = renderToString(<ListingFilters filter={data.filter} total={data.total} shown={data.items.length} kinds={data.kinds} />)
      const links = [...html.matchAll(/href="\/buscar-propiedades\?([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
      expect(links.length, path).toBeGreaterThan(0)
      for (const query of links) {
        // The links preset only operacion, tipo, zona and desarrollo: text values, as in a ListingQuery.
        const found = filterListings(catalogue, { ...(Object.fromEntries(new URLSearchParams(query)) as ListingQuery), por_pagina: 1 }).total
        expect(found, `${path} → ${query}`).toBeGreaterThan(0)
      }
      hidden += ['casa', 'departamento', 'terreno', 'local'].filter((tipo) => !data.kinds.includes(tipo as never)).length
    }
    expect(hidden).toBeGreaterThan(0) // the demo has zones without land: the case is exercised
  })
})
