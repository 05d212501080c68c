import { describe, expect, it } from 'vitest'
import { matchReplies, slashQuery } from '../../src/console/canned-menu'
import { cannedReplyInputSchema, type CannedReply } from '../../src/protocol/canned'
import { agencyCalendar, cancunInstant, isoCancun, nextFreeSlot } from '../../src/server/chat/agent/schedule'
import { issuesToFields } from '../../src/shared/field-errors'
import { fillReplyVariables, unfilledMessage, unfilledReplyVariables, unknownReplyVariablesMessage } from '../../src/shared/reply-variables'
import { readAgency } from '../support/catalogue'

// The team's canned replies (docs/console.md#canned-replies): their variables, the form's check,
// the next free visit slot they offer and the composer's «/» menu.

describe('filling a canned reply', () => {
  const TEXT = 'Hola {nombre}, soy {asesor}. {propiedad} cuesta {precio}: {enlace}. ¿Te parece el {proxima-visita}?'

  it('puts each value in place', () => {
    const values = {
      nombre: 'Carmen López',
      asesor: 'Ana',
      propiedad: 'Casa en Huayacán',
      precio: '$3,450,000 MXN',
      enlace: 'https://cancun.example/propiedad/casa-en-huayacan',
      'proxima-visita': 'lunes 23 de noviembre a las 9:00',
    }
    expect(fillReplyVariables(TEXT, values)).toEqual({
      text: 'Hola Carmen López, soy Ana. Casa en Huayacán cuesta $3,450,000 MXN: https://cancun.example/propiedad/casa-en-huayacan. ¿Te parece el lunes 23 de noviembre a las 9:00?',
      missing: [],
    })
  })

  it('leaves a variable without a value as written, for the person to fill, and lists it once', () => {
    const filled = fillReplyVariables('Hola {nombre}. {propiedad} ({precio}). ¿{nombre}?', { nombre: '  ', propiedad: 'Depa en Puerto Cancún' })
    expect(filled.text).toBe('Hola {nombre}. Depa en Puerto Cancún ({precio}). ¿{nombre}?')
    expect(filled.missing).toEqual(['nombre', 'precio'])
    expect(unfilledReplyVariables(filled.text)).toEqual(['nombre', 'precio'])
    expect(unfilledMessage(filled.missing)).toBe('Completa {nombre} y {precio}: esta conversación no tiene esos datos.')
    expect(unfilledMessage(['nombre'])).toBe('Completa {nombre}: esta conversación no tiene ese dato.')
  })

  it('never reads a value for variables, and leaves braces that are no variable alone', () => {
    expect(fillReplyVariables('Hola {nombre} {otra} { nombre }', { nombre: '{precio}' })).toEqual({ text: 'Hola {precio} {otra} { nombre }', missing: [] })
    expect(unfilledReplyVariables('Hola {otra}, todo listo')).toEqual([])
  })
})

describe("a canned reply's form", () => {
  const valid = { title: 'Agendar visita', shortcut: '/Visita', language: 'es', text: 'Hola {nombre}', listings: ['p1', 'p1', 'p2'], shared: true }

  it('takes a shortcut typed with its slash, in lower case, and each property once', () => {
    expect(cannedReplyInputSchema.parse(valid)).toEqual({ ...valid, shortcut: 'visita', listings: ['p1', 'p2'] })
  })

  it('refuses an unknown variable at the text, in Spanish, naming the ones there are', () => {
    expect(unknownReplyVariablesMessage('Hola {cliente} y {nombre}')).toBe(
      '{cliente} no es una variable. Puedes usar {nombre}, {propiedad}, {enlace}, {precio}, {proxima-visita}, {asesor}.',
    )
    const result = cannedReplyInputSchema.safeParse({ ...valid, text: 'Hola {cliente}, {fecha}' })
    expect(result.success).toBe(false)
    expect(issuesToFields(result.error!.issues)).toEqual({ text: expect.stringMatching(/^\{cliente\}, \{fecha\} no son variables\. Puedes usar \{nombre\}/) })
  })

  it('says what is wrong at each field', () => {
    const result = cannedReplyInputSchema.safeParse({ title: ' ', shortcut: 'ver casa', language: 'fr', text: '', listings: ['1', '2', '3', '4', '5', '6'] })
    expect(issuesToFields(result.error!.issues)).toEqual({
      title: 'Escribe un título (por ejemplo «Agendar visita»).',
      shortcut: 'El atajo va sin espacios: letras, números y guiones (por ejemplo «visita-sabado»).',
      language: 'Elige el idioma de la respuesta: español o inglés.',
      text: 'Escribe el texto de la respuesta.',
      listings: 'Hasta 5 propiedades por respuesta.',
      shared: 'Elige si es para todo el equipo o solo para ti.',
    })
  })
})

describe('the next free visit slot', () => {
  /** The demo agency: Monday to Friday 9:00–19:00, Saturday 10:00–14:00 (visits start up to an hour before closing). */
  const week = agencyCalendar(readAgency().profile)
  // Saturday 21 November 2026, 10:00 in Cancún.
  const NOW = new Date('2026-11-21T15:00:00Z')
  const at = (d: number, minutes: number) => cancunInstant({ y: 2026, m: 11, d }, minutes)

  it('is the slot the automated agent would propose when nothing is booked', () => {
    expect(isoCancun(nextFreeSlot(NOW, week, [])!)).toBe('2026-11-21T11:00:00-05:00')
  })

  it('skips the hours within an hour of a booked visit, and closed days', () => {
    expect(isoCancun(nextFreeSlot(NOW, week, [at(21, 11 * 60)])!)).toBe('2026-11-21T12:00:00-05:00')
    // 12:30 keeps 12:00 and 13:00 (the last start on a Saturday); Sunday is closed.
    expect(isoCancun(nextFreeSlot(NOW, week, [at(21, 11 * 60), at(21, 12 * 60 + 30)])!)).toBe('2026-11-23T09:00:00-05:00')
    // A visit two hours away leaves the hour between free.
    expect(isoCancun(nextFreeSlot(NOW, week, [at(21, 13 * 60)])!)).toBe('2026-11-21T11:00:00-05:00')
  })

  it('is none when every slot tried is booked (80 days of visits every half hour)', () => {
    const everyHalfHour = Array.from({ length: 80 * 48 }, (_, i) => new Date(NOW.getTime() + i * 30 * 60_000))
    expect(nextFreeSlot(NOW, week, everyHalfHour)).toBeNull()
  })
})

describe("the composer's «/» menu", () => {
  const reply = (id: string, shortcut: string, title: string, language: 'es' | 'en' = 'es'): CannedReply => ({
    id,
    shortcut,
    title,
    language,
    text: 'Hola {nombre}',
    listings: [],
    shared: true,
    authorId: 'a',
    authorName: 'Ana',
    canEdit: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
  })
  const REPLIES = [
    reply('1', 'horario', 'Horario de oficina'),
    reply('2', 'visit', 'Book a visit', 'en'),
    reply('3', 'visita', 'Agendar visita'),
    reply('4', 'credito', 'Crédito Infonavit y visita'),
    reply('5', 'sabado', 'Visita el sábado'),
  ]
  const ids = (query: string, language: 'es' | 'en' = 'es') => matchReplies(REPLIES, query, language).map((r) => r.id)

  it('opens for a «/» that starts the text, with what follows it, on its first line only', () => {
    expect(slashQuery('/')).toBe('')
    expect(slashQuery('/vis')).toBe('vis')
    expect(slashQuery('/agendar visita')).toBe('agendar visita')
    expect(slashQuery('hola /vis')).toBeNull()
    expect(slashQuery(' /vis')).toBeNull()
    expect(slashQuery('/vis\nsegunda línea')).toBeNull()
  })

  it('lists shortcuts starting with the query first, then the conversation\'s language, then the rest by shortcut', () => {
    expect(ids('vis')).toEqual(['3', '2', '4', '5'])
    expect(ids('vis', 'en')).toEqual(['2', '3', '4', '5'])
    expect(ids('')).toEqual(['4', '1', '5', '3', '2'])
  })

  it('finds every word in the shortcut or the title, accents and case aside', () => {
    expect(ids('SÁBADO')).toEqual(['5'])
    expect(ids('visita credito')).toEqual(['4'])
    expect(ids('nada')).toEqual([])
  })
})
