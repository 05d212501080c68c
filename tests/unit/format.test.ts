import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EXCHANGE_RATE_MXN_PER_USD,
  convertPrice,
  formatApproxPrice,
  formatArea,
  formatBathrooms,
  formatBedrooms,
  formatCount,
  formatDate,
  formatListingPrice,
  formatMonth,
  formatNumber,
  formatParking,
  formatPrice,
  formatRent,
} from '../../src/catalogue/format'
import {
  AMENITY_LABELS,
  CURRENCY_LABELS,
  DEFAULT_SORT,
  OPERATION_LABELS,
  OPERATION_NOUNS,
  PROPERTY_TYPE_LABELS,
  SORTS,
  SORT_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  UNIT_KIND_LABELS,
  isSort,
  propertyTypeLabel,
} from '../../src/catalogue/labels'
import {
  AMENITIES,
  CURRENCIES,
  DEVELOPMENT_STAGES,
  OPERATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  UNIT_KINDS,
} from '../../src/catalogue/model'

const mxn = (amount: number) => ({ amount, currency: 'MXN' as const })
const usd = (amount: number) => ({ amount, currency: 'USD' as const })

describe('formatNumber', () => {
  it('groups with commas the es-MX way, four-digit numbers included', () => {
    expect(formatNumber(0)).toBe('0')
    expect(formatNumber(1)).toBe('1')
    expect(formatNumber(999)).toBe('999')
    expect(formatNumber(1250)).toBe('1,250')
    expect(formatNumber(12_500_000)).toBe('12,500,000')
    expect(formatNumber(-1234)).toBe('-1,234')
  })

  it('uses a decimal point, at most two decimals by default, no trailing zeros', () => {
    expect(formatNumber(2.5)).toBe('2.5')
    expect(formatNumber(1234.5)).toBe('1,234.5')
    expect(formatNumber(1234.567)).toBe('1,234.57')
    expect(formatNumber(3.0)).toBe('3')
    expect(formatNumber(2.345, 0)).toBe('2')
    expect(formatNumber(2.36, 1)).toBe('2.4')
  })

  it('never prints "-0"', () => {
    expect(formatNumber(-0)).toBe('0')
    expect(formatNumber(-0.001)).toBe('0')
    expect(formatNumber(-0.4, 0)).toBe('0')
  })

  it("writes what Intl's es-MX grouping writes, halves and extremes included, without using it", () => {
    const intl = (n: number, digits: number) => {
      const text = new Intl.NumberFormat('es-MX', { useGrouping: true, maximumFractionDigits: digits }).format(n)
      return /^-0(\.0*)?$/.test(text) ? '0' : text
    }
    const edges = [1.005, 2.345, 9.995, 99.95, 999.5, -2.5, 0.045, 1e-7, 5e-324, 1e21, 1.5e25, 2 ** 60, 1e300, NaN, Infinity, -Infinity]
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    const drawn = Array.from({ length: 300 }, (_, i) =>
      i % 2 ? (random() - 0.3) * 10 ** (Math.floor(random() * 14) - 4) : (Math.floor(random() * 1e4) + 0.5) / 10 ** Math.floor(random() * 3),
    )
    for (const n of [...edges, ...drawn]) for (const digits of [0, 1, 2]) expect(formatNumber(n, digits), `${n}, ${digits}`).toBe(intl(n, digits))
    expect(formatNumber(1.005)).toBe('1.01') // the shortest decimal form is rounded, not the binary value
  })
})

describe('prices', () => {
  it('writes MXN as "$… MXN" and USD as "USD …", without decimals', () => {
    expect(formatPrice(mxn(3_450_000))).toBe('$3,450,000 MXN')
    expect(formatPrice(usd(250_000))).toBe('USD 250,000')
    expect(formatPrice(mxn(0))).toBe('$0 MXN')
    expect(formatPrice(usd(0))).toBe('USD 0')
    expect(formatPrice(mxn(1))).toBe('$1 MXN')
    expect(formatPrice(usd(1))).toBe('USD 1')
    expect(formatPrice(mxn(12_500_000))).toBe('$12,500,000 MXN')
    expect(formatPrice(usd(12_500_000))).toBe('USD 12,500,000')
  })

  it('rounds to whole units', () => {
    expect(formatPrice(mxn(1234.4))).toBe('$1,234 MXN')
    expect(formatPrice(mxn(999.5))).toBe('$1,000 MXN')
    expect(formatPrice(usd(249_999.99))).toBe('USD 250,000')
  })

  it('puts a sign in front of the currency, and never "-0"', () => {
    expect(formatPrice(mxn(-1500))).toBe('-$1,500 MXN')
    expect(formatPrice(usd(-1500))).toBe('-USD 1,500')
    expect(formatPrice(mxn(-0.4))).toBe('$0 MXN')
  })

  it('writes a rent per month', () => {
    expect(formatRent(mxn(25_000))).toBe('$25,000 MXN / mes')
    expect(formatRent(usd(3_200))).toBe('USD 3,200 / mes')
  })

  it('picks the rent form for "renta" only', () => {
    expect(formatListingPrice(mxn(25_000), 'renta')).toBe('$25,000 MXN / mes')
    expect(formatListingPrice(usd(3_200), 'renta')).toBe('USD 3,200 / mes')
    expect(formatListingPrice(mxn(3_450_000), 'venta')).toBe('$3,450,000 MXN')
    expect(formatListingPrice(usd(250_000), 'preventa')).toBe('USD 250,000')
  })
})

describe('currency conversion', () => {
  it('uses the reference rate of 18.5 MXN per USD', () => {
    expect(EXCHANGE_RATE_MXN_PER_USD).toBe(18.5)
  })

  it('converts MXN to USD, to the nearest 100 from USD 10,000 up and to the nearest 10 below', () => {
    expect(convertPrice(mxn(3_450_000), 'USD')).toEqual(usd(186_500)) // 186,486.49
    expect(convertPrice(mxn(185_000), 'USD')).toEqual(usd(10_000)) // exactly 10,000
    expect(convertPrice(mxn(184_900), 'USD')).toEqual(usd(9_990)) // 9,994.59
    expect(convertPrice(mxn(25_000), 'USD')).toEqual(usd(1_350)) // 1,351.35
    expect(convertPrice(mxn(92_500), 'USD')).toEqual(usd(5_000))
    expect(convertPrice(mxn(0), 'USD')).toEqual(usd(0))
  })

  it('converts USD to MXN, to the nearest 1,000 from $100,000 up and to the nearest 100 below', () => {
    expect(convertPrice(usd(250_000), 'MXN')).toEqual(mxn(4_625_000))
    expect(convertPrice(usd(13_875), 'MXN')).toEqual(mxn(257_000)) // 256,687.5
    expect(convertPrice(usd(5_430), 'MXN')).toEqual(mxn(100_000)) // 100,455
    expect(convertPrice(usd(5_003), 'MXN')).toEqual(mxn(92_600)) // 92,555.5
    expect(convertPrice(usd(3_200), 'MXN')).toEqual(mxn(59_200))
    expect(convertPrice(usd(1), 'MXN')).toEqual(mxn(0)) // 18.5
    expect(convertPrice(usd(0), 'MXN')).toEqual(mxn(0))
  })

  it('rounds halves away from zero, symmetrically for negative amounts', () => {
    expect(convertPrice(mxn(185_925), 'USD')).toEqual(usd(10_100)) // exactly 10,050
    expect(convertPrice(mxn(-185_925), 'USD')).toEqual(usd(-10_100))
    expect(convertPrice(mxn(-3_450_000), 'USD')).toEqual(usd(-186_500))
  })

  it('returns a copy, unrounded, when the currency is already the target', () => {
    const price = mxn(1_234_567)
    const same = convertPrice(price, 'MXN')
    expect(same).toEqual(mxn(1_234_567))
    expect(same).not.toBe(price)
    expect(convertPrice(usd(1_234.5), 'USD')).toEqual(usd(1_234.5))
  })

  it('marks a converted price approximate', () => {
    expect(formatApproxPrice(mxn(3_450_000), 'USD')).toBe('≈ USD 186,500')
    expect(formatApproxPrice(usd(250_000), 'MXN')).toBe('≈ $4,625,000 MXN')
    expect(formatApproxPrice(mxn(12_500_000), 'USD')).toBe('≈ USD 675,700') // 675,675.68
  })

  it('keeps the monthly form of a converted rent when given the operation', () => {
    expect(formatApproxPrice(mxn(25_000), 'USD', 'renta')).toBe('≈ USD 1,350 / mes')
    expect(formatApproxPrice(usd(3_200), 'MXN', 'renta')).toBe('≈ $59,200 MXN / mes')
    expect(formatApproxPrice(mxn(3_450_000), 'USD', 'venta')).toBe('≈ USD 186,500')
  })
})

describe('formatArea', () => {
  it('writes square metres with grouping', () => {
    expect(formatArea(180)).toBe('180 m²')
    expect(formatArea(1250)).toBe('1,250 m²')
    expect(formatArea(12_500_000)).toBe('12,500,000 m²')
    expect(formatArea(0)).toBe('0 m²')
    expect(formatArea(1)).toBe('1 m²')
  })

  it('shows one decimal only when the area is not whole', () => {
    expect(formatArea(92.5)).toBe('92.5 m²')
    expect(formatArea(92.46)).toBe('92.5 m²')
    expect(formatArea(180.04)).toBe('180 m²')
    expect(formatArea(1250.75)).toBe('1,250.8 m²')
  })

  it('writes nothing for an unknown area', () => {
    expect(formatArea(null)).toBe('')
    expect(formatArea(Number.NaN)).toBe('')
  })
})

describe('counts', () => {
  it('uses the singular for exactly one and the plural otherwise, zero and fractions included', () => {
    expect(formatCount(1, 'nivel', 'niveles')).toBe('1 nivel')
    expect(formatCount(0, 'nivel', 'niveles')).toBe('0 niveles')
    expect(formatCount(2, 'nivel', 'niveles')).toBe('2 niveles')
    expect(formatCount(1_000, 'nivel', 'niveles')).toBe('1,000 niveles')
  })

  it('names bedrooms, bathrooms and parking in Spanish', () => {
    expect(formatBedrooms(1)).toBe('1 recámara')
    expect(formatBedrooms(3)).toBe('3 recámaras')
    expect(formatBedrooms(0)).toBe('0 recámaras')
    expect(formatBathrooms(1)).toBe('1 baño')
    expect(formatBathrooms(2)).toBe('2 baños')
    expect(formatBathrooms(2.5)).toBe('2.5 baños')
    expect(formatBathrooms(1.5)).toBe('1.5 baños')
    expect(formatParking(1)).toBe('1 estacionamiento')
    expect(formatParking(2)).toBe('2 estacionamientos')
  })
})

describe('dates', () => {
  const originalTz = process.env.TZ
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ
    else process.env.TZ = originalTz
  })

  it('writes a long Spanish date', () => {
    expect(formatDate('2026-03-15T17:00:00Z')).toBe('15 de marzo de 2026')
    expect(formatDate('2026-01-01T12:00:00.000Z')).toBe('1 de enero de 2026')
    expect(formatDate('2026-09-30T12:00:00Z')).toBe('30 de septiembre de 2026')
  })

  it('reads an instant in Cancún (UTC−5): just after midnight UTC is still the previous day', () => {
    expect(formatDate('2026-03-16T03:30:00Z')).toBe('15 de marzo de 2026')
    expect(formatDate('2026-03-16T04:59:59Z')).toBe('15 de marzo de 2026')
    expect(formatDate('2026-03-16T05:00:00Z')).toBe('16 de marzo de 2026')
    expect(formatDate('2026-01-01T03:00:00.000Z')).toBe('31 de diciembre de 2025')
  })

  it('honours explicit offsets', () => {
    expect(formatDate('2026-03-15T23:30:00-05:00')).toBe('15 de marzo de 2026')
    expect(formatDate('2026-03-16T00:30:00+01:00')).toBe('15 de marzo de 2026') // 18:30 in Cancún
    expect(formatDate('2026-03-15T20:00:00-08:00')).toBe('15 de marzo de 2026') // 23:00 in Cancún
    expect(formatDate('2026-03-15T23:00:00-07:00')).toBe('16 de marzo de 2026') // 01:00 in Cancún
    expect(formatDate('2026-03-16T10:00:00+0530')).toBe('15 de marzo de 2026') // 23:30 in Cancún
  })

  it('prints a calendar date (no time, or no offset) as written', () => {
    expect(formatDate('2026-03-15')).toBe('15 de marzo de 2026')
    expect(formatDate('2026-03-01')).toBe('1 de marzo de 2026')
    expect(formatDate('2026-03-15T23:30:00')).toBe('15 de marzo de 2026')
    expect(formatDate('2026-03-15T00:00')).toBe('15 de marzo de 2026')
  })

  it('does not depend on the process time zone', async () => {
    const instant = new Date('2026-03-15T12:00:00Z')
    const hours: number[] = []
    // The module is loaded afresh in each zone, so formatters built at load time see that zone too.
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) { // UTC+14, UTC−11
      process.env.TZ = tz
      vi.resetModules()
      const fresh = await import('../../src/catalogue/format')
      hours.push(instant.getHours())
      expect(fresh.formatDate('2026-03-15'), tz).toBe('15 de marzo de 2026')
      expect(fresh.formatDate('2026-03-15T23:30:00'), tz).toBe('15 de marzo de 2026')
      expect(fresh.formatDate('2026-03-16T03:30:00Z'), tz).toBe('15 de marzo de 2026')
      expect(fresh.formatDate('2026-03-16T05:00:00Z'), tz).toBe('16 de marzo de 2026')
      expect(fresh.formatMonth('2027-06'), tz).toBe('junio de 2027')
      expect(fresh.formatMonth('2026-01'), tz).toBe('enero de 2026')
    }
    // The runtime did switch zones, so the assertions above are meaningful.
    expect(hours[0]).not.toBe(hours[1])
  })

  it('rejects what is not an ISO date', () => {
    for (const bad of ['', '15/03/2026', '2026-3-15', '2026-02-30', '2026-13-01', '2026-03-15T24:00:00Z', 'ayer']) {
      expect(() => formatDate(bad), bad).toThrow(RangeError)
    }
  })

  it('writes a "YYYY-MM" month', () => {
    expect(formatMonth('2027-06')).toBe('junio de 2027')
    expect(formatMonth('2026-01')).toBe('enero de 2026')
    expect(formatMonth('2026-12')).toBe('diciembre de 2026')
  })

  it("writes what Intl's es-MX long date writes, in Cancún and for calendar days, either side of 2015's change to UTC−5", () => {
    // One formatter per zone and shape: making one is the costly part, and this loop formats 20,000 instants.
    const formatters = new Map<string, Intl.DateTimeFormat>()
    const formatter = (timeZone: string, day: boolean) => {
      const key = `${timeZone} ${day}`
      if (!formatters.has(key)) formatters.set(key, new Intl.DateTimeFormat('es-MX', { timeZone, ...(day ? { day: 'numeric' } : {}), month: 'long', year: 'numeric' }))
      return formatters.get(key)!
    }
    const intl = (timeZone: string, date: Date, day = true) => {
      const parts = formatter(timeZone, day).formatToParts(date)
      const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value
      return day ? `${part('day')} de ${part('month')} de ${part('year')}` : `${part('month')} de ${part('year')}`
    }
    // Instants every 7 h 13 min from 2014 to 2030 (through 2015-02-01 at 02:00 in Cancún, UTC−6 → UTC−5).
    for (let t = Date.UTC(2014, 9, 1); t < Date.UTC(2030, 0, 1); t += (7 * 60 + 13) * 60_000) {
      const iso = new Date(t).toISOString()
      expect(formatDate(iso), iso).toBe(intl('America/Cancun', new Date(t)))
    }
    expect(formatDate('2015-02-01T07:59:00Z')).toBe('1 de febrero de 2015') // 01:59 at UTC−6
    expect(formatDate('2015-01-01T05:30:00Z')).toBe('31 de diciembre de 2014') // 23:30 at UTC−6
    // Calendar days and months of every month, years 0 to 9999 included (year 0 reads "1", 1 BC).
    for (const year of [0, 1, 5, 99, 999, 1000, 1582, 1900, 2000, 2026, 9999]) {
      for (let month = 1; month <= 12; month++) {
        const date = new Date(Date.UTC(2000, month - 1, 28))
        date.setUTCFullYear(year)
        const text = (n: number, width: number) => String(n).padStart(width, '0')
        expect(formatDate(`${text(year, 4)}-${text(month, 2)}-28`)).toBe(intl('UTC', date))
        expect(formatMonth(`${text(year, 4)}-${text(month, 2)}`)).toBe(intl('UTC', date, false))
      }
    }
  })

  it('rejects what is not a "YYYY-MM" month', () => {
    for (const bad of ['', '2027-6', '2027-13', '2027-00', '2027-06-01', 'junio']) {
      expect(() => formatMonth(bad), bad).toThrow(RangeError)
    }
  })
})

/** Every value of the model's list has a non-empty, trimmed label, and the map has no other key. */
function expectLabelled<K extends string>(list: readonly K[], map: Readonly<Record<K, unknown>>, label: (v: unknown) => string) {
  expect(Object.keys(map).sort()).toEqual([...list].sort())
  for (const key of list) {
    const text = label(map[key])
    expect(typeof text, key).toBe('string')
    expect(text.trim(), key).toBe(text)
    expect(text.length, key).toBeGreaterThan(0)
    // A Spanish display name, not a leaked slug: capitalised, no hyphen.
    expect(text, key).not.toBe(key)
    expect(text, key).not.toContain('-')
    expect(text[0], key).toBe(text[0]?.toLocaleUpperCase('es-MX'))
  }
  const texts = list.map((key) => label(map[key]))
  expect(new Set(texts).size).toBe(texts.length)
}
const asString = (v: unknown) => v as string

describe('labels', () => {
  it('labels every operation, as badge and as noun', () => {
    expectLabelled(OPERATIONS, OPERATION_LABELS, asString)
    expectLabelled(OPERATIONS, OPERATION_NOUNS, asString)
    expect(OPERATION_LABELS).toEqual({ venta: 'En venta', renta: 'En renta', preventa: 'Preventa' })
    expect(OPERATION_NOUNS).toEqual({ venta: 'Venta', renta: 'Renta', preventa: 'Preventa' })
  })

  it('labels every property type in singular and plural', () => {
    expectLabelled(PROPERTY_TYPES, PROPERTY_TYPE_LABELS, (v) => (v as { singular: string }).singular)
    expectLabelled(PROPERTY_TYPES, PROPERTY_TYPE_LABELS, (v) => (v as { plural: string }).plural)
    expect(PROPERTY_TYPE_LABELS).toEqual({
      casa: { singular: 'Casa', plural: 'Casas' },
      departamento: { singular: 'Departamento', plural: 'Departamentos' },
      terreno: { singular: 'Terreno', plural: 'Terrenos' },
      local: { singular: 'Local comercial', plural: 'Locales comerciales' },
      oficina: { singular: 'Oficina', plural: 'Oficinas' },
      bodega: { singular: 'Bodega', plural: 'Bodegas' },
    })
    expect(propertyTypeLabel('local')).toBe('Local comercial')
    expect(propertyTypeLabel('local', 1)).toBe('Local comercial')
    expect(propertyTypeLabel('local', 0)).toBe('Locales comerciales')
    expect(propertyTypeLabel('casa', 4)).toBe('Casas')
  })

  it('labels every unit kind, status, stage and currency', () => {
    expectLabelled(UNIT_KINDS, UNIT_KIND_LABELS, asString)
    expectLabelled(PROPERTY_STATUSES, STATUS_LABELS, asString)
    expectLabelled(DEVELOPMENT_STAGES, STAGE_LABELS, asString)
    expectLabelled(CURRENCIES, CURRENCY_LABELS, asString)
    expect(UNIT_KIND_LABELS).toEqual({ casas: 'Casas', departamentos: 'Departamentos', terrenos: 'Terrenos' })
    expect(STATUS_LABELS).toEqual({ disponible: 'Disponible', apartada: 'Apartada', vendida: 'Vendida', rentada: 'Rentada' })
    expect(STAGE_LABELS).toEqual({ preventa: 'Preventa', construccion: 'En construcción', 'entrega-inmediata': 'Entrega inmediata' })
    expect(CURRENCY_LABELS).toEqual({ MXN: 'Pesos mexicanos', USD: 'Dólares estadounidenses' })
  })

  it('labels every amenity, in Spanish with its accents', () => {
    expectLabelled(AMENITIES, AMENITY_LABELS, asString)
    expect(AMENITY_LABELS).toMatchObject({
      alberca: 'Alberca',
      gimnasio: 'Gimnasio',
      'seguridad-24h': 'Seguridad 24 h',
      'casa-club': 'Casa club',
      'areas-verdes': 'Áreas verdes',
      jardin: 'Jardín',
      'roof-garden': 'Roof garden',
      'vista-al-mar': 'Vista al mar',
      'frente-a-la-playa': 'Frente a la playa',
      'cancha-de-padel': 'Cancha de pádel',
      ciclovia: 'Ciclovía',
      'estacionamiento-visitas': 'Estacionamiento de visitas',
    })
  })

  it('labels every sort order and recognises sort keys', () => {
    expect(SORTS).toEqual(['recientes', 'precio-asc', 'precio-desc', 'm2-desc'])
    expectLabelled(SORTS, SORT_LABELS, asString)
    expect(SORT_LABELS).toEqual({
      recientes: 'Más recientes',
      'precio-asc': 'Precio: menor a mayor',
      'precio-desc': 'Precio: mayor a menor',
      'm2-desc': 'Más metros cuadrados',
    })
    expect(DEFAULT_SORT).toBe('recientes')
    for (const sort of SORTS) expect(isSort(sort), sort).toBe(true)
    for (const other of ['', 'precio', 'PRECIO-ASC', 'toString', undefined, null, 3]) {
      expect(isSort(other), String(other)).toBe(false)
    }
  })

  it('cannot be changed at run time', () => {
    const maps = [
      OPERATION_LABELS, OPERATION_NOUNS, PROPERTY_TYPE_LABELS, UNIT_KIND_LABELS, STATUS_LABELS,
      STAGE_LABELS, AMENITY_LABELS, CURRENCY_LABELS, SORT_LABELS,
    ]
    for (const map of maps) expect(Object.isFrozen(map)).toBe(true)
    for (const type of PROPERTY_TYPES) expect(Object.isFrozen(PROPERTY_TYPE_LABELS[type]), type).toBe(true)
  })
})
