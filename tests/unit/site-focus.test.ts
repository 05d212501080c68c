import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The site's keyboard focus ring must stand out from what it sits on (WCAG 1.4.11, 3:1): the page's
 * white, the panels' --bg and the navy header. The lightbox's own ring, on its dark backdrop, is apart.
 */
const CSS_FILES = ['styles/site.css', 'styles/layout.css', 'property/property.css', 'forms/forms.css', 'search/search.css']
const css = CSS_FILES.map((file) => readFileSync(`src/site/${file}`, 'utf8')).join('\n')
const DARK_SURFACE_RULES = /\.prop-lightbox/

const variable = (name: string) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1]
const channel = (hex: string, i: number) => {
  const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const luminance = (hex: string) => 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2)
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('the site focus ring', () => {
  it('has 3:1 or more against white, the panels and the header', () => {
    const focus = variable('focus')!
    for (const surface of ['#ffffff', variable('bg')!, variable('navy')!]) expect(contrast(focus, surface)).toBeGreaterThanOrEqual(3)
  })

  it('is the one colour of every :focus-visible outline on light surfaces', () => {
    const rules = [...css.matchAll(/([^{}]*:focus-visible[^{}]*)\{([^}]*)\}/g)].filter(([, selector]) => !DARK_SURFACE_RULES.test(selector!))
    const outlines = rules.map(([, , body]) => body!.match(/outline:\s*\S+\s+solid\s+([^;]+);/)?.[1]).filter(Boolean)
    expect(outlines.length).toBeGreaterThanOrEqual(4)
    for (const colour of outlines) expect(colour).toMatch(/^var\(--focus\b/)
  })

  it('is the chat widget\'s ring too, on the site and on any page that carries it', () => {
    const widget = readFileSync('src/widget/styles.ts', 'utf8').match(/:focus-visible \{ outline: 3px solid (#[0-9a-f]{6})/i)?.[1]
    expect(widget).toBe(variable('focus'))
  })
})
