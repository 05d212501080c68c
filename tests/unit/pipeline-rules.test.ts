import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvCell, toCsv, UTF8_BOM } from '../../src/server/crm/csv'
import { UNASSIGNED } from '../../src/protocol/crm'
import { leadFilterSchema } from '../../src/server/crm/lead-filter'
import { leadFilterSql } from '../../src/server/storage/pipeline-sql'
import { agencyDateTime, agencyDay, agencyInstant, agencyLocalInput, shiftDay, weekOf } from '../../src/domain/agency-clock'
import { visitMessage } from '../../src/server/crm/visit-messages'

describe('CSV (docs/behaviour.md#leads)', () => {
  it('starts with a BOM, ends rows with CRLF and quotes only what needs it', () => {
    expect(toCsv(['a', 'b'], [['x', 1], [null, 'y,z']])).toBe(`${UTF8_BOM}a,b\r\nx,1\r\n,"y,z"\r\n`)
    expect(csvCell('di "hola"')).toBe('"di ""hola"""')
    expect(csvCell('línea\nsegunda')).toBe('"línea\nsegunda"')
  })

  it('keeps formulas as text but phone numbers as they are', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('+52 (998) 123-4567')).toBe('+52 (998) 123-4567')
  })

  it('keeps formulas as text after a ; , or tab too: where a spreadsheet of another locale splits the cell', () => {
    // Excel in a Spanish locale splits on «;»: «Ana;=cmd|…» would open as «Ana» and a formula.
    expect(csvCell("Ana;=cmd|' /C calc'!A0;x")).toBe("Ana;'=cmd|' /C calc'!A0;x")
    expect(csvCell('Ana;@SUM(A1)')).toBe("Ana;'@SUM(A1)")
    expect(csvCell('Ana\t=1+1')).toBe("Ana\t'=1+1")
    expect(csvCell('Ana,-2+3')).toBe(`"Ana,'-2+3"`)
    expect(csvCell('\t=1')).toBe("'\t'=1")
    // Phone numbers stay as they are, alone or between separators; ordinary text is untouched.
    expect(csvCell('Ana;+52 998 123 4567;x')).toBe('Ana;+52 998 123 4567;x')
    expect(csvCell('Hola, me interesa; gracias')).toBe('"Hola, me interesa; gracias"')
    // What a Spanish-locale spreadsheet reads: no field of the row starts a formula.
    const fields = toCsv(['a'], [["Ana;=cmd|…;x"], ['b\t+SUM(1);-cmd']]).replace(UTF8_BOM, '').split(/[;,\t\r\n"]+/)
    expect(fields.filter((field) => /^[=@+-]/.test(field))).toEqual([])
  })

  it('round-trips through a real CSV parser', () => {
    const rows = [['Núñez, José', 'dijo "sí"\r\ny luego no', 'ñandú']]
    expect(parse(toCsv(['nombre', 'mensaje', 'otro'], rows), { bom: true })).toEqual([['nombre', 'mensaje', 'otro'], ...rows])
  })
})

// What each filter finds (whole days in Cancún, every search word, accents and case ignored) is
// asserted on real databases by tests/integration/pipeline.test.ts («the filtered list»); here,
// only how the clause takes its place in a bigger statement, whatever its SQL text.
describe('lead list filters', () => {
  it('numbers its parameters from the first one given, one per value, a search word each', () => {
    const { where, params } = leadFilterSql({ status: 'nuevo', channel: 'form', assignedTo: UNASSIGNED, q: 'José  Pérez' }, 3)
    expect([...where.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))).toEqual([3, 4, 5])
    expect(params).toEqual(['nuevo', 'jose', 'perez'])
    expect(leadFilterSql({ from: '2026-03-01', to: '2026-03-02' }).params).toEqual(['2026-03-01', '2026-03-02'])
  })

  it('adds nothing without a filter', () => {
    expect(leadFilterSql({})).toEqual({ where: '', params: [] })
  })

  it('refuses unknown filters and values with Spanish messages', () => {
    expect(leadFilterSchema.safeParse({ status: 'perdido' }).error?.issues[0]?.message).toBe('Estado no válido')
    expect(leadFilterSchema.safeParse({ from: '1/3/2026' }).error?.issues[0]?.message).toMatch(/^Fecha no válida: escríbela como AAAA-MM-DD/)
    expect(leadFilterSchema.safeParse({ orden: 'x' }).success).toBe(false)
  })
})

describe('agency time (America/Cancun)', () => {
  it('writes instants in Cancún whatever the server zone', () => {
    expect(agencyDateTime('2026-03-03T04:30:00Z')).toBe('2026-03-02 23:30')
    expect(agencyDay(new Date('2026-03-03T05:00:00Z'))).toBe('2026-03-03')
  })

  it('finds the Monday-to-Sunday week of a day, across months and years', () => {
    expect(weekOf('2026-11-23')).toMatchObject({ from: '2026-11-23', to: '2026-11-29' })
    expect(weekOf('2026-11-29')).toMatchObject({ from: '2026-11-23', to: '2026-11-29' })
    expect(weekOf('2027-01-01').days).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'])
    expect(() => weekOf('mañana')).toThrow(RangeError)
  })

  it('reads a Cancún wall-clock time from a datetime-local input as the instant it names, and back', () => {
    expect(agencyInstant('2026-11-25T10:00')).toBe('2026-11-25T15:00:00.000Z') // UTC-5 all year, no daylight saving
    expect(agencyInstant('2026-12-31T22:30')).toBe('2027-01-01T03:30:00.000Z')
    expect(agencyLocalInput('2027-01-01T03:30:00.000Z')).toBe('2026-12-31T22:30')
    expect(agencyInstant(agencyLocalInput('2026-07-04T18:05:00.000Z'))).toBe('2026-07-04T18:05:00.000Z')
    expect(agencyInstant('mañana a las 10')).toBeNull()
    expect(agencyInstant('')).toBeNull()
  })

  it('moves a calendar day across months and years', () => {
    expect(shiftDay('2026-11-23', 7)).toBe('2026-11-30')
    expect(shiftDay('2026-01-01', -7)).toBe('2025-12-25')
    expect(() => shiftDay('hoy', 1)).toThrow(RangeError)
  })
})

describe("what the visitor's widget says about their visit (docs/behaviour.md#visits)", () => {
  const now = new Date('2026-11-23T12:00:00Z')
  const visit = { at: '2026-11-28T16:00:00Z', propertyTitle: 'Casa en Huayacán' }
  it.each([
    ['booked', 'Listo, agendamos tu visita a «Casa en Huayacán» para el **sábado 28 de noviembre a las 11:00**. Si necesitas cambiarla, escríbenos aquí.'],
    ['moved', 'Cambiamos tu visita a «Casa en Huayacán»: ahora es el **sábado 28 de noviembre a las 11:00**. Si no te acomoda, escríbenos aquí.'],
    ['confirmed', 'Tu visita a «Casa en Huayacán» del **sábado 28 de noviembre a las 11:00** está confirmada. ¡Te esperamos!'],
    ['cancelled', 'Cancelamos tu visita a «Casa en Huayacán» del sábado 28 de noviembre a las 11:00. Si quieres agendar otra, escríbenos aquí.'],
  ] as const)('%s', (change, text) => {
    expect(visitMessage(change, visit, now)).toBe(text)
  })

  it('leaves the property out when the visit has none, and adds the year when it is not this one', () => {
    expect(visitMessage('booked', { at: '2027-01-09T16:00:00Z', propertyTitle: null }, now)).toBe(
      'Listo, agendamos tu visita para el **sábado 9 de enero de 2027 a las 11:00**. Si necesitas cambiarla, escríbenos aquí.',
    )
  })
})
