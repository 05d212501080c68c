// The rules of the agency's page texts (docs/agency.md#the-pages): the LFPDPPP checklist the
// privacy editor shows, the placeholders and links a text may hold, and how PostBody renders them.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { pageTextSchemas } from '../../src/protocol/pages'
import type { SiteIdentity } from '../../src/shared/agency'
import { headingId, LFPDPPP_SECTIONS, privacyChecklist, unsafeLinks } from '../../src/shared/agency-pages'
import { agencyValues, fillPlaceholders, placeholderFiller, unknownPlaceholders } from '../../src/shared/agency-placeholders'
import { PostBody } from '../../src/shared/PostBody'
import { readAgency } from '../support/catalogue'

const seeded = readAgency().pages

const site: SiteIdentity = {
  name: 'Casa Caribe',
  logo: null,
  colors: { primary: '#000000', accent: '#ffffff' },
  phoneDisplay: '998 765 4321',
  phone: '+529987654321',
  whatsapp: '529987654321',
  email: 'hola@casacaribe.mx',
  privacyEmail: 'datos@casacaribe.mx',
  addressDisplay: 'Av. Tulum 5, Cancún, Quintana Roo',
  hoursDisplay: ['Lunes a viernes de 9:00 a 18:00'],
  hours: [null, [540, 1080], [540, 1080], [540, 1080], [540, 1080], [540, 1080], null],
  languages: ['es', 'fr'],
  social: [],
  notice: null,
}

const missing = (body: string) => privacyChecklist(body).filter((item) => !item.present).map((item) => item.id)

describe('the privacy notice\'s LFPDPPP checklist', () => {
  it('finds every required section in the seeded notice', () => {
    expect(missing(seeded.privacy.body)).toEqual([])
    expect(privacyChecklist(seeded.privacy.body)).toHaveLength(LFPDPPP_SECTIONS.length)
  })

  it('names the sections a notice lacks, by its headings', () => {
    const body = '## Identidad del responsable\n\nSomos X.\n\n## Derechos ARCO\n\nEscríbenos.\n\n## Uso de cookies\n\nNinguna.'
    expect(missing(body)).toEqual(['datos', 'finalidades', 'negativa', 'transferencias', 'revocacion', 'limitar', 'cambios'])
  })

  it('reads headings, not paragraphs: a word in the text does not tick a section', () => {
    expect(missing('## Responsable\n\nHablamos de transferencias, revocación y cookies aquí.')).toContain('transferencias')
  })

  it('ignores accents, case and numbering: «5. TRANSFERENCIAS», «Revocacion del consentimiento»', () => {
    const body = '## 5. TRANSFERENCIAS DE DATOS\n\n.\n\n## Revocacion del consentimiento\n\n.'
    const present = privacyChecklist(body).filter((item) => item.present).map((item) => item.id)
    expect(present).toEqual(['transferencias', 'revocacion'])
  })

  it('does not count secondary purposes for the purposes section, nor the reverse', () => {
    expect(missing('## 4. Cómo negarte a las finalidades secundarias\n\n.')).toContain('finalidades')
    expect(missing('## 3. Finalidades del tratamiento\n\n.')).toContain('negativa')
  })
})

describe('placeholders and links in a page\'s text', () => {
  it('fills the profile\'s data, in the text and (the phone as E.164) in links', () => {
    const fill = placeholderFiller(agencyValues(site))
    expect(fill('En {nombre}, {domicilio}; {horario}.', false)).toBe('En Casa Caribe, Av. Tulum 5, Cancún, Quintana Roo; lunes a viernes de 9:00 a 18:00.')
    expect(fill('Hablamos {idiomas}.', false)).toBe('Hablamos español y francés.')
    expect(fill('tel:{telefono}', true)).toBe('tel:+529987654321')
    expect(fill('{telefono}', false)).toBe('998 765 4321')
    expect(fill('{precio} queda como está', false)).toBe('{precio} queda como está')
  })

  it('says the hours and the languages in English for an English text, and fills a chat message\'s link addresses as addresses', () => {
    const english = agencyValues(site, 'en')
    expect(english.text.horario).toBe('Monday to Friday 9:00 to 18:00')
    expect(english.text.idiomas).toBe('Spanish and French')
    expect(fillPlaceholders('Call [{telefono}](tel:{telefono}) at {nombre}.', english)).toBe('Call [998 765 4321](tel:+529987654321) at Casa Caribe.')
  })

  it('names the unknown placeholders and the links that may not be used', () => {
    expect(unknownPlaceholders('{nombre} y {precio} y {precio} y {correo-privacidad}')).toEqual(['precio'])
    expect(unsafeLinks('[a](/contacto) [b](https://x.mx) [c](mailto:a@b.mx) [d](tel:+52) [e](#arco) [f](javascript:x) [g](//evil.mx)')).toEqual(['javascript:x', '//evil.mx'])
  })

  it('makes anchors without the section number, accents or placeholders', () => {
    expect(headingId('6. Derechos ARCO')).toBe('derechos-arco')
    expect(headingId('Qué hacemos en {nombre}')).toBe('que-hacemos-en')
  })

  it('refuses a text with an unknown placeholder or a bad link, in Spanish, at its field', () => {
    const result = pageTextSchemas.about.safeParse({ intro: 'Hola {agencia}', body: '[x](javascript:alert)' })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))
    expect(messages.intro).toBe('{agencia} no es un dato de la agencia. Puedes usar {nombre}, {domicilio}, {telefono}, {correo}, {correo-privacidad}, {horario}, {idiomas}.')
    expect(messages.body).toMatch(/^El enlace «javascript:alert» no es válido/)
  })
})

describe('PostBody with a page\'s text', () => {
  const render = (text: string, anchors = false) => renderToStaticMarkup(<PostBody text={text} fill={placeholderFiller(agencyValues(site))} anchors={anchors} />)

  it('renders headings with anchors, numbered lists, links, bold links and code, placeholders filled', () => {
    const html = render('## 6. Derechos ARCO\n\n### Cómo\n\n1. Uno\n2. Dos\n\n- **[Huayacán](/huayacan-cancun):** casas\n\nEscribe a [{correo-privacidad}](mailto:{correo-privacidad}) o usa `localStorage`.', true)
    expect(html).toBe(
      '<h2 id="derechos-arco">6. Derechos ARCO</h2><h3>Cómo</h3><ol><li>Uno</li><li>Dos</li></ol>' +
        '<ul><li><strong><a href="/huayacan-cancun">Huayacán</a>:</strong> casas</li></ul>' +
        '<p>Escribe a <a href="mailto:datos@casacaribe.mx">datos@casacaribe.mx</a> o usa <code>localStorage</code>.</p>',
    )
  })

  it('prints a link it may not follow as its words only, and gives headings no ids unless asked (blog posts)', () => {
    expect(render('Mira [esto](javascript:alert)')).toBe('<p>Mira esto</p>')
    expect(render('## Título')).toBe('<h2>Título</h2>')
  })
})
