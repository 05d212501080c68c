// sitemap.xml and robots.txt text (docs/behaviour.md#seo), as src/site/seo/sitemap.ts writes them.
import { describe, expect, it } from 'vitest'
import { PLACEHOLDERS } from '../../src/shared/placeholders'
import { ROBOTS_DISALLOW, robotsTxt, sitemapXml, w3cDate } from '../../src/site/seo/sitemap'

const SITE = PLACEHOLDERS.siteUrl
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

describe('sitemap.xml', () => {
  const xml = sitemapXml([
    { path: '/' },
    { path: '/blog/un-articulo', lastmod: '2026-10-06T16:00:00.000Z' },
    { path: '/propiedad/casa', lastmod: '2026-01-11T14:03:00.000Z' },
    { path: '/contacto', lastmod: null },
    { path: '/contacto' },
  ])

  it('is a sitemaps.org urlset in UTF-8', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
    expect(xml.match(/<url>/g)).toHaveLength(xml.match(/<\/url>/g)!.length)
  })

  it('lists each page once, with the site URL placeholder', () => {
    expect(locs(xml)).toEqual([`${SITE}/`, `${SITE}/blog/un-articulo`, `${SITE}/propiedad/casa`, `${SITE}/contacto`])
  })

  it('gives lastmod only where it is known, as a W3C date-time', () => {
    expect(xml).toContain(`<loc>${SITE}/blog/un-articulo</loc>\n    <lastmod>2026-10-06T16:00:00Z</lastmod>`)
    expect(xml).toContain(`<loc>${SITE}/propiedad/casa</loc>\n    <lastmod>2026-01-11T14:03:00Z</lastmod>`)
    expect(xml.match(/<lastmod>/g)).toHaveLength(2)
  })

  it('escapes and percent-encodes what a path could carry', () => {
    expect(locs(sitemapXml([{ path: '/a&b' }, { path: '/ñandú' }]))).toEqual([`${SITE}/a&amp;b`, `${SITE}/%C3%B1and%C3%BA`])
  })

  it('reads dates strictly', () => {
    expect(w3cDate('2026-03-15')).toBe('2026-03-15T00:00:00Z')
    expect(w3cDate('no es fecha')).toBeNull()
    expect(w3cDate(undefined)).toBeNull()
  })
})

describe('robots.txt', () => {
  const text = robotsTxt()
  const lines = text.split('\n')

  it('allows everything but the API, build metadata, the thanks page and the demos', () => {
    expect(lines[0]).toBe('User-agent: *')
    expect(ROBOTS_DISALLOW).toEqual(['/api/', '/_app/builds/', '/gracias', '/demo/'])
    for (const path of ROBOTS_DISALLOW) expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain('Allow: /')
    // First-match crawlers see the exceptions before the catch-all.
    expect(lines.indexOf('Allow: /')).toBeGreaterThan(Math.max(...ROBOTS_DISALLOW.map((p) => lines.indexOf(`Disallow: ${p}`))))
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(ROBOTS_DISALLOW.length)
  })

  it('points at the sitemap by its absolute URL', () => {
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
    expect(text.endsWith('\n')).toBe(true)
  })
})
