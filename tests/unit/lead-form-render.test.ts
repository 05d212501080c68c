import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LeadForm, inquiryMessage } from '../../src/site/forms/LeadForm'

describe('LeadForm on the server', () => {
  it('renders the same HTML every time, without touching the browser', () => {
    const render = () => renderToString(createElement(LeadForm, { source: 'contacto', heading: 'Envíanos un mensaje' }))
    const html = render()
    expect(render()).toBe(html)
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    expect(html).toContain('Envíanos un mensaje')
    for (const label of ['Nombre', 'Teléfono', 'Correo electrónico', 'Mensaje', 'No llenar']) expect(html).toContain(`>${label}`)
    expect(html).toMatch(/<a href="\/politica-de-privacidad"[^>]*>aviso de privacidad/)
    expect(html).toMatch(/autoComplete="name"/)
    expect(html).toMatch(/type="tel" inputMode="tel" autoComplete="tel"/)
    expect(html).toMatch(/type="email"[^>]*autoComplete="email"/)
    expect(html).toMatch(/<div class="lead-form__hp" aria-hidden="true"><label for="[^"]+">No llenar<\/label><input [^>]*tabindex="-1" autoComplete="off" name="website"/)
    expect(html).not.toContain('aria-invalid')
    expect(html).not.toContain('role="alert"')
    // Every input has a label pointing at it.
    const ids = [...html.matchAll(/<(?:input|textarea) id="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toHaveLength(6)
    for (const id of ids) expect(html).toContain(`for="${id}"`)
  })

  it('prefills the property inquiry', () => {
    const html = renderToString(createElement(LeadForm, { source: 'propiedad', propertySlug: 'casa-x', propertyTitle: 'Casa en Huayacán', heading: '¿Te interesa esta propiedad?' }))
    expect(html).toContain(`>${inquiryMessage('Casa en Huayacán')}</textarea>`)
    expect(inquiryMessage('Casa en Huayacán')).toMatch(/^Me interesa Casa en Huayacán\./)
    const taken = renderToString(createElement(LeadForm, { source: 'propiedad', propertySlug: 'casa-x', propertyTitle: 'Casa en Huayacán', propertyTaken: true }))
    expect(taken).toContain('>Me interesó Casa en Huayacán, que ya no está disponible. ¿Tienen opciones similares?</textarea>')
  })
})
