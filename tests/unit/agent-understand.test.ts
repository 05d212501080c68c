import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import { explicitName, extractContact, isValidEmail, normalizePhone } from '../../src/server/chat/agent/contact'
import { parseBudget } from '../../src/server/chat/agent/money'
import {
  cancunInstant,
  formatSlot,
  isoCancun,
  nearestSlot,
  resolveSlot,
  slotProblem,
} from '../../src/server/chat/agent/schedule'
import { agencyCalendar } from '../../src/server/chat/agent/schedule'
import { readAgency } from '../support/catalogue'
import { createLexicon, understand, type Intent } from '../../src/server/chat/agent/understand'
import { parseWhen } from '../../src/server/chat/agent/when'
import type { Criteria } from '../../src/server/chat/agent/types'

/** The demo agency's week (content/agency.json), which the visit slots below are written for. */
const DEMO_WEEK = agencyCalendar(readAgency().profile)
const catalogue = JSON.parse(readFileSync(new URL('../../content/catalogue.json', import.meta.url), 'utf8')) as Catalogue
const lexicon = createLexicon(catalogue.zones, catalogue.developments)
// Saturday 21 November 2026, 10:00 in Cancún (UTC−5).
const NOW = new Date('2026-11-21T15:00:00Z')
const criteriaOf = (text: string) => understand(text, lexicon, NOW).criteria
const intentsOf = (text: string) => understand(text, lexicon, NOW).intents

describe('understand: search criteria from real Spanish phrasings', () => {
  const cases: Array<[string, Criteria]> = [
    ['busco casa en renta en huayacán hasta 30 mil', { operacion: 'renta', tipo: 'casa', zona: 'huayacan', precio_max: 30000, moneda: 'MXN' }],
    ['kiero una casa en huayakan', { tipo: 'casa', zona: 'huayacan' }],
    ['depa renta zona hotelera', { tipo: 'departamento', operacion: 'renta', zona: 'zona-hotelera' }],
    ['Departamento en venta en Puerto Cancún de 2 recámaras', { tipo: 'departamento', operacion: 'venta', zona: 'puerto-cancun', recamaras: 2 }],
    ['terreno en cumbres suiko', { tipo: 'terreno', desarrollo: 'residencial-cumbres-suiko' }],
    ['algo en Cumbres', { desarrollo: 'residencial-cumbres-suiko' }],
    ['CUMBRES SUIKO', { desarrollo: 'residencial-cumbres-suiko' }],
    ['me interesa suiko', { desarrollo: 'residencial-cumbres-suiko' }],
    ['depto en pre-venta en el centro', { tipo: 'departamento', operacion: 'preventa', zona: 'centro' }],
    ['quiero invertir en algo en planos', { operacion: 'preventa' }],
    ['casa de 3 rec con alberca menos de 4 millones', { operacion: 'venta', tipo: 'casa', recamaras: 3, amenidades: ['alberca'], precio_max: 4000000, moneda: 'MXN' }],
    ['casa de 4.5 mdp', { operacion: 'venta', tipo: 'casa', precio_max: 4500000, moneda: 'MXN' }],
    ['depa entre 3 y 5 millones', { operacion: 'venta', tipo: 'departamento', precio_min: 3000000, precio_max: 5000000, moneda: 'MXN' }],
    ['casa en venta de $3,500,000', { tipo: 'casa', operacion: 'venta', precio_max: 3500000, moneda: 'MXN' }],
    ['departamento de 300 mil dólares', { operacion: 'venta', tipo: 'departamento', precio_max: 300000, moneda: 'USD' }],
    ['condo USD 400k', { operacion: 'venta', tipo: 'departamento', precio_max: 400000, moneda: 'USD' }],
    ['depa en renta 30k', { tipo: 'departamento', operacion: 'renta', precio_max: 30000, moneda: 'MXN' }],
    ['casa con tres habitaciones', { tipo: 'casa', recamaras: 3 }],
    ['depa de 2 cuartos en el centro', { tipo: 'departamento', zona: 'centro', recamaras: 2 }],
    ['depa amueblado que acepte mascotas en renta', { tipo: 'departamento', operacion: 'renta', amenidades: ['amueblado', 'acepta-mascotas'] }],
    ['departamento con vista al mar', { tipo: 'departamento', amenidades: ['vista-al-mar'] }],
    ['algo cerca de la playa', { zona: 'zona-hotelera' }],
    ['casa frente al mar', { tipo: 'casa', zona: 'zona-hotelera' }],
    ['local comercial en renta en el centro', { tipo: 'local', operacion: 'renta', zona: 'centro' }],
    ['oficina en renta', { tipo: 'oficina', operacion: 'renta' }],
    ['bodega en venta en polígono sur', { tipo: 'bodega', operacion: 'venta', zona: 'poligono-sur' }],
    ['lote en venta', { tipo: 'terreno', operacion: 'venta' }],
    ['condo en la zona hotelera con piscina', { tipo: 'departamento', zona: 'zona-hotelera', amenidades: ['alberca'] }],
    ['casa en la SM 15', { tipo: 'casa', zona: 'centro' }],
    ['casa sobre av huayacan', { tipo: 'casa', zona: 'huayacan' }],
    ['Torre Marea', { desarrollo: 'torre-marea-puerto-cancun' }],
    ['residencial bosque maya', { desarrollo: 'residencial-bosque-maya' }],
    ['casa 3 recamras', { tipo: 'casa', recamaras: 3 }],
    // English names of amenities.
    ['house with a backyard, a terrace and air conditioning', { tipo: 'casa', amenidades: ['jardin', 'terraza', 'aire-acondicionado'] }],
    ['condo in a gated community with a playground and dogs allowed', { tipo: 'departamento', amenidades: ['seguridad-24h', 'juegos-infantiles', 'acepta-mascotas'] }],
    ['y si mejor compro una casa? hasta 3 melones', { operacion: 'venta', tipo: 'casa', precio_max: 3000000, moneda: 'MXN' }],
    ['alquiler de departamento en el centro hasta 20 mil pesos', { tipo: 'departamento', operacion: 'renta', zona: 'centro', precio_max: 20000, moneda: 'MXN' }],
    ['quiero comprar casa en poligono sur', { tipo: 'casa', operacion: 'venta', zona: 'poligono-sur' }],
    ['depas en renta de 1 recámara', { tipo: 'departamento', operacion: 'renta', recamaras: 1 }],
    ['casa 4 millones y medio', { operacion: 'venta', tipo: 'casa', precio_max: 4500000, moneda: 'MXN' }],
    ['medio millón de dólares', { operacion: 'venta', precio_max: 500000, moneda: 'USD' }],
    ['renta de 15 a 20 mil', { operacion: 'renta', precio_min: 15000, precio_max: 20000, moneda: 'MXN' }],
    ['departamento en puerto cancun menos de 600 mil usd', { operacion: 'venta', tipo: 'departamento', zona: 'puerto-cancun', precio_max: 600000, moneda: 'USD' }],
    ['casa con alberca y jardín', { tipo: 'casa', amenidades: ['alberca', 'jardin'] }],
    ['depa en renta pet friendly', { tipo: 'departamento', operacion: 'renta', amenidades: ['acepta-mascotas'] }],
    ['casita en renta que acepten perros', { tipo: 'casa', operacion: 'renta', amenidades: ['acepta-mascotas'] }],
    ['terrenito en huayacan', { tipo: 'terreno', zona: 'huayacan' }],
    ['casa en renta en huallacan', { tipo: 'casa', operacion: 'renta', zona: 'huayacan' }],
    ['Depa en la zona hotelera de dos recámaras hasta 35 mil', { operacion: 'renta', tipo: 'departamento', zona: 'zona-hotelera', recamaras: 2, precio_max: 35000, moneda: 'MXN' }],
    ['casa en venta 3500000', { tipo: 'casa', operacion: 'venta', precio_max: 3500000, moneda: 'MXN' }],
    ['Casa en Jardines del Sur', { tipo: 'casa', desarrollo: 'residencial-jardines-del-sur' }],
    ['departamento en Costa Marina', { tipo: 'departamento', desarrollo: 'residencias-costa-marina' }],
    ['depa en Arena Blanca', { tipo: 'departamento', desarrollo: 'condominios-arena-blanca' }],
    ['Torre Nativa Centro', { desarrollo: 'torre-nativa-centro' }],
    ['casa en guayacan con 2 baños', { tipo: 'casa', zona: 'huayacan', banos: 2 }],
    ['busco depa de 2 rec en renta hasta $18,000', { tipo: 'departamento', operacion: 'renta', recamaras: 2, precio_max: 18000, moneda: 'MXN' }],
    ['CASA EN VENTA EN PUERTO CANCUN', { tipo: 'casa', operacion: 'venta', zona: 'puerto-cancun' }],
    ['departamentos desde 5 millones', { operacion: 'venta', tipo: 'departamento', precio_min: 5000000, moneda: 'MXN' }],
    ['un depa en la hotelera para rentar', { tipo: 'departamento', operacion: 'renta', zona: 'zona-hotelera' }],
    ['departameto en rneta', { tipo: 'departamento', operacion: 'renta' }],
    ['casa de 2 pisos', { tipo: 'casa' }],
    ['house for rent in hotel zone 3 bedrooms', { tipo: 'casa', operacion: 'renta', zona: 'zona-hotelera', recamaras: 3 }],
    [
      'casa en preventa con alberca en huayacan, 3 recamaras, hasta 4 millones',
      { tipo: 'casa', operacion: 'preventa', zona: 'huayacan', recamaras: 3, amenidades: ['alberca'], precio_max: 4000000, moneda: 'MXN' },
    ],
    // A zone said with «no» is the one the visitor leaves out, not the one searched.
    ['en la zona hotelera no, mejor en huayacan', { zona: 'huayacan' }],
    ['no en el centro, en el polígono sur', { zona: 'poligono-sur' }],
    ['ya no en puerto cancun sino en la zona hotelera', { zona: 'zona-hotelera' }],
    ['not downtown, in the hotel zone please', { zona: 'zona-hotelera' }],
    ['casa en el centro o en huayacan', { tipo: 'casa', zona: 'centro' }],
    // A size in m² is a criterion, and its number is no budget.
    ['casa en venta de al menos 120 m2', { operacion: 'venta', tipo: 'casa', m2_min: 120 }],
    ['más de 200 metros', { m2_min: 200 }],
    ['depa de menos de 60 mts en renta', { tipo: 'departamento', operacion: 'renta', m2_max: 60 }],
    // A size with no limit word is rough: ± 15 %, widened to two significant figures.
    ['terreno de 1,000 m²', { tipo: 'terreno', m2_min: 850, m2_max: 1200 }],
    ['casa de unos 200 metros', { tipo: 'casa', m2_min: 170, m2_max: 230 }],
    ['depa de 120 m2', { tipo: 'departamento', m2_min: 100, m2_max: 140 }],
    ['house about 2,000 sq ft', { tipo: 'casa', m2_min: 150, m2_max: 220 }],
    ['casa de 120+ m2', { tipo: 'casa', m2_min: 120 }],
    ['casa de 120 m2 o más', { tipo: 'casa', m2_min: 120 }],
    ['casa de más de unos 200 metros', { tipo: 'casa', m2_min: 200 }],
    // «3 o 4 recámaras»: at least the first.
    ['casa de 3 o 4 recamaras', { tipo: 'casa', recamaras: 3 }],
    ['house with 3 or 4 bedrooms', { tipo: 'casa', recamaras: 3 }],
    ['casa entre 150 y 250 metros cuadrados hasta 3 millones', { tipo: 'casa', operacion: 'venta', m2_min: 150, m2_max: 250, precio_max: 3000000, moneda: 'MXN' }],
    ['condo at least 1,500 sq ft', { tipo: 'departamento', m2_min: 139 }],
  ]
  it('has at least 40 phrasings', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })
  it.each(cases)('%s', (text, expected) => {
    expect(criteriaOf(text)).toEqual(expected)
  })
})

describe('understand: refinements and intents', () => {
  it('reads refinements of the current search', () => {
    expect(understand('¿y más barato?', lexicon, NOW).cheaper).toBe(true)
    expect(understand('algo mas economico', lexicon, NOW).cheaper).toBe(true)
    expect(understand('más opciones', lexicon, NOW).more).toBe(true)
    expect(understand('otra zona', lexicon, NOW).otherZone).toBe(true)
    expect(understand('sin límite de precio', lexicon, NOW).clearPrice).toBe(true)
    expect(understand('en cualquier zona', lexicon, NOW).clearZone).toBe(true)
    expect(understand('ahora busco un terreno', lexicon, NOW).newSearch).toBe(true)
    expect(understand('mejor en Puerto Cancún', lexicon, NOW).newSearch).toBe(false)
    const without = understand('casa sin alberca', lexicon, NOW)
    expect(without.removeAmenities).toEqual(['alberca'])
    expect(without.criteria).toEqual({ tipo: 'casa' })
    expect(understand('¿en venta?', lexicon, NOW).criteria).toEqual({ operacion: 'venta' })
    expect(understand('¿y con alberca?', lexicon, NOW).criteria).toEqual({ amenidades: ['alberca'] })
  })

  it('reads a size asked for as a criterion, not as a question about the metres of one', () => {
    expect(understand('de más de 200 m2', lexicon, NOW).fact).toBeNull()
    expect(understand('¿cuántos metros tiene?', lexicon, NOW).fact).toBe('area')
  })

  it('reads a superlative that picks one of the properties shown', () => {
    const largest = understand('¿cuánto mide el más grande?', lexicon, NOW)
    expect([largest.pick, largest.fact]).toEqual(['largest', 'area'])
    expect(understand('y el más chico?', lexicon, NOW).pick).toBe('smallest')
    expect(understand('which one is the biggest?', lexicon, NOW).pick).toBe('largest')
    expect(understand('¿cuál es la más barata?', lexicon, NOW).pick).toBe('cheapest')
    expect(understand('la de menor precio', lexicon, NOW).pick).toBeNull()
  })

  it('reads references to the properties shown', () => {
    expect(understand('me interesa la segunda', lexicon, NOW).ordinal).toBe(1)
    expect(understand('la 3', lexicon, NOW).ordinal).toBe(2)
    expect(understand('la última', lexicon, NOW).ordinal).toBe(-1)
    expect(understand('quiero la de 3 recámaras', lexicon, NOW).ordinal).toBeNull()
    expect(understand('la 2, el lunes a las 10', lexicon, NOW).ordinal).toBe(1)
    expect(understand('el lunes a la 1', lexicon, NOW).ordinal).toBeNull()
    // «el 2» is the second option when a weekday says the day; alone it is still the 2nd of the month.
    const option = understand('el 2, el lunes a las 10', lexicon, NOW)
    expect(option.ordinal).toBe(1)
    expect(option.when).toEqual({ date: { y: 2026, m: 11, d: 23 }, time: 600 })
    expect(understand('puedo ir el 2 a las 10?', lexicon, NOW).when).toEqual({ date: { y: 2026, m: 12, d: 2 }, time: 600 })
    expect(understand('me gustó http://localhost:3000/propiedad/casa-en-venta-en-huayacan-3-recamaras', lexicon, NOW).propertySlug).toBe(
      'casa-en-venta-en-huayacan-3-recamaras',
    )
  })

  const intents: Array<[string, Intent]> = [
    ['hola, buenas tardes', 'greeting'],
    ['muchas gracias', 'thanks'],
    ['adiós, hasta luego', 'goodbye'],
    ['¿quién eres?', 'who'],
    ['¿eres un bot?', 'who'],
    ['¿cuál es su horario?', 'hours'],
    ['¿a qué hora abren el sábado?', 'hours'],
    ['¿dónde están ubicados?', 'location'],
    ['¿cuál es la dirección de su oficina?', 'location'],
    ['¿qué requisitos piden para rentar?', 'rentRequirements'],
    ['¿piden aval o póliza jurídica?', 'rentRequirements'],
    ['¿aceptan crédito infonavit?', 'credit'],
    ['¿puedo pagar con un crédito hipotecario?', 'credit'],
    ['soy extranjero, ¿puedo comprar?', 'foreigner'],
    ['¿cómo funciona la preventa?', 'presale'],
    ['¿de cuánto es el enganche?', 'presale'],
    ['quiero hablar con un asesor', 'handoff'],
    ['pásame con una persona por favor', 'handoff'],
    ['agente real', 'handoff'],
    ['quiero que me contacten', 'contact'],
    ['llámenme por favor', 'contact'],
    ['quiero agendar una visita', 'visit'],
    ['quiero ver la casa el sábado', 'visit'],
    ['sí, claro', 'yes'],
    ['no gracias', 'no'],
    ['quiero vender mi casa', 'sell'],
    ['¿qué rendimiento puedo esperar?', 'returns'],
    ['¿qué zonas manejan?', 'zones'],
  ]
  it.each(intents)('%s → %s', (text, intent) => {
    expect(intentsOf(text)).toContain(intent)
  })

  it('does not confuse close intents', () => {
    expect(intentsOf('¿eres humano?')).not.toContain('handoff')
    expect(intentsOf('quiero ver casas en renta')).not.toContain('visit')
    expect(intentsOf('depa con estacionamiento de visitas')).not.toContain('visit')
    expect(intentsOf('que me llame un asesor')).toContain('contact')
    expect(intentsOf('que me llame un asesor')).not.toContain('handoff')
    // "su oficina" is the agency's, not a property type.
    expect(criteriaOf('¿dónde está su oficina?')).toEqual({})
    expect(criteriaOf('Hi, what are your office hours?')).toEqual({})
  })

  it('flags English and empty input', () => {
    expect(understand('Hello, do you speak English?', lexicon, NOW).english).toBe(true)
    expect(understand('hola, busco casa', lexicon, NOW).english).toBe(false)
    expect(understand('   ', lexicon, NOW).empty).toBe(true)
    expect(understand('🏠🏠', lexicon, NOW).empty).toBe(true)
    expect(understand('casa', lexicon, NOW).empty).toBe(false)
  })

  it('reads a two-word English first message as English, and «info» as neither language', () => {
    for (const text of ['hi there', 'apartment please', 'hello, rent?', 'cheap rentals', 'info please', 'ocean view', 'more info', 'howdy'])
      expect(understand(text, lexicon, NOW).language, text).toBe('en')
    for (const text of ['más info', 'busco depa', 'vista al mar', 'hola amigo']) expect(understand(text, lexicon, NOW).language, text).toBe('es')
    expect(intentsOf('more info')).toContain('contact')
    expect(understand('more info', lexicon, NOW).more).toBe(false)
  })

  it('keeps names out of the search', () => {
    const u = understand('soy Ana López, mi cel es 998 123 4567', lexicon, NOW)
    expect(u.contact).toMatchObject({ name: 'Ana López', phone: '9981234567' })
    expect(u.criteria).toEqual({}) // "López" is not "lotes"
    const bare = understand('Ana López', lexicon, NOW, { expectingName: true })
    expect(bare.contact.name).toBe('Ana López')
    expect(bare.criteria).toEqual({})
    expect(understand('Ana López', lexicon, NOW).contact.name).toBeNull()
    // Surnames that are also words of the trade («Salas», «Torres», «Casas»), written as names.
    expect(understand('Roberto Salas, roberto.salas@outlook.com', lexicon, NOW).contact).toMatchObject({ name: 'Roberto Salas', email: 'roberto.salas@outlook.com' })
    expect(understand('Luis Torres 9981234567', lexicon, NOW).contact.name).toBe('Luis Torres')
    expect(understand('María Casas', lexicon, NOW, { expectingName: true }).contact.name).toBe('María Casas')
    // Written in lower case, or first, they stay words of a search.
    expect(understand('ana casa', lexicon, NOW, { expectingName: true }).contact.name).toBeNull()
    expect(understand('Casa Huayacan 9981234567', lexicon, NOW).contact.name).toBeNull()
  })

  it('reads an English visitor\'s name without the words that introduce it', () => {
    expect(understand("I'm Tom, 9981234567", lexicon, NOW).contact).toMatchObject({ name: 'Tom', phone: '9981234567' })
    expect(understand('Hi, this is Tom Baker, tom@mail.com', lexicon, NOW).contact).toMatchObject({ name: 'Tom Baker', email: 'tom@mail.com' })
    expect(understand('I am Ana, ana@mail.com', lexicon, NOW).contact.name).toBe('Ana')
    // A «sure» or «claro» before it is not part of the name.
    expect(understand("sure, it's Emma, emma@example.com", lexicon, NOW).contact).toMatchObject({ name: 'Emma', email: 'emma@example.com' })
    expect(understand('claro, Ana Ruiz 9981234567', lexicon, NOW).contact).toMatchObject({ name: 'Ana Ruiz', phone: '9981234567' })
    // Inside a longer message: a capitalised word after "I am" opening a sentence.
    const visit = understand('can I see it tomorrow at 5pm? I am Mark, mark@example.com', lexicon, NOW)
    expect(visit.contact).toMatchObject({ name: 'Mark', email: 'mark@example.com' })
    expect(understand("I'm Looking for a house, tom@mail.com", lexicon, NOW).contact.name).toBeNull()
    expect(understand('i am looking for a house in Huayacán, tom@mail.com', lexicon, NOW).contact.name).toBeNull()
  })
})

describe('budget parsing', () => {
  it.each([
    ['hasta 30 mil', { max: 30000, currency: 'MXN' }],
    ['menos de 4 millones', { max: 4000000, currency: 'MXN' }],
    ['4.5 mdp', { max: 4500000, currency: 'MXN' }],
    ['2 mdd', { max: 2000000, currency: 'USD' }],
    ['entre 3 y 5 millones', { min: 3000000, max: 5000000, currency: 'MXN' }],
    ['$3,500,000', { max: 3500000, currency: 'MXN' }],
    ['300 mil dolares', { max: 300000, currency: 'USD' }],
    ['usd 400k', { max: 400000, currency: 'USD' }],
    ['de 2 millones para arriba', { min: 2000000, currency: 'MXN' }],
    ['un millon y medio', { max: 1500000, currency: 'MXN' }],
    // Mexican slang: a «melón» is a million pesos, a «luca» a thousand.
    ['hasta 3 melones', { max: 3000000, currency: 'MXN' }],
    // A rough figure is a range around it; a limit word keeps it a limit.
    ['unos 25 lucas al mes', { min: 21000, max: 29000, currency: 'MXN' }],
    ['alrededor de 6 millones', { min: 5100000, max: 6900000, currency: 'MXN' }],
    ['unos 3 millones', { min: 2500000, max: 3500000, currency: 'MXN' }],
    ['around 6 million', { min: 5100000, max: 6900000, currency: 'MXN' }],
    ['3 millones mas o menos', { min: 2500000, max: 3500000, currency: 'MXN' }],
    ['about usd 400k', { min: 340000, max: 460000, currency: 'USD' }],
    ['hasta unos 3 millones', { max: 3000000, currency: 'MXN' }],
    ['desde unos 2 millones', { min: 2000000, currency: 'MXN' }],
    ['tengo como 1.2 millones de credito', { max: 1200000, currency: 'MXN' }],
    ['we have about 400k usd', { max: 400000, currency: 'USD' }],
    ['traigo como 800 mil', { max: 800000, currency: 'MXN' }],
  ] as const)('%s', (text, expected) => {
    expect(parseBudget(text)).toEqual(expected)
  })

  it.each(['3 recamaras', 'entrega en 2027', 'a las 5 de la tarde', 'casa de 180 m2', 'sm 15', 'cp 77500', 'tres banos'])('no budget in "%s"', (text) => {
    expect(parseBudget(text)).toBeNull()
  })
})

describe('contact data', () => {
  it('normalises Mexican phones to 10 digits, and keeps a foreign one\'s country code', () => {
    expect(normalizePhone('998 123 4567')).toBe('9981234567')
    expect(normalizePhone('998-123-45-67')).toBe('9981234567')
    expect(normalizePhone('+52 998 123 4567')).toBe('9981234567')
    expect(normalizePhone('+52 1 998 123 4567')).toBe('9981234567')
    // Without its 1, a US number would be dialled as the Mexican line 305 555 0199.
    expect(normalizePhone('+1 (305) 555-0199')).toBe('+13055550199')
    expect(normalizePhone('1 512 555 0199')).toBe('+15125550199')
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958')
    expect(normalizePhone('44 20 7946 0958')).toBeNull()
    expect(normalizePhone('998 123')).toBeNull()
    expect(normalizePhone('99812345678')).toBeNull()
  })

  it('validates e-mail addresses', () => {
    expect(isValidEmail('ana@mail.com')).toBe(true)
    expect(isValidEmail('ana.lopez+casa@correo.com.mx')).toBe(true)
    expect(isValidEmail('ana@mail')).toBe(false)
    expect(isValidEmail('ana@@mail.com')).toBe(false)
    expect(isValidEmail('ana..lopez@mail.com')).toBe(false)
    expect(isValidEmail('@mail.com')).toBe(false)
  })

  it('extracts names, phones and e-mails from free text', () => {
    expect(extractContact('soy Ana López, mi cel es 998 123 4567')).toMatchObject({ name: 'Ana López', phone: '9981234567', email: null })
    expect(extractContact('mi correo es Ana@Mail.com')).toMatchObject({ email: 'ana@mail.com', invalidEmail: null })
    expect(extractContact('mi correo es ana@mail')).toMatchObject({ email: null, invalidEmail: 'ana@mail' })
    expect(extractContact('mi cel es 998 123')).toMatchObject({ phone: null, invalidPhone: '998 123' })
    expect(extractContact('me llamo María de la Luz Pérez')).toMatchObject({ name: 'María de la Luz Pérez' })
    expect(extractContact('casa de $3,500,000')).toMatchObject({ phone: null, invalidPhone: null })
    expect(explicitName('soy de Monterrey')).toBeNull()
    expect(explicitName('soy extranjero')).toBeNull()
  })
})

describe('visit scheduling (America/Cancun, now = Saturday 21 Nov 2026 10:00)', () => {
  const at = (text: string) => {
    const when = parseWhen(understand(text, lexicon, NOW).norm, NOW)
    const resolution = resolveSlot(when, null, NOW, DEMO_WEEK)
    return resolution.kind === 'ok' ? isoCancun(resolution.at) : resolution
  }

  it('reads day and time relative to now', () => {
    expect(at('quiero ver la casa el sábado a las 11')).toBe('2026-11-28T11:00:00-05:00')
    expect(at('el 3 de diciembre a las 10am')).toBe('2026-12-03T10:00:00-05:00')
    expect(at('el lunes a las 4 y media')).toBe('2026-11-23T16:30:00-05:00')
    expect(at('hoy a las 12')).toBe('2026-11-21T12:00:00-05:00')
    expect(at('pasado mañana a las 10 de la mañana')).toBe('2026-11-23T10:00:00-05:00')
    expect(at('el martes 17:30')).toBe('2026-11-24T17:30:00-05:00')
    expect(at('el 15 de enero a las 9')).toBe('2027-01-15T09:00:00-05:00')
  })

  it('refuses past, too-soon, closed and out-of-hours slots and proposes the nearest valid one', () => {
    expect(at('mañana a las 5 de la tarde')).toMatchObject({ kind: 'invalid', problem: 'closed' }) // Sunday
    const sunday = at('mañana a las 5 de la tarde')
    expect(typeof sunday !== 'string' && sunday.kind === 'invalid' && isoCancun(sunday.proposal)).toBe('2026-11-23T17:00:00-05:00')
    const past = at('hoy a las 9 de la mañana')
    expect(past).toMatchObject({ kind: 'invalid', problem: 'past' })
    expect(typeof past !== 'string' && past.kind === 'invalid' && isoCancun(past.proposal)).toBe('2026-11-21T11:00:00-05:00')
    expect(at('hoy a las 10:30')).toMatchObject({ kind: 'invalid', problem: 'soon' })
    const late = at('el lunes a las 8 de la noche')
    expect(late).toMatchObject({ kind: 'invalid', problem: 'hours' })
    expect(typeof late !== 'string' && late.kind === 'invalid' && isoCancun(late.proposal)).toBe('2026-11-23T18:00:00-05:00')
    expect(at('el sábado a las 2 de la tarde')).toMatchObject({ kind: 'invalid', problem: 'hours' }) // Saturdays until 13:00
  })

  it('asks for the time when only the day is given', () => {
    expect(at('el viernes')).toMatchObject({ kind: 'need-time', date: { y: 2026, m: 11, d: 27 } })
  })

  it('checks slots and finds the nearest one', () => {
    const monday9 = cancunInstant({ y: 2026, m: 11, d: 23 }, 9 * 60)
    expect(slotProblem(monday9, NOW, DEMO_WEEK)).toBeNull()
    expect(slotProblem(cancunInstant({ y: 2026, m: 11, d: 22 }, 11 * 60), NOW, DEMO_WEEK)).toBe('closed')
    expect(isoCancun(nearestSlot(NOW, NOW, null, DEMO_WEEK))).toBe('2026-11-21T11:00:00-05:00')
    expect(isoCancun(nearestSlot(cancunInstant({ y: 2026, m: 11, d: 21 }, 13 * 60 + 30), NOW, null, DEMO_WEEK))).toBe('2026-11-23T09:00:00-05:00')
  })

  it('writes slots in Spanish', () => {
    expect(formatSlot(cancunInstant({ y: 2026, m: 12, d: 5 }, 11 * 60), NOW)).toBe('sábado 5 de diciembre a las 11:00')
    expect(formatSlot(cancunInstant({ y: 2026, m: 11, d: 25 }, 13 * 60 + 30), NOW)).toBe('miércoles 25 de noviembre a las 13:30')
    expect(formatSlot(cancunInstant({ y: 2027, m: 1, d: 4 }, 9 * 60), NOW)).toBe('lunes 4 de enero de 2027 a las 9:00')
  })
})
