// The site's speed rules as pure functions (docs/behaviour.md#images, #preloading, #shell).
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFERRED_WIDGET, liveAttributes } from '../../src/site/app/widget-start'
import { defaultSizes, Picture, srcSetWidths } from '../../src/site/components/Image'
import { hoistResources } from '../../src/site/render/renderer'

const IMAGE = { src: '/images/x.svg', width: 1200, height: 800, alt: 'Fachada' }

describe('image widths', () => {
  it("offers a phone's 1x and 2x (360, 720) and the layout's own 1x and 2x, never beyond 2x", () => {
    expect(srcSetWidths(400)).toEqual([360, 400, 720, 800])
    expect(srcSetWidths(800)).toEqual([360, 720, 800, 1600])
    expect(srcSetWidths(360)).toEqual([360, 720])
    expect(srcSetWidths(240)).toEqual([240, 360, 480])
  })

  it('sizes an image as the container on a phone, its own width beyond', () => {
    expect(defaultSizes(400)).toBe('(max-width: 432px) calc(100vw - 32px), 400px')
  })

  it('preloads the priority image from the head with the same srcset and sizes as the image', () => {
    const html = renderToString(
      <main>
        <Picture image={IMAGE} width={400} priority />
        <Picture image={IMAGE} width={360} />
      </main>,
    )
    const { hoisted, body } = hoistResources(html)
    expect(hoisted).toMatch(/^<link rel="preload" as="image" imageSrcSet="[^"]+" imageSizes="[^"]+" fetchPriority="high"\/>$/)
    expect(body.startsWith('<main>')).toBe(true)
    const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]+)"`, 'i'))?.[1]
    const img = body.match(/<img [^>]*fetchPriority="high"[^>]*>/)![0]
    expect(attr(hoisted, 'imageSrcSet')).toBe(attr(img, 'srcSet'))
    expect(attr(hoisted, 'imageSizes')).toBe(attr(img, 'sizes'))
    expect(attr(img, 'srcSet')).toContain('/_ipx/w_360&amp;f_webp/images/x.svg 360w')
    // The lazy image is not preloaded.
    expect(hoisted.match(/<link/g)).toHaveLength(1)
  })

  it('leaves a body without leading links as it is', () => {
    expect(hoistResources('<a href="/">x</a><link rel="preload" as="image" href="/y"/>')).toEqual({ hoisted: '', body: '<a href="/">x</a><link rel="preload" as="image" href="/y"/>' })
  })
})

describe('the deferred widget tag', () => {
  it("turns the marked tag into exactly the customer's tag", () => {
    const marked = [
      { name: 'async', value: '' },
      { name: 'src', value: '/widget.js' },
      { name: 'data-socket-url', value: '/' },
      { name: 'type', value: DEFERRED_WIDGET.type },
      { name: DEFERRED_WIDGET.marker, value: DEFERRED_WIDGET.when },
    ]
    expect(liveAttributes(marked)).toEqual([
      ['async', ''],
      ['src', '/widget.js'],
      ['data-socket-url', '/'],
    ])
  })
})
