// schema.org builders of src/site/seo/jsonld.ts and the JSON-LD every page's payload carries
// (docs/behaviour.md#seo), checked against the real demo catalogue.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Catalogue, Property, PropertyStatus } from '../../src/catalogue/model'
import { PLACEHOLDERS } from '../../src/shared/placeholders'
import { allPaths, knownSlugsOf, resolveRoute } from '../../src/shared/routes'
import { loadPage } from '../../src/site/render/renderer'
import { pageName, whatsappText, whatsappUrl } from '../../src/shared/agency'
import { readAgency } from '../support/catalogue'

const agency = readAgency()
import {
  absoluteImageUrl,
  absoluteUrl,
  availability,
  blogPosting,
  breadcrumbList,
  businessFunction,
  offer,
  postalAddress,
  realEstateAgent,
  realEstateListing,
  summary,
  type JsonLd,
} from '../../src/site/seo/jsonld'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const catalogue = JSON.parse(readFileSync(join(ROOT, 'content', 'catalogue.json'), 'utf8')) as Catalogue
const known = knownSlugsOf(catalogue)
const SITE = PLACEHOLDERS.siteUrl
const zoneOf = (p: Property) => catalogue.zones.find((z) => z.slug === p.zone) ?? null
const property = (predicate: (p: Property) => boolean) => {
  const found = catalogue.properties.find(predicate)
  if (!found) throw new Error('no such property in the demo catalogue')
  return found
}

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}
/** Every string that looks like a URL: absolute, on the site (placeholder) or elsewhere. */
const urls = (value: unknown) => strings(value).filter((s) => /^(https?:|%%|\/)/.test(s))

/** What the prerender writes into the page (scriptJson), then what a browser parses. */
const throughScript = (ld: object) => JSON.parse(JSON.stringify(ld).replace(/</g, '\\u003c')) as JsonLd

describe('URLs', () => {
  it('are absolute, built on the %%SITE_URL%% placeholder', () => {
    expect(absoluteUrl('/blog')).toBe(`${SITE}/blog`)
    expect(absoluteUrl('blog')).toBe(`${SITE}/blog`)
    expect(absoluteUrl('/')).toBe(`${SITE}/`)
    expect(absoluteImageUrl('/images/a.svg')).toBe(`${SITE}/_ipx/w_1200&f_jpeg/images/a.svg`)
  })

  it('keep the placeholder intact through JSON and script escaping', () => {
    const ld = realEstateListing(catalogue.properties[0]!, agency, zoneOf(catalogue.properties[0]!))
    const text = JSON.stringify(ld).replace(/</g, '\\u003c')
    expect(text).toContain(`"${SITE}/propiedad/${catalogue.properties[0]!.slug}"`)
    // Filled the way the server does it, every site URL becomes a real absolute URL.
    const filled = JSON.parse(text.replaceAll(SITE, 'https://example.mx')) as JsonLd
    expect(filled.url).toBe(`https://example.mx/propiedad/${catalogue.properties[0]!.slug}`)
    for (const url of urls(filled)) expect(url, url).toMatch(/^https?:\/\//)
  })
})

describe('RealEstateAgent', () => {
  it('describes the agency with address, phone, hours and area served', () => {
    const agent = throughScript(realEstateAgent(agency))
    expect(agent).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      name: 'Cancún Propiedades',
      url: `${SITE}/`,
      telephone: '+52 998 123 4567',
      address: { '@type': 'PostalAddress', streetAddress: 'Av. Bonampak SM 10', addressLocality: 'Cancún', addressRegion: 'Quintana Roo', addressCountry: 'MX' },
      areaServed: { '@type': 'City', name: 'Cancún' },
      openingHours: ['Mo-Fr 09:00-19:00', 'Sa 10:00-14:00'],
    })
    expect(agent.sameAs).toEqual(agency.profile.social.map((s) => s.url))
  })
})

describe('BreadcrumbList', () => {
  it('starts at Inicio and numbers absolute items from 1', () => {
    const list = breadcrumbList([{ name: 'Blog', path: '/blog' }, { name: 'Un artículo', path: '/blog/un-articulo' }])
    expect(list['@type']).toBe('BreadcrumbList')
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: `${SITE}/blog` },
      { '@type': 'ListItem', position: 3, name: 'Un artículo', item: `${SITE}/blog/un-articulo` },
    ])
  })

  it('never repeats the home page', () => {
    expect((breadcrumbList([{ name: 'Inicio', path: '/' }, { name: 'Contacto', path: '/contacto' }]).itemListElement as unknown[]).length).toBe(2)
  })
})

describe('RealEstateListing and Offer', () => {
  it('maps every status to schema.org availability, pre-sale apart', () => {
    const cases: [PropertyStatus, 'venta' | 'renta' | 'preventa', string][] = [
      ['disponible', 'venta', 'InStock'],
      ['disponible', 'renta', 'InStock'],
      ['disponible', 'preventa', 'PreSale'],
      ['apartada', 'venta', 'Reserved'],
      ['apartada', 'renta', 'Reserved'],
      ['vendida', 'venta', 'SoldOut'],
      ['rentada', 'renta', 'OutOfStock'],
    ]
    for (const [status, operation, expected] of cases) expect(availability(status, operation), `${status}/${operation}`).toBe(`https://schema.org/${expected}`)
  })

  it('sells sales and pre-sales, and leases rentals', () => {
    expect(businessFunction('venta')).toBe('http://purl.org/goodrelations/v1#Sell')
    expect(businessFunction('preventa')).toBe('http://purl.org/goodrelations/v1#Sell')
    expect(businessFunction('renta')).toBe('http://purl.org/goodrelations/v1#LeaseOut')
  })

  it('offers the price in its own currency, as a number', () => {
    const usd = property((p) => p.price.currency === 'USD' && p.operation === 'venta')
    expect(offer(usd, agency)).toMatchObject({ '@type': 'Offer', price: usd.price.amount, priceCurrency: 'USD', businessFunction: 'http://purl.org/goodrelations/v1#Sell' })
    const mxn = property((p) => p.price.currency === 'MXN' && p.operation === 'venta' && p.status === 'vendida')
    expect(offer(mxn, agency)).toMatchObject({ price: mxn.price.amount, priceCurrency: 'MXN', availability: 'https://schema.org/SoldOut' })
    expect(typeof offer(mxn, agency).price).toBe('number')
  })

  it('prices a rent per month', () => {
    const rent = property((p) => p.operation === 'renta')
    expect(offer(rent, agency)).toMatchObject({
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: rent.price.amount, priceCurrency: rent.price.currency, referenceQuantity: { unitCode: 'MON' } },
    })
  })

  it('carries the images, the address and the geo point of a house', () => {
    const house = property((p) => p.type === 'casa' && p.lotM2 !== null && p.constructionM2 !== null)
    const ld = throughScript(realEstateListing(house, agency, zoneOf(house)))
    expect(ld['@context']).toBe('https://schema.org')
    expect(ld['@type']).toBe('RealEstateListing')
    expect(ld.url).toBe(`${SITE}/propiedad/${house.slug}`)
    expect(ld.name).toBe(house.title)
    expect(ld.datePosted).toBe(house.createdAt)
    expect(ld.image).toEqual(house.images.map((i) => `${SITE}/_ipx/w_1200&f_jpeg${i.src}`))
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: house.price.amount, priceCurrency: house.price.currency })
    const place = ld.mainEntity as JsonLd
    expect(place['@type']).toBe('House')
    expect(place.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Cancún', addressRegion: 'Quintana Roo', addressCountry: 'MX' })
    expect((place.address as JsonLd).streetAddress).not.toMatch(/Cancún|Q\. Roo/)
    expect(place.geo).toEqual({ '@type': 'GeoCoordinates', latitude: house.geo.lat, longitude: house.geo.lng })
    expect(place.numberOfBedrooms).toBe(house.bedrooms)
    expect(place.floorSize).toMatchObject({ value: house.constructionM2, unitCode: 'MTK' })
    expect(place.additionalProperty).toEqual([expect.objectContaining({ name: 'Superficie de terreno', value: house.lotM2 })])
    expect((place.amenityFeature as unknown[]).length).toBe(house.amenities.length)
  })

  it('types apartments, lots and commercial space, with no rooms on a lot', () => {
    const apartment = property((p) => p.type === 'departamento')
    expect((realEstateListing(apartment, agency).mainEntity as JsonLd)['@type']).toBe('Apartment')
    const lot = property((p) => p.type === 'terreno')
    const place = realEstateListing(lot, agency).mainEntity as JsonLd
    expect(place['@type']).toBe('Place')
    expect(place).not.toHaveProperty('numberOfBedrooms')
    expect(place).not.toHaveProperty('floorSize')
  })

  it('reads catalogue addresses into street, city, state and country', () => {
    expect(postalAddress('Av. Huayacán km 6, SM 320, Cancún, Q. Roo')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Av. Huayacán km 6, SM 320',
      addressLocality: 'Cancún',
      addressRegion: 'Quintana Roo',
      addressCountry: 'MX',
    })
    expect(postalAddress('Blvd. Kukulcán km 12.5').streetAddress).toBe('Blvd. Kukulcán km 12.5')
  })

  it('summarises a description by its first paragraph, cut at a word', () => {
    expect(summary('Uno dos.\n\nTres.')).toBe('Uno dos.')
    const cut = summary('palabra '.repeat(50), 40)
    expect(cut.length).toBeLessThanOrEqual(40)
    expect(cut).toMatch(/palabra…$/)
  })

  it('prefers whole sentences, and an abbreviation ends none', () => {
    const text = 'La casa tiene jardín y alberca. Está en Av. Huayacán, cerca de escuelas y plazas comerciales de la zona.'
    expect(summary(text, 60)).toBe('La casa tiene jardín y alberca.')
    // "Av." is no sentence end: the cut falls at a word instead.
    expect(summary('Está sobre la avenida principal, a la altura de Av. Kabah y Blvd. Colosio, muy cerca del aeropuerto.', 60)).toBe('Está sobre la avenida principal, a la altura de Av. Kabah…')
  })
})

describe('BlogPosting', () => {
  it('has headline, dates, author, image and publisher', () => {
    const post = catalogue.blog.find((b) => !/^Equipo/.test(b.author))!
    const ld = throughScript(blogPosting(post, agency))
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: post.author },
      image: [`${SITE}/_ipx/w_1200&f_jpeg${post.cover.src}`],
      publisher: { '@type': 'Organization', name: 'Cancún Propiedades', url: `${SITE}/` },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/blog/${post.slug}` },
      inLanguage: 'es-MX',
    })
    expect(Date.parse(ld.datePublished as string)).toBeLessThanOrEqual(Date.parse(ld.dateModified as string))
  })

  it('credits a post by the team to the agency, not to a person', () => {
    const post = catalogue.blog.find((b) => /^Equipo/.test(b.author))
    if (!post) return
    expect(blogPosting(post, agency).author).toMatchObject({ '@type': 'Organization', name: 'Cancún Propiedades' })
  })
})

const payloads = await Promise.all(
  allPaths(known).map(async (path) => {
    const resolution = resolveRoute(path, known)
    if (resolution.status !== 'ok') throw new Error(path)
    return (await loadPage(resolution, { catalogue, agency })).payload
  }),
)

describe('page payloads', () => {
  const types = (path: string) => (payloads.find((p) => p.path === path)!.head.jsonLd ?? []).map((ld) => (ld as JsonLd)['@type'])

  it('give every page JSON-LD, a breadcrumb on every page but home', () => {
    for (const payload of payloads) {
      const lds = (payload.head.jsonLd ?? []) as JsonLd[]
      expect(lds.length, payload.path).toBeGreaterThan(0)
      for (const ld of lds) {
        expect(ld['@context'], payload.path).toBe('https://schema.org')
        for (const url of urls(ld).filter((u) => !/^https?:/.test(u))) expect(url, `${payload.path}: ${url}`).toMatch(/^%%SITE_URL%%\//)
      }
      const crumbs = lds.find((ld) => ld['@type'] === 'BreadcrumbList')
      if (payload.path === '/') expect(crumbs).toBeUndefined()
      else {
        const items = crumbs!.itemListElement as { item: string; name: string }[]
        expect(items[0]!.name, payload.path).toBe('Inicio')
        expect(items.at(-1)!.item, payload.path).toBe(`${SITE}${payload.path}`)
      }
    }
  })

  it('put the agency on home and contact, the listing on properties, the posting on posts', () => {
    expect(types('/')).toEqual(expect.arrayContaining(['RealEstateAgent']))
    expect(types('/contacto')).toEqual(['RealEstateAgent', 'BreadcrumbList'])
    const p = catalogue.properties[0]!
    expect(types(`/propiedad/${p.slug}`)).toEqual(['RealEstateListing', 'BreadcrumbList'])
    expect(types(`/blog/${catalogue.blog[0]!.slug}`)).toEqual(['BlogPosting', 'BreadcrumbList'])
    const post = payloads.find((x) => x.path === `/blog/${catalogue.blog[0]!.slug}`)!
    expect(((post.head.jsonLd![1] as JsonLd).itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Inicio', 'Blog', catalogue.blog[0]!.title])
    expect(types('/residencial-cumbres-suiko/casas')).toEqual(['BreadcrumbList'])
  })

  it('keep empty unit pages out of search results', () => {
    for (const payload of payloads.filter((p) => p.screen === 'units')) {
      const { models, properties } = payload.data as { models: unknown[]; properties: unknown[] }
      expect(Boolean(payload.head.noindex), payload.path).toBe(models.length === 0 && properties.length === 0)
    }
    expect(payloads.filter((p) => p.head.noindex).map((p) => p.screen).sort()).toContain('thanks')
  })

  it('have titles and descriptions of a search-result size, all distinct', () => {
    const indexable = payloads.filter((p) => !p.head.noindex)
    for (const { path, head } of indexable) {
      expect(head.title.length, path).toBeGreaterThan(10)
      expect(head.description.length, path).toBeGreaterThan(50)
      expect(head.description.length, path).toBeLessThanOrEqual(160)
    }
    expect(new Set(indexable.map((p) => p.head.title)).size).toBe(indexable.length)
  })
})

describe('WhatsApp link', () => {
  it('names the page in a Spanish message', () => {
    expect(pageName('Contacto: agenda una visita en Cancún | Cancún Propiedades', 'Cancún Propiedades')).toBe('Contacto: agenda una visita en Cancún')
    expect(whatsappText('Casa en Huayacán | Cancún Propiedades', '/propiedad/casa', 'Cancún Propiedades')).toBe(
      'Hola, vi la página «Casa en Huayacán» en el sitio de Cancún Propiedades y me gustaría recibir más información.',
    )
    expect(whatsappText('Cancún Propiedades | Casas', '/', 'Cancún Propiedades')).toContain('la página de inicio')
    const url = new URL(whatsappUrl('529981234567', whatsappText('Casa & jardín | Cancún Propiedades', '/x', 'Cancún Propiedades')))
    expect(url.origin + url.pathname).toBe('https://wa.me/529981234567')
    expect(url.searchParams.get('text')).toContain('«Casa & jardín»')
  })
})
