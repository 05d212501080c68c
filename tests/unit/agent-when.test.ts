import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../../src/server/chat/agent/language'
import { foldText } from '../../src/domain/fold'
import { mayNameWhen, parseWhen, readWhen } from '../../src/server/chat/agent/when'

// Saturday 21 November 2026, 10:00 in Cancún (UTC−5).
const SATURDAY_10 = new Date('2026-11-21T15:00:00Z')
// Sunday 22 November 2026, 22:30 in Cancún: already Monday in UTC.
const SUNDAY_NIGHT = new Date('2026-11-23T03:30:00Z')

/** "2026-11-24 17:00", "2026-11-22 —", "— 10:00": the day and time read, as the agent reads them (folded text, detected language). */
function when(text: string, now = SATURDAY_10): string {
  const { date, time } = parseWhen(foldText(text), now, detectLanguage(text, 'es'))
  const day = date ? `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}` : '—'
  const hour = time === null ? '—' : `${Math.floor(time / 60)}:${String(time % 60).padStart(2, '0')}`
  return `${day} ${hour}`
}

describe('dates in words (chrono-node, America/Cancun)', () => {
  it('reads the phrasings of the issue', () => {
    expect(when('el próximo martes a las 5')).toBe('2026-11-24 17:00')
    expect(when('mañana en la tarde')).toBe('2026-11-22 —')
    expect(when('next Friday at 10am')).toBe('2026-11-27 10:00')
  })

  it('reads a part of the day said instead of an hour', () => {
    const part = (text: string) => parseWhen(foldText(text), SATURDAY_10, detectLanguage(text, 'es')).part
    expect(part('mañana temprano')).toBe('early')
    expect(part('el sábado en la mañana')).toBe('morning')
    expect(part('mañana por la tarde')).toBe('afternoon')
    expect(part('tomorrow morning')).toBe('morning')
    expect(part('el lunes en la noche')).toBe('evening')
    // «mañana» alone is tomorrow, and an hour said leaves no part to read.
    expect(part('mañana')).toBeUndefined()
    expect(part('mañana a las 5 de la tarde')).toBeUndefined()
  })

  // More Spanish phrasings (through understand() and resolveSlot) are in agent-understand.test.ts.
  it('reads Mexican Spanish that chrono-node alone misses', () => {
    expect(when('pasado mañana a las 11')).toBe('2026-11-23 11:00')
    expect(when('el miércoles a las 6 menos cuarto')).toBe('2026-11-25 17:45')
    expect(when('a la una y media')).toBe('— 13:30')
    expect(when('a las cinco')).toBe('— 17:00')
    expect(when('el lunes 16 hrs')).toBe('2026-11-23 16:00')
    expect(when('para el día 30 a las 11')).toBe('2026-11-30 11:00')
    expect(when('el 3')).toBe('2026-12-03 —') // the 3rd of this month is past: next month's
    expect(when('el jueves a mediodía')).toBe('2026-11-26 12:00')
  })

  it('reads English', () => {
    expect(when('tomorrow at 5')).toBe('2026-11-22 17:00')
    expect(when('can I see it on Saturday the 28th at 11:30?')).toBe('2026-11-28 11:30')
    expect(when('December 3 at 4 pm')).toBe('2026-12-03 16:00')
    expect(when('today at noon')).toBe('2026-11-21 12:00')
  })

  it('a bare hour from 1 to 7 is in the afternoon; a named morning is not', () => {
    expect(when('a las 5')).toBe('— 17:00')
    expect(when('hoy a las 9 de la mañana')).toBe('2026-11-21 9:00')
    expect(when('el jueves 3pm')).toBe('2026-11-26 15:00')
  })

  it('today\'s weekday means next week unless the visitor says "este" or "hoy"', () => {
    expect(when('el sábado a las 11')).toBe('2026-11-28 11:00')
    expect(when('este sábado a las 12')).toBe('2026-11-21 12:00')
    expect(when('puedo ver esta casa el sábado a las 11?')).toBe('2026-11-28 11:00') // «esta casa» is not «este sábado»
    expect(when('this Saturday at 12')).toBe('2026-11-21 12:00')
  })

  it('counts days in Cancún, not in UTC', () => {
    expect(when('mañana a las 10', SUNDAY_NIGHT)).toBe('2026-11-23 10:00')
    expect(when('hoy', SUNDAY_NIGHT)).toBe('2026-11-22 —')
    expect(when('el lunes', SUNDAY_NIGHT)).toBe('2026-11-23 —')
  })

  it('reads no day or time in searches, money, distances, waits or the sea', () => {
    for (const text of [
      'busco casa en renta de 4 recamaras',
      'depa en venta 2 recamaras',
      'casa en venta de 3 millones 610',
      'depa de 2 rec a 15 mil',
      'me interesan departamentos con vista al mar en venta',
      'vista al mar 3 recamaras',
      'casa a 2 horas de cancun',
      'ya pasaron 10 minutos y nadie me contesta',
      'ahora busco casa en renta',
      'ayer me dijeron que estaba disponible',
      'looking for a 3 bedroom condo for rent',
      'hola buenas tardes',
    ]) {
      expect(when(text), text).toBe('— —')
    }
  })

  // The check before chrono-node (mayNameWhen) must only skip text it reads nothing in: every
  // prefix, core and suffix below, raw and folded, gives what chrono-node alone gives.
  // Thousands of chrono-node parses: seconds alone, past 30 s beside the other suites; the limit is for a hang.
  it('skips chrono-node only where it reads no day or time', { timeout: 180_000 }, () => {
    const prefixes = ['', 'el ', 'para el ', 'a las ', 'a la ', 'aslas ', 'de ', 'del ', 'al ', 'en ', 'este ', 'esta ', 'próximo ', 'pasado ', 'mensaje ', 'casa de ', 'hace ', 'dentro de ', 'x']
    const cores = [
      '3', '12', '28', '930', '2026', '1º', '3ro', '4:30', '12.30', '5pm', '5 pm', '5 a.m.', '3 a 5', '3-5', '3 al 5', '28/11', '2026-11-28', '16 hrs',
      '16h', '3 días', '3dias', 'una semana', 'dos horas', 'un mes', '2 años', '10 minutos', 'cinco', 'la una', 'mañana', 'MAÑANA', 'tarde', 'noche',
      'mediodía', 'medianoche', 'hoy', 'ayer', 'ahora', 'lunes', 'mar', 'martes', 'miércoles', 'mié', 'sáb', 'Sábado', 'dom', 'enero', 'ene', 'mayo',
      'may', 'dic', 'diciembre', 'primero de mayo', 'primeromayo', '28 de noviembre', '28nov', '3 recámaras', '2 baños', '4 millones', '15 mil', 'casa',
      'huayacán', 'condominio', 'tienen', 'pago', 'mayor', 'marina', 'cuarto', 'dos cuartos', 'recamaras', 'segundamayo', 'terceromar', 'estelunes',
    ]
    const suffixes = ['', ' por favor', ' a las 5', ' de la tarde', '?', ' y media', ' recámaras', ', mensaje 7']
    let compared = 0
    for (const prefix of prefixes) {
      for (const core of cores) {
        for (const suffix of suffixes) {
          for (const text of [`${prefix}${core}${suffix}`, foldText(`${prefix}${core}${suffix}`)]) {
            // The part of the day («de la tarde» without an hour) is read apart from chrono-node.
            expect({ ...parseWhen(text, SATURDAY_10, 'es'), part: undefined }, text).toEqual(readWhen(text, SATURDAY_10, 'es'))
            compared++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000)
  })

  it('does not run chrono-node on messages that name no day or time', () => {
    for (const text of [
      'busco casa en huayacan, mensaje 3',
      'busco depa de 2 recamaras en el centro',
      'tienen casas con alberca?',
      'quiero comprar un terreno en puerto cancun',
      'casa en venta de 3 millones',
      'hola, me interesa el condominio',
    ]) {
      expect(mayNameWhen(text, 'es'), text).toBe(false)
    }
    for (const text of ['el 28', 'a las cinco', 'mañana', 'el próximo martes', '28/11', '4:30', 'en 3 dias', 'primero de mayo']) {
      expect(mayNameWhen(foldText(text), 'es'), text).toBe(true)
    }
    expect(mayNameWhen('mensaje 3', 'en')).toBe(true) // English is always read
  })
})
