import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PriceBlock } from '../../src/site/property/Details'
import propertyPage from '../../src/site/screens/property/page'
import { readAgency, readCatalogue } from '../support/catalogue'

/** The property page's «Bajó de precio» line (docs/catalogue.md#price-drop): decided at render, shown by the price. */
const catalogue = readCatalogue()
const property = { ...catalogue.properties[0]!, priceDrop: { previous: { amount: 4_200_000, currency: 'MXN' as const }, at: '2026-03-02T04:30:00.000Z' } }
const withDrop = { ...catalogue, properties: [property, ...catalogue.properties.slice(1)] }
const page = (now: Date) => propertyPage({ catalogue: withDrop, agency: readAgency(), path: `/propiedad/${property.slug}`, params: { slug: property.slug }, now }).data

describe('«Bajó de precio» on the property page', () => {
  it('carries the cut in the page data within 30 days of it, and not after', () => {
    expect(page(new Date('2026-03-20T12:00:00Z')).priceDrop).toEqual(property.priceDrop)
    expect(page(new Date('2026-04-01T05:00:00Z')).priceDrop).toBeNull()
  })

  it('shows the old price struck through above the new one', () => {
    const html = renderToString(<PriceBlock price={property.price} operation={property.operation} drop={page(new Date('2026-03-20T12:00:00Z')).priceDrop ?? null} />)
    expect(html).toContain('Bajó de precio')
    expect(html).toContain('<s>$4,200,000 MXN</s>')
    expect(renderToString(<PriceBlock price={property.price} operation={property.operation} />)).not.toContain('Bajó de precio')
  })
})
