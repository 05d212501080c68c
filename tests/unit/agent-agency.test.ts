/**
 * The agent speaks for whichever agency it is built with (docs/agency.md#the-agent): another
 * agency than the demo one — another name, phone, address, a week with Saturday closed and a
 * holiday next week — answers «¿dónde están?», «¿abren el sábado?», the contact channels and a
 * visit asked on the holiday from its own profile, in Spanish and English.
 */
import { describe, expect, it } from 'vitest'
import type { Agency } from '../../src/shared/agency'
import { conversation as demoConversation, SATURDAY } from '../support/agent-flows'
import { readAgency } from '../support/catalogue'

const H = 60

/** Another agency: Monday to Friday 10:00–18:00, weekends closed, Wednesday 25 November (after SATURDAY, the 21st) a holiday. */
function otherAgency(): Agency {
  const demo = readAgency()
  return {
    ...demo,
    team: [],
    profile: {
      ...demo.profile,
      name: 'Caribe Hogares',
      phone: '+529845550101',
      whatsapp: '+529845550102',
      email: 'contacto@caribehogares.mx',
      address: { street: 'Calle 10 Norte 123', locality: 'Playa del Carmen', region: 'Quintana Roo', postalCode: '77710', country: 'MX', lat: 20.6296, lng: -87.0739 },
      hours: [null, [10 * H, 18 * H], [10 * H, 18 * H], [10 * H, 18 * H], [10 * H, 18 * H], [10 * H, 18 * H], null],
      closures: [{ from: '2026-11-25', to: '2026-11-25', label: 'Día del Asesor' }],
    },
  }
}

/** A conversation with the agent of `agency`; each answer as one text. */
function conversation(agency: Agency = otherAgency(), now: Date = SATURDAY) {
  const chat = demoConversation({ agency, now: () => now })
  return { say: async (text: string): Promise<string> => (await chat.say(text)).messages.join('\n') }
}

describe('the agent of another agency', () => {
  it('«¿dónde están?» gives its address and a map at its pin, nothing of the demo agency', async () => {
    const answer = await conversation().say('¿dónde están?')
    expect(answer).toContain('Calle 10 Norte 123, Playa del Carmen, Quintana Roo')
    expect(answer).toContain('https://www.google.com/maps/search/?api=1&query=20.6296%2C-87.0739')
    expect(answer).toContain('lunes a viernes de 10:00 a 18:00')
    expect(answer).not.toMatch(/Bonampak|sábados de/)
  })

  it('without a pin, the map searches the address', async () => {
    const agency = otherAgency()
    agency.profile.address = { ...agency.profile.address, lat: null, lng: null }
    const answer = await conversation(agency).say('where is your office?')
    expect(answer).toContain('Our office is at **Calle 10 Norte 123, Playa del Carmen, Quintana Roo**')
    expect(answer).toContain('query=Calle%2010%20Norte%20123%2C%20Playa%20del%20Carmen%2C%20Quintana%20Roo')
  })

  it('«¿abren el sábado?» says it is closed on Saturdays, in Spanish and English', async () => {
    const es = await conversation().say('¿abren el sábado?')
    expect(es).toContain('Los sábados no abrimos.')
    expect(es).toContain('Atendemos lunes a viernes de 10:00 a 18:00.')
    expect(es).toContain('Las visitas a propiedades se agendan lunes a viernes de 10:00 a 17:00.')
    const en = await conversation().say('are you open on saturday?')
    expect(en).toContain('We are closed on Saturdays.')
    expect(en).toContain('We are open Monday to Friday 10:00 to 18:00.')
  })

  it('the demo agency, open on Saturdays, gives the next Saturday\'s hours', async () => {
    const answer = await conversation(readAgency()).say('¿abren el sábado?')
    expect(answer).toContain('El sábado 28 de noviembre abrimos de 10:00 a 14:00.')
  })

  it('a day named on a holiday says the holiday; the hours warn of it ahead', async () => {
    expect(await conversation().say('¿abren el miércoles?')).toContain('El miércoles 25 de noviembre no abrimos (Día del Asesor).')
    const hours = await conversation().say('¿cuál es su horario?')
    expect(hours).toContain('El miércoles 25 de noviembre no abrimos (Día del Asesor).')
    expect(await conversation().say('what are your opening hours?')).toContain('We are closed on Wednesday, November 25 (Día del Asesor).')
  })

  it('gives its own WhatsApp, phone and e-mail', async () => {
    const answer = await conversation().say('me pasas su whatsapp?')
    expect(answer).toContain('https://wa.me/529845550102?text=')
    expect(answer).toContain('984 555 0101')
    expect(answer).toContain('contacto@caribehogares.mx')
    expect(answer).not.toMatch(/998 123 4567|529981234567/)
  })

  it('says its own name', async () => {
    expect(await conversation().say('¿quién eres?')).toContain('**Caribe Hogares**')
  })
})

describe('visits on the agency\'s calendar', () => {
  it('a visit asked on the holiday says it is closed that day and offers the next open day', async () => {
    const answer = await conversation().say('quiero agendar una visita el miércoles a las 11')
    expect(answer).toContain('El miércoles 25 de noviembre no abrimos (Día del Asesor). ¿Te parece el **jueves 26 de noviembre a las 11:00**?')
  })

  it('in English too', async () => {
    const answer = await conversation().say('I want to book a visit on Wednesday at 11am')
    expect(answer).toContain('We are closed on Wednesday, November 25 (Día del Asesor). How about **Thursday, November 26 at 11:00**?')
  })

  it('a holiday without a time asks the time for the next open day', async () => {
    const answer = await conversation().say('quiero agendar una visita el miércoles')
    expect(answer).toContain('El miércoles 25 de noviembre no abrimos (Día del Asesor). ¿A qué hora te acomoda el **jueves 26 de noviembre**?')
  })

  it('a part of the day on the holiday proposes that part of the next open day', async () => {
    const answer = await conversation().say('quiero agendar una visita el miércoles en la mañana')
    expect(answer).toContain('El miércoles 25 de noviembre no abrimos (Día del Asesor). ¿Te parece el **jueves 26 de noviembre a las 10:00**?')
  })

  it('a closed weekday is named as such, and the next open day proposed', async () => {
    const answer = await conversation().say('quiero agendar una visita hoy a las 12')
    expect(answer).toContain('Los sábados no agendamos visitas. ¿Te parece el **lunes 23 de noviembre a las 12:00**?')
  })

  it('holds a slot within its own visit hours (until an hour before closing), and refuses one after them', async () => {
    expect(await conversation().say('quiero agendar una visita el lunes a las 5 de la tarde')).toContain('te aparto el **lunes 23 de noviembre a las 17:00**')
    expect(await conversation().say('quiero agendar una visita el lunes a las 6 de la tarde')).toContain('A esa hora no podemos: agendamos visitas lunes a viernes de 10:00 a 17:00.')
  })

  it('promises a call the next day the office opens, skipping the weekend and the holiday', async () => {
    const saturday = conversation()
    await saturday.say('quiero que un asesor me contacte')
    expect(await saturday.say('soy Ana López, 9981234567')).toContain('Un asesor te contactará el lunes a primera hora')
    // Tuesday 24 November, 19:00: closed, and Wednesday is the holiday.
    const tuesdayNight = conversation(otherAgency(), new Date('2026-11-25T00:00:00Z'))
    await tuesdayNight.say('quiero que un asesor me contacte')
    expect(await tuesdayNight.say('soy Ana López, 9981234567')).toContain('Un asesor te contactará el jueves a primera hora')
  })
})

describe('out of office hours', () => {
  it('a visitor asking for a person hears the office is closed and when someone will answer', async () => {
    expect(await conversation().say('quiero hablar con un asesor')).toContain(
      'Ahora nuestra oficina está cerrada: una persona de nuestro equipo continuará esta conversación el lunes a primera hora.',
    )
    expect(await conversation().say('I want to talk to a person')).toContain('Our office is closed now: a person from our team will continue this conversation first thing on Monday.')
  })

  it('within its hours, someone answers shortly', async () => {
    // Monday 23 November, 11:00.
    const answer = await conversation(otherAgency(), new Date('2026-11-23T16:00:00Z')).say('quiero hablar con un asesor')
    expect(answer).toContain('continuará esta conversación en breve')
    expect(answer).not.toContain('cerrada')
  })
})
