// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { consoleMessageHtml } from '../../src/console/visitor-content'
import { consolePageCsp } from '../../src/server/headers'
import { renderMessage } from '../../src/widget/render'

/** The console's message bubble as a person sees it: its text, its links (href, text, rel) and its images. */
function shown(content: string, fromVisitor = true) {
  const bubble = document.createElement('div')
  bubble.innerHTML = consoleMessageHtml(content, fromVisitor)
  const links = Array.from(bubble.querySelectorAll('a')).map((a) => ({ href: a.getAttribute('href'), text: a.textContent, rel: a.getAttribute('rel'), target: a.getAttribute('target') }))
  return { text: bubble.textContent, links, images: bubble.querySelectorAll('img').length }
}

describe('what a visitor wrote, in the console (docs/behaviour.md#console-conversation)', () => {
  it('an image is a link the person may open, naming its host and path; nothing is loaded', () => {
    const bubble = shown('![foto](https://tracker.example/p/x.png?u=1) y https://cdn.example/a.gif')
    expect(bubble.images).toBe(0)
    expect(bubble.links).toEqual([
      { href: 'https://tracker.example/p/x.png?u=1', text: 'Imagen «foto»: tracker.example/p/x.png', rel: 'noopener noreferrer', target: '_blank' },
      { href: 'https://cdn.example/a.gif', text: 'Imagen: cdn.example/a.gif', rel: 'noopener noreferrer', target: '_blank' },
    ])
  })

  it('HTML is text: an <img> or a style with url() loads nothing', () => {
    const bubble = shown('<img src="https://t.example/1.png" srcset="https://t.example/2.png 2x"><p style="background:url(https://t.example/3.png)">x</p>')
    expect(bubble.images).toBe(0)
    expect(bubble.text).toContain('<img src="')
    expect(bubble.text).toContain('style="background:url(')
  })

  it('a link says the host it really opens when its text says something else', () => {
    expect(shown('[banco.mx](https://evil.example/login)').text).toBe('banco.mx (evil.example)')
    expect(shown('[https://banco.mx](https://evil.example/)').text).toBe('https://banco.mx (evil.example)')
    // A look-alike name shows as the browser reaches it (punycode).
    expect(shown('[bаnco.mx](https://bаnco.mx/)').text).toBe('bаnco.mx (xn--bnco-53d.mx)')
    expect(shown('[Escríbenos](mailto:ladron@evil.example)').text).toBe('Escríbenos (ladron@evil.example)')
  })

  it('a bare address already shows its host: said once', () => {
    expect(shown('mira www.banco.mx/casas y https://banco.mx').text).toBe('mira www.banco.mx/casas y https://banco.mx')
    const userinfo = shown('https://banco.mx@evil.example/')
    expect(userinfo.text).toContain('(evil.example)')
  })

  it("the agency's own messages render as the widget shows them, photos included", () => {
    const card = '[![Casa](https://sitio.example/_ipx/w_640&f_webp/images/casa.jpg)](https://sitio.example/propiedad/casa) [Ver propiedad](https://sitio.example/propiedad/casa)'
    expect(consoleMessageHtml(card, false)).toBe(renderMessage(card))
    expect(shown(card, false).images).toBe(1)
  })
})

describe("the console page's Content-Security-Policy", () => {
  const imgSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('img-src '))
  it('allows images from itself and the site only', () => {
    expect(imgSrc(consolePageCsp("'sha256-x'", 'https://www.inmobiliaria.example'))).toBe("img-src 'self' https://www.inmobiliaria.example data: blob:")
    expect(imgSrc(consolePageCsp("'sha256-x'", 'not a url'))).toBe("img-src 'self' data: blob:")
  })
})
