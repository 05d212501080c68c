// How the visitor's e-mails look and what their invitation says (docs/email.md#messages,
// #invitations): the agency's logo and contact from its profile, escaped text, the chat's
// markdown as plain words, and the invitation read back by a calendar parser.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { composeMail } from '../../src/server/mail/compose'
import { visitInvitation, visitUid } from '../../src/server/mail/ics'
import { plainMessage } from '../../src/server/mail/transcript'
import { visitTimeText } from '../../src/server/mail/words'
import { readAgency } from '../support/catalogue'

const agency = readAgency()

describe('an e-mail of the agency', () => {
  const withLogo = { ...agency, profile: { ...agency.profile, logo: '/photos/' + 'a'.repeat(64) + '.png' } }
  const mail = composeMail({
    agency: withLogo,
    siteUrl: 'https://www.agencia.mx/',
    language: 'es',
    subject: 'Tu visita',
    greeting: 'Hola, Ana:',
    blocks: [{ kind: 'text', text: 'Casa <b>"grande"</b> & bonita' }, { kind: 'facts', facts: [['Fecha y hora', 'sábado']] }],
    unsubscribeUrl: 'https://www.agencia.mx/_correo/baja?t=x.y',
  })

  it('shows the agency\'s logo through the image proxy and its contact, from the profile', () => {
    expect(mail.html).toContain(`<img src="https://www.agencia.mx/_ipx/w_240&amp;f_webp/photos/${'a'.repeat(64)}.png" alt="${agency.profile.name}"`)
    expect(mail.text).toContain(`—\n${agency.profile.name}\n`)
    expect(mail.text).toContain(agency.profile.email)
    expect(mail.text).toContain('No quiero recibir más correos como este: https://www.agencia.mx/_correo/baja?t=x.y')
  })

  it('escapes what people typed in the HTML and keeps it as typed in the text', () => {
    expect(mail.html).toContain('Casa &lt;b&gt;&quot;grande&quot;&lt;/b&gt; &amp; bonita')
    expect(mail.html).not.toContain('<b>"grande"</b>')
    expect(mail.text).toContain('Casa <b>"grande"</b> & bonita')
  })

  it('writes a visit\'s time in Cancún, in Spanish and English', () => {
    expect(visitTimeText('2026-11-28T16:00:00Z', 'es')).toBe('sábado, 28 de noviembre de 2026, 11:00')
    expect(visitTimeText('2026-11-28T16:00:00Z', 'en')).toBe('Saturday, November 28, 2026 at 11:00 AM')
  })
})

describe('a conversation\'s message in the copy', () => {
  it('keeps a card\'s words and links, not its markdown', () => {
    const card = '[![Casa en Huayacán](https://x.mx/_ipx/a.jpg)](https://x.mx/propiedad/casa)\n**Casa en Huayacán**\n$3,450,000 MXN\n[Ver propiedad](https://x.mx/propiedad/casa)'
    expect(plainMessage(card)).toBe('Casa en Huayacán (https://x.mx/propiedad/casa)\nCasa en Huayacán\n$3,450,000 MXN\nVer propiedad (https://x.mx/propiedad/casa)')
  })
})

describe('a visit\'s invitation', () => {
  const base = {
    visitId: 'v1',
    host: 'www.agencia.mx',
    at: '2026-11-28T16:00:00.000Z',
    title: 'Visita: Casa en Huayacán',
    description: 'Visita agendada.',
    location: 'Av. Huayacán km 6, Cancún',
    url: 'https://www.agencia.mx/propiedad/casa',
    organizer: { name: 'Agencia', email: 'hola@agencia.mx' },
    attendee: { name: 'Ana', email: 'ana@ejemplo.mx' },
  }
  const read = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text))
    const event = calendar.getFirstSubcomponent('vevent')!
    return { method: calendar.getFirstPropertyValue('method'), calendar, event: new ICAL.Event(event), status: event.getFirstPropertyValue('status') }
  }

  it('is one event at the visit\'s instant in UTC, an hour long, tentative until confirmed', () => {
    const { method, event, status } = read(visitInvitation({ ...base, sequence: 0, method: 'REQUEST', status: 'TENTATIVE' }))
    expect(method).toBe('REQUEST')
    expect(status).toBe('TENTATIVE')
    expect(event.uid).toBe(visitUid('v1', 'www.agencia.mx'))
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-28T16:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-28T17:00:00.000Z')
    expect(event.location).toBe(base.location)
  })

  it('cancels the same event with a higher SEQUENCE', () => {
    const { method, event, status } = read(visitInvitation({ ...base, sequence: 2, method: 'CANCEL', status: 'CANCELLED' }))
    expect(method).toBe('CANCEL')
    expect(status).toBe('CANCELLED')
    expect(event.sequence).toBe(2)
    expect(event.uid).toBe(visitUid('v1', 'www.agencia.mx'))
  })
})
