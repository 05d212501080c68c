// Bench part "site": Lighthouse (mobile profile, Debian's Chromium) on home, search, a property
// and a blog post of the built site served by the real server, and the bytes each page loads
// by type. References: Lighthouse's "good" thresholds (score 100, LCP 2.5 s, CLS 0.1, TBT 200 ms).
import { readFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium.mjs'

const GOOD = { score: 100, lcp: 2500, cls: 0.1, tbt: 200 }
const BYTE_TYPES = ['document', 'script', 'stylesheet', 'image', 'total']

export async function site({ row, round, startServer, dataDir }) {
  const catalogue = JSON.parse(readFileSync('content/catalogue.json', 'utf8'))
  const pages = {
    home: '/',
    search: '/buscar-propiedades',
    property: `/propiedad/${catalogue.properties[0].slug}`,
    post: `/blog/${catalogue.blog[0].slug}`,
  }
  const server = await startServer({ DATA_DIR: dataDir('bench-site-') })
  const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  const results = {}
  try {
    for (const [name, path] of Object.entries(pages)) {
      const { lhr } = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
      const bytes = Object.fromEntries(
        (lhr.audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item.transferSize]),
      )
      results[name] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbt: audit('total-blocking-time'),
        bytes,
      }
      const r = results[name]
      for (const [label, value] of [['performance', r.performance], ['accessibility', r.accessibility], ['best practices', r.bestPractices], ['SEO', r.seo]]) {
        row(`site ${name}: Lighthouse ${label} (mobile)`, value, GOOD.score, '')
      }
      row(`site ${name}: LCP (ref: good)`, round(r.lcp), GOOD.lcp, 'ms')
      row(`site ${name}: CLS (ref: good)`, Number(r.cls.toFixed(3)), GOOD.cls, '')
      row(`site ${name}: TBT (ref: good)`, round(r.tbt), GOOD.tbt, 'ms')
      for (const type of BYTE_TYPES) if (bytes[type] !== undefined) row(`site ${name}: ${type} bytes transferred`, bytes[type], null, 'B')
    }
  } finally {
    await chrome.kill()
    await server.stop()
  }
  return results
}
