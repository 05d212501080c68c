// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messageText } from '../../src/widget/markdown'
import { renderMessage } from '../../src/widget/render'


// ---------------------------------------------------------------------------------------------
// Helpers: assert on what a user would get, by parsing the output into a DOM.
// ---------------------------------------------------------------------------------------------

function parse(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

function render(content: string): DocumentFragment {
  return parse(renderMessage(content))
}

const SAFE_URL = /^(?:https?:|mailto:|tel:)/i

/** Nothing executable or off-list survives; every anchor opens safely in a new tab. */
function expectSafe(html: string): DocumentFragment {
  const fragment = parse(html)
  expect(fragment.querySelector('script, svg, iframe, object, embed, style, math, form')).toBeNull()
  for (const element of Array.from(fragment.querySelectorAll('*'))) {
    expect(['a', 'img', 'br', 'strong']).toContain(element.localName)
    for (const attr of Array.from(element.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `${element.localName}[${attr.name}]`).toBe(false)
      expect(['href', 'src', 'alt', 'target', 'rel', 'loading', 'class']).toContain(attr.name)
      if (attr.name === 'href' || attr.name === 'src') expect(attr.value).toMatch(SAFE_URL)
    }
    if (element.localName === 'a') {
      expect(element.getAttribute('target')).toBe('_blank')
      expect(element.getAttribute('rel')).toBe('noopener noreferrer')
    }
  }
  return fragment
}

function anchors(fragment: DocumentFragment): HTMLAnchorElement[] {
  return Array.from(fragment.querySelectorAll('a'))
}

function images(fragment: DocumentFragment): HTMLImageElement[] {
  return Array.from(fragment.querySelectorAll('img'))
}

// ---------------------------------------------------------------------------------------------

describe('text is treated as text', () => {
  it('leaves plain text unchanged', () => {
    expect(renderMessage('Hola, ¿cómo estás?')).toBe('Hola, ¿cómo estás?')
  })

  it('returns an empty string for an empty message', () => {
    expect(renderMessage('')).toBe('')
  })

  it('shows HTML in the input literally instead of parsing it', () => {
    const fragment = render('<b>hola</b>')
    expect(fragment.querySelector('b')).toBeNull()
    expect(fragment.textContent).toBe('<b>hola</b>')
  })

  it('shows &, quotes and entities literally', () => {
    const input = `Tom & Jerry "casa" 'playa' &lt; &amp;`
    expect(render(input).textContent).toBe(input)
  })

  it('strips NUL characters so they cannot forge element placeholders', () => {
    expect(render('a\u0000b').textContent).toBe('ab')
    const fragment = render('[Casa](https://x.mx) \u00000\u0000')
    expect(anchors(fragment)).toHaveLength(1)
    expect(fragment.textContent).toBe('Casa 0')
  })
})

describe('line breaks', () => {
  it('turns \\n into <br>', () => {
    const fragment = render('uno\ndos\ntres')
    expect(fragment.querySelectorAll('br')).toHaveLength(2)
    expect(fragment.textContent).toBe('unodostres')
  })

  it('turns \\r\\n into a single <br>', () => {
    expect(renderMessage('uno\r\ndos')).toBe('uno<br>dos')
  })
})

describe('bold', () => {
  it('turns **text** into <strong>', () => {
    const strong = render('Es **muy** bonita').querySelector('strong')
    expect(strong?.textContent).toBe('muy')
  })

  it('may wrap a link', () => {
    const link = render('**[Casa](https://x.mx)**').querySelector('strong > a')
    expect(link?.getAttribute('href')).toBe('https://x.mx')
    expect(link?.textContent).toBe('Casa')
  })

  it('leaves an unmatched ** literal', () => {
    const fragment = render('**bold')
    expect(fragment.querySelector('strong')).toBeNull()
    expect(fragment.textContent).toBe('**bold')
  })

  it('handles several bold runs and leaves a trailing unmatched ** literal', () => {
    const fragment = render('**a** y **b** y **c')
    expect(Array.from(fragment.querySelectorAll('strong')).map((s) => s.textContent)).toEqual(['a', 'b'])
    expect(fragment.textContent).toBe('a y b y **c')
  })

  it('does not make empty or space-padded runs bold, nor span lines', () => {
    expect(render('**** y ** x **').querySelector('strong')).toBeNull()
    expect(render('**uno\ndos**').querySelector('strong')).toBeNull()
  })
})

describe('images', () => {
  it('renders a markdown image as a lazy image opening in a new tab', () => {
    const fragment = expectSafe(renderMessage('![Fachada](https://x.mx/casa.png)'))
    const link = fragment.querySelector('a.chat-image-link')
    const img = link?.querySelector('img.chat-image')
    expect(link?.getAttribute('href')).toBe('https://x.mx/casa.png')
    expect(img?.getAttribute('src')).toBe('https://x.mx/casa.png')
    expect(img?.getAttribute('alt')).toBe('Fachada')
    expect(img?.getAttribute('loading')).toBe('lazy')
    expect(img?.hasAttribute('onerror')).toBe(false)
  })

  it('renders a linked image (an agent\'s card) as the image opening the link, not the image file', () => {
    const fragment = expectSafe(renderMessage('[![Fachada](https://x.mx/casa.webp)](https://x.mx/propiedad/casa)'))
    const link = fragment.querySelector('a.chat-image-link')
    expect(link?.getAttribute('href')).toBe('https://x.mx/propiedad/casa')
    expect(link?.querySelector('img.chat-image')?.getAttribute('src')).toBe('https://x.mx/casa.webp')
    // A script link target is not an element.
    expect(expectSafe(renderMessage('[![x](https://x.mx/a.png)](javascript:alert(1))')).querySelector('a[href^="javascript"]')).toBeNull()
  })

  it('renders a bare image URL as an image with an empty alt', () => {
    const fragment = expectSafe(renderMessage('Mira https://x.mx/fotos/sala.jpg'))
    const [img] = images(fragment)
    expect(img?.getAttribute('src')).toBe('https://x.mx/fotos/sala.jpg')
    expect(img?.getAttribute('alt')).toBe('')
    expect(fragment.textContent).toBe('Mira ')
  })

  it.each(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg'])('recognises the .%s extension', (ext) => {
    expect(images(render(`https://x.mx/a.${ext}`))).toHaveLength(1)
  })

  it('recognises an uppercase extension', () => {
    expect(images(render('https://x.mx/CASA.JPG'))[0]?.getAttribute('src')).toBe('https://x.mx/CASA.JPG')
  })

  it('recognises an image URL with a query string and a hash', () => {
    const url = 'https://cdn.x.mx/a/b.webp?w=640&h=480#top'
    const [img] = images(render(`Foto: ${url}`))
    expect(img?.getAttribute('src')).toBe(url)
  })

  it('does not treat an extension that is only in the query string as an image', () => {
    const fragment = render('https://x.mx/ver?foto=a.png')
    expect(images(fragment)).toHaveLength(0)
    expect(anchors(fragment)[0]?.getAttribute('href')).toBe('https://x.mx/ver?foto=a.png')
  })

  it('keeps a markdown link to an image URL a link', () => {
    const fragment = expectSafe(renderMessage('[ver foto](https://x.mx/a.png)'))
    expect(images(fragment)).toHaveLength(0)
    expect(anchors(fragment)[0]?.textContent).toBe('ver foto')
    expect(anchors(fragment)[0]?.classList.contains('chat-image-link')).toBe(false)
  })
})

describe('links', () => {
  it('renders a markdown link opening in a new tab', () => {
    expect(renderMessage('[Casa](https://x.mx/casa)')).toBe(
      '<a href="https://x.mx/casa" target="_blank" rel="noopener noreferrer">Casa</a>',
    )
  })

  it('renders a bare URL with the URL as written for text', () => {
    const [link] = anchors(expectSafe(renderMessage('ver https://x.mx/casa?id=1&v=2 hoy')))
    expect(link?.getAttribute('href')).toBe('https://x.mx/casa?id=1&v=2')
    expect(link?.textContent).toBe('https://x.mx/casa?id=1&v=2')
  })

  it('keeps trailing punctuation outside the link', () => {
    const fragment = render('Mira https://a.mx/casa.')
    expect(anchors(fragment)[0]?.getAttribute('href')).toBe('https://a.mx/casa')
    expect(fragment.lastChild?.textContent).toBe('.')
    expect(fragment.textContent).toBe('Mira https://a.mx/casa.')
  })

  it('links a www. address with an http href and the text as written', () => {
    const [link] = anchors(render('en www.casas.mx'))
    expect(link?.getAttribute('href')).toBe('http://www.casas.mx')
    expect(link?.textContent).toBe('www.casas.mx')
  })

  it('links e-mail addresses with mailto:', () => {
    const [link] = anchors(expectSafe(renderMessage('Escríbenos a ventas@casas.mx.')))
    expect(link?.getAttribute('href')).toBe('mailto:ventas@casas.mx')
    expect(link?.textContent).toBe('ventas@casas.mx')
  })

  it('allows mailto: and tel: markdown links', () => {
    const links = anchors(expectSafe(renderMessage('[Correo](mailto:a@b.mx) o [Llámanos](tel:+529981234567)')))
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['mailto:a@b.mx', 'tel:+529981234567'])
  })

  it('escapes a markdown link label', () => {
    const [link] = anchors(render('[<img src=x onerror=alert(1)>](https://x.mx)'))
    expect(link?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(images(render('[<img src=x onerror=alert(1)>](https://x.mx)'))).toHaveLength(0)
  })

  it('uses the URL as text for an empty label', () => {
    const [link] = anchors(expectSafe(renderMessage('[](https://x.mx)')))
    expect(link?.getAttribute('href')).toBe('https://x.mx')
    expect(link?.textContent).toBe('https://x.mx')
  })

  it('escapes & and percent-encodes quotes and angle brackets inside attribute values', () => {
    const html = renderMessage('[a](https://x.mx/?a=1&b="2"<3>)')
    expect(html).toContain('href="https://x.mx/?a=1&amp;b=%222%22%3C3%3E"')
    expect(anchors(parse(html))[0]?.getAttribute('href')).toBe('https://x.mx/?a=1&b=%222%22%3C3%3E')
  })
})

describe('each URL is rendered once per message', () => {
  it('drops a bare URL repeated after a markdown link', () => {
    const fragment = render('[Casa](https://x.mx/casa) aquí: https://x.mx/casa')
    expect(anchors(fragment)).toHaveLength(1)
    expect(fragment.textContent).toBe('Casa aquí: ')
  })

  it('keeps only the label of a markdown link repeated after a bare URL', () => {
    const fragment = render('https://x.mx/casa y [la casa](https://x.mx/casa)')
    expect(anchors(fragment)).toHaveLength(1)
    expect(anchors(fragment)[0]?.textContent).toBe('https://x.mx/casa')
    expect(fragment.textContent).toBe('https://x.mx/casa y la casa')
  })

  it('renders the same image only once (bare twice, markdown twice)', () => {
    expect(images(render('https://x.mx/a.png https://x.mx/a.png'))).toHaveLength(1)
    const fragment = render('![uno](https://x.mx/a.png) ![dos](https://x.mx/a.png)')
    expect(images(fragment)).toHaveLength(1)
    expect(images(fragment)[0]?.getAttribute('alt')).toBe('uno')
    expect(fragment.textContent).toBe(' dos')
  })

  it('still renders different URLs, and drops a repeated e-mail', () => {
    const fragment = render('https://a.mx https://b.mx ventas@c.mx ventas@c.mx')
    expect(anchors(fragment).map((a) => a.getAttribute('href'))).toEqual([
      'https://a.mx',
      'https://b.mx',
      'mailto:ventas@c.mx',
    ])
  })
})

describe('unsafe schemes stay text', () => {
  it.each([
    ['[x](javascript:alert(1))', '[x](javascript:alert(1))'],
    ['![x](javascript:alert(1))', '![x](javascript:alert(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['![x](data:image/svg+xml;base64,AAA)', '![x](data:image/svg+xml;base64,AAA)'],
    ['[x](vbscript:msgbox(1))', '[x](vbscript:msgbox(1))'],
    ['[x](JaVaScRiPt:alert(1))', '[x](JaVaScRiPt:alert(1))'],
    ['[casa](/propiedades/1)', '[casa](/propiedades/1)'],
    ['ftp://x.mx/a', 'ftp://x.mx/a'],
  ])('%s', (input, visible) => {
    const fragment = expectSafe(renderMessage(input))
    expect(anchors(fragment)).toHaveLength(0)
    expect(images(fragment)).toHaveLength(0)
    expect(fragment.textContent).toBe(visible)
  })

  it('does not make an image of a mailto: URL (the address is still linked as a bare URL)', () => {
    const fragment = expectSafe(renderMessage('![x](mailto:a@b.mx)'))
    expect(images(fragment)).toHaveLength(0)
    expect(anchors(fragment).map((a) => a.getAttribute('href'))).toEqual(['mailto:a@b.mx'])
    expect(fragment.textContent).toBe('![x](mailto:a@b.mx)')
  })
})

describe('hostile input: nothing executable survives', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '</textarea><script>alert(1)</script>',
    '<!--<img src=x onerror=alert(1)>-->',
  ])('%s is shown literally', (input) => {
    const fragment = expectSafe(renderMessage(input))
    expect(fragment.querySelectorAll('*')).toHaveLength(0)
    expect(fragment.textContent).toBe(input)
  })

  it.each([
    'https://x.mx/" onmouseover="alert(1)',
    'https://x.mx/"onmouseover="alert(1)',
    '[x](https://x.mx/"onmouseover="alert(1))',
    '![x](https://x.mx/a.png"onerror="alert(1))',
    'https://x.mx/a.png"onerror="alert(1)',
    "[x](https://x.mx/'onmouseover='alert(1))",
    '[x](https://x.mx/><script>alert(1)</script>)',
  ])('a quote inside a URL cannot break out of the attribute: %s', (input) => {
    const fragment = expectSafe(renderMessage(input))
    for (const el of [...anchors(fragment), ...images(fragment)]) {
      expect(el.getAttribute('href') ?? el.getAttribute('src')).toMatch(/^https:\/\/x\.mx\/[^"<>]*$/)
    }
    expect(anchors(fragment).length).toBeGreaterThan(0)
  })

  it('renders nested markdown as an inner link plus text', () => {
    const fragment = expectSafe(renderMessage('[a [b](https://b.mx)](https://c.mx)'))
    expect(anchors(fragment).map((a) => a.getAttribute('href'))).toEqual(['https://b.mx', 'https://c.mx'])
    expect(fragment.textContent).toBe('[a b](https://c.mx)')
  })

  it.each(['**bold', '![](', '[](', '[x](', '[[[]]]((()))', '**[x](javascript:alert(1))**'])(
    'broken markdown %s stays text',
    (input) => {
      const fragment = expectSafe(renderMessage(input))
      expect(anchors(fragment)).toHaveLength(0)
      expect(fragment.textContent).toBe(input.startsWith('**[') ? input.slice(2, -2) : input)
    },
  )

  it('an unclosed markdown image is text, its URL a bare link', () => {
    const fragment = expectSafe(renderMessage('![x](https://x.mx'))
    expect(images(fragment)).toHaveLength(0)
    expect(anchors(fragment).map((a) => a.getAttribute('href'))).toEqual(['https://x.mx'])
    expect(fragment.textContent).toBe('![x](https://x.mx')
  })
})

describe('robustness', () => {
  it('never throws, even for a non-string value', () => {
    const bad = [undefined, null, 42, { toString: () => '<b>x</b>' }] as unknown as string[]
    for (const value of bad) expect(typeof renderMessage(value)).toBe('string')
    expect(render(42 as unknown as string).textContent).toBe('42')
  })

  it('renders a 20,000-character message with many URLs', () => {
    const parts: string[] = []
    for (let i = 0; parts.join(' ').length < 20_000; i++) {
      parts.push(`**n${i}** https://x.mx/p/${i} ![f](https://x.mx/i/${i}.jpg) [d](https://x.mx/p/${i})\n`)
    }
    const input = parts.join(' ').slice(0, 20_000)
    const count = parts.length - 1 // the last part may be cut by slice()
    const fragment = expectSafe(renderMessage(input))
    const imgs = images(fragment).length
    const links = anchors(fragment).length - imgs
    expect(imgs).toBeGreaterThanOrEqual(count)
    expect(links).toBeGreaterThanOrEqual(count)
    expect(links).toBeLessThanOrEqual(count + 1)
    expect(fragment.querySelectorAll('strong').length).toBeGreaterThanOrEqual(count)
  })

  it('completes on 20,000 characters of pathological delimiters', () => {
    for (const unit of ['**a ', '[', '](', '![](', 'https://', '[a](https://x.mx/', '<']) {
      const input = unit.repeat(Math.ceil(20_000 / unit.length)).slice(0, 20_000)
      expect(typeof renderMessage(input)).toBe('string')
    }
  })
})

describe('without a DOM it fails closed to escaped text', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('imports and renders without a window (node)', async () => {
    vi.resetModules()
    vi.stubGlobal('window', undefined)
    const fresh = await import('../../src/widget/render')
    expect(fresh.renderMessage('<b>hola</b> **x** https://a.mx\n')).toBe(
      '&lt;b&gt;hola&lt;/b&gt; <strong>x</strong> https://a.mx<br>',
    )
  })
})

describe('as plain text (inbox previews, notifications)', () => {
  it('keeps what the reader sees: link labels, alt text, bold words, one line', () => {
    expect(messageText('Hola **Ana**,\nmira [esta casa](https://ejemplo.mx/casa) y ![la alberca](https://ejemplo.mx/a.jpg)')).toBe(
      'Hola Ana, mira esta casa y la alberca',
    )
    expect(messageText('[![Casa en Huayacán](https://ejemplo.mx/c.webp)](https://ejemplo.mx/propiedad/c)\n**Casa en Huayacán**\n$3,500,000 · [Ver propiedad](https://ejemplo.mx/propiedad/c)')).toBe(
      'Casa en Huayacán Casa en Huayacán $3,500,000 · Ver propiedad',
    )
    expect(messageText('![](https://ejemplo.mx/a.png) [](https://ejemplo.mx/x)')).toBe('Imagen https://ejemplo.mx/x')
  })

  it('leaves what renderMessage leaves as text as it is', () => {
    expect(messageText('[clic](javascript:alert(1)) ** no ** <b>hola</b>')).toBe('[clic](javascript:alert(1)) ** no ** <b>hola</b>')
    expect(messageText('')).toBe('')
  })
})
