// @vitest-environment jsdom
// The site's scripts wait for the page's largest image (docs/behaviour.md#shell): the tags in the
// inert template reach the head only once that image has loaded or failed, or at once without one.
import { beforeEach, describe, expect, it } from 'vitest'
import { PAGE_SCRIPTS_TEMPLATE, startPageScripts } from '../../src/site/app/script-start'

const TAGS = '<link rel="modulepreload" href="/_app/client.js"><script type="module" src="/_app/client.js"></script>'

function page(image: string) {
  document.head.innerHTML = ''
  document.body.innerHTML = `<main id="contenido">${image}</main><template id="${PAGE_SCRIPTS_TEMPLATE}">${TAGS}</template>`
}
const started = () => document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]').length

describe('the page scripts', () => {
  beforeEach(() => page(''))

  it('start at once on a page without a priority image, and only once', () => {
    startPageScripts(document, PAGE_SCRIPTS_TEMPLATE)
    startPageScripts(document, PAGE_SCRIPTS_TEMPLATE)
    expect(started()).toBe(2)
    expect(document.getElementById(PAGE_SCRIPTS_TEMPLATE)).toBeNull()
  })

  for (const event of ['load', 'error']) {
    it(`wait for the priority image's ${event}`, () => {
      page('<img src="/_ipx/w_360&f_webp/images/x.svg" fetchpriority="high" loading="lazy">')
      const image = document.querySelector('img')!
      Object.defineProperty(image, 'complete', { value: false })
      startPageScripts(document, PAGE_SCRIPTS_TEMPLATE)
      expect(started()).toBe(0)
      image.dispatchEvent(new Event(event))
      expect(started()).toBe(2)
    })
  }

  it('run from their serialized source, as the prerendered page inlines them', () => {
    new Function('document', `(${startPageScripts.toString()})(document, ${JSON.stringify(PAGE_SCRIPTS_TEMPLATE)})`)(document)
    expect(started()).toBe(2)
  })
})
