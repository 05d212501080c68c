import { describe, expect, it } from 'vitest'
import { EXCHANGE_RATE_MXN_PER_USD } from '../../src/catalogue/format'
import type { ListingPage, ListingQuery } from '../../src/catalogue/listing-query'
import type { Price, Property } from '../../src/catalogue/model'
import { INITIAL_STATE, type AgentOutcome, type ConversationState } from '../../src/server/chat/agent'
import { catalogue, catalogueSearch, conversation, demoAgent } from '../support/agent-flows'
import { readAgency } from '../support/catalogue'

const SITE = 'http://localhost:3000'
/** Thursday 19 November 2026, 10:00 in Cancún. */
const THURSDAY = new Date('2026-11-19T15:00:00Z')

const mxn = (price: Price) => (price.currency === 'USD' ? price.amount * EXCHANGE_RATE_MXN_PER_USD : price.amount)
const bySlug = new Map(catalogue.properties.map((p) => [p.slug, p]))

const CARD_RE =
  /^\[!\[[^\]\n]+\]\((http:\/\/localhost:3000\/_ipx\/w_640&f_webp\/images\/[^\s()]+)\)\]\(http:\/\/localhost:3000\/propiedad\/[a-z0-9-]+\)\n\*\*([^*\n]+)\*\*\n([^\n]+)\n\[Ver propiedad\]\(http:\/\/localhost:3000\/propiedad\/([a-z0-9-]+)\)$/
const cardsOf = (outcome: AgentOutcome) => outcome.messages.filter((m) => m.startsWith('[!['))
const cardSlugs = (outcome: AgentOutcome) => cardsOf(outcome).map((m) => CARD_RE.exec(m)?.[4] ?? 'not-a-card')
const text = (outcome: AgentOutcome) => outcome.messages.join('\n\n')
const available = (filter: (p: Property) => boolean) => catalogue.properties.filter((p) => p.status === 'disponible' && filter(p))

describe('agent contract and state', () => {
  it('starts from a JSON-serialisable initial state and keeps it serialisable', async () => {
    expect(JSON.parse(JSON.stringify(INITIAL_STATE))).toEqual(INITIAL_STATE)
    const agent = demoAgent()
    const outcome = await agent.reply('busco casa en renta en huayacán', INITIAL_STATE)
    expect(JSON.parse(JSON.stringify(outcome.state))).toEqual(outcome.state)
    expect(outcome.state.criteria).toEqual({ operacion: 'renta', tipo: 'casa', zona: 'huayacan' })
    expect(INITIAL_STATE.criteria).toEqual({}) // the input state is not mutated
  })

  it('tolerates a missing or damaged stored state', async () => {
    const agent = demoAgent()
    for (const state of [null, undefined, {}, { criteria: 'x', shown: [1, 2], contact: 5 }, 'basura']) {
      const outcome = await agent.reply('hola', state as unknown as ConversationState)
      expect(outcome.messages.length).toBeGreaterThan(0)
      expect(outcome.state.criteria).toEqual({})
    }
  })
})

describe('search answers with cards', () => {
  it('answers with at most three available matches as markdown cards, a link to all results and a follow-up', async () => {
    const chat = conversation()
    const outcome = await chat.say('busco casa en renta en huayacán hasta 35 mil')
    const cards = cardsOf(outcome)
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.length).toBeLessThanOrEqual(3)
    const expected = available((p) => p.operation === 'renta' && p.type === 'casa' && p.zone === 'huayacan' && p.price.amount <= 35000)
    expect(cardSlugs(outcome).sort()).toEqual(expected.map((p) => p.slug).sort())
    // The rented one (31,000) is in the catalogue and matches, but is not available.
    expect(bySlug.get('casa-con-jardin-en-renta-en-huayacan')?.status).toBe('rentada')
    expect(cardSlugs(outcome)).not.toContain('casa-con-jardin-en-renta-en-huayacan')
    for (const card of cards) expect(card).toMatch(CARD_RE)

    const house = bySlug.get('casa-en-renta-en-huayacan-4-recamaras') as Property
    expect(cards).toContain(
      // The photo opens the property page (issue 17).
      `[![${house.images[0]?.alt}](${SITE}/_ipx/w_640&f_webp${house.images[0]?.src})](${SITE}/propiedad/${house.slug})\n` +
        `**${house.title}**\n` +
        '$27,000 MXN / mes · 4 recámaras · 3.5 baños · 219 m² · Huayacán\n' +
        `[Ver propiedad](${SITE}/propiedad/${house.slug})`,
    )
    const last = outcome.messages[outcome.messages.length - 1] ?? ''
    expect(last).toContain(`(${SITE}/buscar-propiedades?operacion=renta&tipo=casa&zona=huayacan&precio_max=35000&moneda=MXN)`)
    expect(last).toMatch(/¿Quieres agendar una visita/)
    expect(outcome.messages[0]).toContain('Encontré 2 casas en renta en Huayacán hasta $35,000 MXN al mes')
    expect(chat.log[0]).toMatchObject({ operacion: 'renta', tipo: 'casa', zona: 'huayacan', precio_max: 35000, moneda: 'MXN' })
  })

  it('shows three of many, says how many there are and offers more', async () => {
    const chat = conversation()
    const outcome = await chat.say('departamento en venta')
    const all = available((p) => p.operation === 'venta' && p.type === 'departamento')
    expect(all.length).toBeGreaterThan(3)
    expect(cardsOf(outcome)).toHaveLength(3)
    expect(outcome.messages[0]).toContain(`Encontré ${all.length} departamentos en venta`)
    expect(text(outcome)).toContain(`[Ver los ${all.length} resultados en el sitio](${SITE}/buscar-propiedades?operacion=venta&tipo=departamento)`)
    expect(text(outcome)).toContain('¿Quieres agendar una visita o te comparto más opciones?')
  })

  it('pages through "más opciones" without repeating, and says when there are no more', async () => {
    const chat = conversation()
    const first = await chat.say('depa en renta')
    const second = await chat.say('más opciones')
    const third = await chat.say('más opciones')
    const fourth = await chat.say('más opciones')
    const shown = [...cardSlugs(first), ...cardSlugs(second), ...cardSlugs(third), ...cardSlugs(fourth)]
    const all = available((p) => p.operation === 'renta' && p.type === 'departamento')
    expect(new Set(shown).size).toBe(shown.length)
    expect(shown.sort()).toEqual(all.map((p) => p.slug).sort())
    const done = await chat.say('más opciones')
    expect(cardsOf(done)).toHaveLength(0)
    expect(text(done)).toContain(`Ya te mostré las ${all.length} opciones disponibles`)
  })

  it('pages on through the alternatives when nothing matches exactly, then says there are no more', async () => {
    const chat = conversation()
    const first = await chat.say('casa en renta en huayacan hasta 15 mil')
    const more = await chat.say('más opciones')
    expect(more.messages[0]).toContain('Aquí tienes más opciones cercanas')
    for (const slug of cardSlugs(more)) {
      expect(cardSlugs(first)).not.toContain(slug)
      expect(bySlug.get(slug)).toMatchObject({ type: 'casa', operation: 'renta', status: 'disponible' })
    }
    let last = more
    for (let i = 0; i < 5 && cardsOf(last).length > 0; i++) last = await chat.say('más opciones')
    expect(text(last)).toContain('Ya te mostré todas las opciones parecidas')
  })

  it('builds absolute URLs from a site URL with a trailing slash', async () => {
    const agent = demoAgent({ siteUrl: 'https://example.com/' })
    const outcome = await agent.reply('terreno en cumbres suiko', INITIAL_STATE)
    expect(cardsOf(outcome)[0]).toContain('(https://example.com/_ipx/w_640&f_webp/images/propiedades/prop-006-exterior.svg)')
    expect(text(outcome)).toContain('(https://example.com/propiedad/lote-residencial-en-venta-en-residencial-cumbres-suiko)')
    expect(text(outcome)).toContain('(https://example.com/buscar-propiedades?tipo=terreno&desarrollo=residencial-cumbres-suiko)')
    expect(text(outcome)).not.toContain('.com//')
  })

  it('shows a converted price when the budget is in the other currency', async () => {
    const outcome = await demoAgent().reply('departamento en la zona hotelera de hasta 8 millones de pesos', INITIAL_STATE)
    expect(text(outcome)).toContain('USD 350,000 (≈ $6,475,000 MXN)')
  })

  it('gives each visitor the cards in their own language and budget currency, however many it answered before', async () => {
    // One agent answers every visitor of a process, and keeps each card it made (cards.ts).
    const agent = demoAgent()
    const spanish = await agent.reply('departamento en la zona hotelera', INITIAL_STATE)
    const english = await agent.reply('I am looking for an apartment in the hotel zone', INITIAL_STATE)
    const pesos = await agent.reply('departamento en la zona hotelera de hasta 8 millones de pesos', INITIAL_STATE)
    const again = await agent.reply('departamento en la zona hotelera', INITIAL_STATE)
    const linked = (outcome: AgentOutcome) => cardsOf(outcome).map((card) => /\/propiedad\/([a-z0-9-]+)\)$/.exec(card)?.[1])
    expect(linked(english)).toEqual(cardSlugs(spanish))
    expect(cardsOf(spanish).every((card) => card.endsWith(')') && card.includes('[Ver propiedad]('))).toBe(true)
    expect(cardsOf(english).every((card) => card.includes('[See the property]('))).toBe(true)
    expect(text(spanish)).not.toContain('≈')
    expect(text(pesos)).toContain('USD 350,000 (≈ $6,475,000 MXN)')
    expect(cardsOf(again)).toEqual(cardsOf(spanish))
  })
})

describe('multi-turn refinement', () => {
  it('keeps the criteria across turns and refines them', async () => {
    const chat = conversation()
    await chat.say('depa en renta')
    await chat.say('en la zona hotelera')
    expect(chat.state.criteria).toEqual({ operacion: 'renta', tipo: 'departamento', zona: 'zona-hotelera' })
    const withPool = await chat.say('¿y con alberca?')
    expect(chat.state.criteria).toEqual({ operacion: 'renta', tipo: 'departamento', zona: 'zona-hotelera', amenidades: ['alberca'] })
    for (const slug of cardSlugs(withPool)) expect(bySlug.get(slug)?.amenities).toContain('alberca')
    await chat.say('mejor en Puerto Cancún')
    expect(chat.state.criteria).toEqual({ operacion: 'renta', tipo: 'departamento', zona: 'puerto-cancun', amenidades: ['alberca'] })
    expect(chat.log[chat.log.length - 1]).toMatchObject({ operacion: 'renta', tipo: 'departamento', zona: 'puerto-cancun', amenidades: ['alberca'] })
  })

  it('"¿y más barato?" lowers the cap to about 20% under the cheapest shown', async () => {
    const chat = conversation()
    // Three bedrooms: the first cards (featured, newest) leave a cheaper one to find.
    const first = await chat.say('departamento en venta de 3 recámaras')
    const cheapestShown = Math.min(...cardSlugs(first).map((s) => mxn((bySlug.get(s) as Property).price)))
    const cheaper = await chat.say('¿y más barato?')
    expect(chat.state.criteria.precio_max).toBe(Math.floor((cheapestShown * 0.8) / 100_000) * 100_000)
    expect(chat.state.criteria).toMatchObject({ operacion: 'venta', tipo: 'departamento', moneda: 'MXN', orden: 'precio-asc' })
    expect(cardSlugs(cheaper).length).toBeGreaterThan(0)
    for (const slug of cardSlugs(cheaper)) expect(mxn((bySlug.get(slug) as Property).price)).toBeLessThan(cheapestShown)
  })

  it('"¿en venta?" switches the operation, keeps type and zone and drops a rent budget', async () => {
    const chat = conversation()
    await chat.say('casa en renta en huayacan hasta 30 mil')
    const sale = await chat.say('¿en venta?')
    expect(chat.state.criteria).toEqual({ operacion: 'venta', tipo: 'casa', zona: 'huayacan' })
    expect(sale.messages[0]).toContain('Quité el presupuesto anterior')
    for (const slug of cardSlugs(sale)) expect(bySlug.get(slug)).toMatchObject({ operation: 'venta', type: 'casa', zone: 'huayacan', status: 'disponible' })
  })

  it('"sin límite de precio", "otra zona" and a new search', async () => {
    const chat = conversation()
    await chat.say('depa en renta en huayacan hasta 16 mil')
    await chat.say('sin límite de precio')
    expect(chat.state.criteria).toEqual({ operacion: 'renta', tipo: 'departamento', zona: 'huayacan' })
    const elsewhere = await chat.say('otra zona')
    expect(chat.state.criteria).toEqual({ operacion: 'renta', tipo: 'departamento' })
    expect(cardSlugs(elsewhere).length).toBeGreaterThan(0)
    for (const slug of cardSlugs(elsewhere)) expect(bySlug.get(slug)?.zone).not.toBe('huayacan')
    expect(elsewhere.messages[0]).toContain('fuera de Huayacán')
    await chat.say('ahora busco un terreno')
    expect(chat.state.criteria).toEqual({ tipo: 'terreno' })
  })
})

describe('no match: honest answer and closest alternatives', () => {
  it('drops the price cap and says how much the cheapest costs', async () => {
    const outcome = await demoAgent().reply('casa en renta en huayacan hasta 15 mil', INITIAL_STATE)
    expect(outcome.messages[0]).toContain('No tengo disponibles casas en renta en Huayacán hasta $15,000 MXN al mes')
    expect(outcome.messages[0]).toContain('La opción más económica cuesta **$20,000 MXN / mes**')
    expect(outcome.messages[0]).toContain('sin el tope de precio')
    expect(cardSlugs(outcome)[0]).toBe('casa-en-renta-en-huayacan-3-recamaras')
    expect(text(outcome)).toContain(`${SITE}/buscar-propiedades?operacion=renta&tipo=casa&zona=huayacan&orden=precio-asc`)
  })

  it('drops bedrooms when the price is not the problem', async () => {
    const outcome = await demoAgent().reply('depa en renta en huayacan de 4 recámaras', INITIAL_STATE)
    expect(outcome.messages[0]).toContain('No tengo disponibles departamentos en renta en Huayacán con 4 recámaras o más.')
    expect(outcome.messages[0]).toContain('con menos recámaras')
    for (const slug of cardSlugs(outcome)) expect(bySlug.get(slug)).toMatchObject({ zone: 'huayacan', type: 'departamento', operation: 'renta' })
  })

  it('widens the zone, and finally the operation', async () => {
    const houses = await demoAgent().reply('casa en renta en la zona hotelera', INITIAL_STATE)
    expect(houses.messages[0]).toContain('No tengo disponibles casas en renta en la Zona Hotelera')
    expect(houses.messages[0]).toContain('en otras zonas')
    for (const slug of cardSlugs(houses)) expect(bySlug.get(slug)).toMatchObject({ type: 'casa', operation: 'renta' })
    const land = await demoAgent().reply('terreno en renta en la zona hotelera', INITIAL_STATE)
    expect(land.messages[0]).toContain('en otras zonas y en venta o preventa')
    for (const slug of cardSlugs(land)) expect(bySlug.get(slug)?.type).toBe('terreno')
  })

  it('says so when the catalogue cannot be searched', async () => {
    const agent = demoAgent({ search: () => Promise.reject(new Error('db down')) })
    const outcome = await agent.reply('casa en venta', INITIAL_STATE)
    expect(outcome.messages).toHaveLength(1)
    expect(outcome.messages[0]).toContain('no pude consultar el catálogo')
  })
})

describe('common questions', () => {
  const ask = async (question: string) => {
    const log: ListingQuery[] = []
    const outcome = await demoAgent({ search: catalogueSearch(catalogue, log) }).reply(question, INITIAL_STATE)
    return { outcome, all: text(outcome), searched: log.length > 0 }
  }

  it('office hours and location', async () => {
    const { all, searched } = await ask('¿cuál es su horario y dónde están?')
    expect(all).toContain('Av. Bonampak SM 10, Cancún, Quintana Roo')
    expect(all).toContain('lunes a viernes de 9:00 a 19:00')
    expect(all).toContain('sábados de 10:00 a 14:00')
    expect(searched).toBe(false)
  })

  it('rental requirements', async () => {
    const { all, searched } = await ask('¿qué requisitos piden para rentar?')
    for (const part of ['Identificación oficial', '3 veces la renta', 'Aval', 'póliza jurídica', '1 a 2 meses']) expect(all).toContain(part)
    expect(searched).toBe(false)
  })

  it('credit types, and the trust for foreigners', async () => {
    const { all } = await ask('¿aceptan infonavit?')
    for (const part of ['Infonavit', 'Fovissste', 'cofinanciamiento', 'Crédito bancario hipotecario', 'fideicomiso bancario']) expect(all).toContain(part)
    const foreigner = await ask('soy extranjero, ¿puedo comprar?')
    expect(foreigner.all).toContain('fideicomiso bancario')
    expect(foreigner.searched).toBe(false)
  })

  it('pre-sale process', async () => {
    const { all, searched } = await ask('¿cómo funciona la preventa?')
    for (const part of ['Apartado', 'Enganche', 'Mensualidades', 'Entrega', 'Escrituración']) expect(all).toContain(part)
    expect(searched).toBe(false)
  })

  it('who are you, greetings, thanks and goodbye', async () => {
    expect((await ask('¿quién eres?')).all).toContain('asistente virtual de **Cancún Propiedades**')
    expect((await ask('hola')).all).toMatch(/^¡Hola! Soy el asistente virtual de \*\*Cancún Propiedades\*\*/)
    expect((await ask('muchas gracias')).all).toContain('¡Con gusto!')
    expect((await ask('adiós')).all).toContain('¡Gracias por escribirnos!')
  })

  it('greets a visitor who introduces themselves without asking for a phone', async () => {
    const { outcome } = await ask('Hola, soy Ana')
    expect(text(outcome)).toContain('¡Mucho gusto, Ana!')
    expect(text(outcome)).not.toContain('teléfono')
    expect(outcome.lead).toBeUndefined()
  })

  it('greets and searches in the same answer', async () => {
    const { outcome } = await ask('Hola, busco depa en renta en el centro')
    expect(outcome.messages[0]).toMatch(/^¡Hola! Encontré/)
    expect(cardsOf(outcome).length).toBeGreaterThan(0)
  })
})

describe('lead capture', () => {
  it('asks for what is missing, rejects an invalid phone and emits the lead once', async () => {
    const chat = conversation()
    const results = await chat.say('depa en renta en el centro')
    const second = cardSlugs(results)[1] as string
    const interest = await chat.say('me interesa la segunda')
    expect(interest.lead).toBeUndefined()
    expect(text(interest)).toMatch(/nombre y un teléfono/)

    const named = await chat.say('soy Ana López')
    expect(named.lead).toBeUndefined()
    expect(text(named)).toContain('Gracias, Ana. ¿Me compartes un teléfono (10 dígitos) o un correo')

    const invalid = await chat.say('mi cel es 998 123')
    expect(invalid.lead).toBeUndefined()
    expect(text(invalid)).toContain('no parece completo: necesito 10 dígitos')

    const done = await chat.say('998-123-4567')
    expect(done.lead).toEqual({
      name: 'Ana López',
      phone: '9981234567',
      email: null,
      propertySlug: second,
      message: expect.stringContaining((bySlug.get(second) as Property).title),
    })
    expect(done.lead?.message).toContain('Busca: departamentos en renta en el Centro')
    expect(text(done)).toContain('¡Gracias, Ana! Un asesor te contactará hoy mismo al 998 123 4567')

    expect((await chat.say('gracias')).lead).toBeUndefined()
    expect((await chat.say('quiero que me contacten')).lead).toBeUndefined()
    expect((await chat.say('mi cel es 998 123 4567')).lead).toBeUndefined()
    const changed = await chat.say('mejor a mi correo ana@mail.com')
    expect(changed.lead).toMatchObject({ name: 'Ana López', phone: '9981234567', email: 'ana@mail.com' })
  })

  it('takes everything from one message', async () => {
    const chat = conversation()
    const outcome = await chat.say('quiero que me contacten, soy Luis Pérez, luis@correo.mx')
    expect(outcome.lead).toEqual({ name: 'Luis Pérez', phone: null, email: 'luis@correo.mx', propertySlug: null, message: expect.any(String) })
  })

  it('asks again for an invalid e-mail and for a missing name', async () => {
    const chat = conversation()
    await chat.say('quiero informes')
    const badEmail = await chat.say('ana@mail')
    expect(badEmail.lead).toBeUndefined()
    expect(text(badEmail)).toContain('no parece válido')
    const noName = await chat.say('ana@mail.com')
    expect(noName.lead).toBeUndefined()
    expect(text(noName)).toContain('¿A nombre de quién')
    const named = await chat.say('Ana')
    expect(named.lead).toMatchObject({ name: 'Ana', email: 'ana@mail.com', phone: null })
  })
})

describe('appointments', () => {
  it('gives a visit booked after the visitor asked for a member of the team by name to that member\'s account', async () => {
    const agency = readAgency()
    const team = agency.team.map((member) => (member.name === 'Mariana Cetina' ? { ...member, accountId: 'cuenta-mariana' } : member))
    const chat = conversation({ agency: { ...agency, team } })
    expect((await chat.say('Hola, quiero hablar con Mariana')).handoffTo).toBe('cuenta-mariana')
    // She handed it back (or went idle): the automated agent answers again, and books.
    const first = cardSlugs(await chat.say('casa en venta en cumbres suiko'))[0]
    await chat.say('quiero ver la primera el sábado a las 11')
    const booked = await chat.say('soy Ana López, mi cel es 998 123 4567')
    expect(booked.appointment).toMatchObject({ at: '2026-11-28T11:00:00-05:00', propertySlug: first, adviser: 'cuenta-mariana' })
  })

  it('books "el sábado a las 11" for the chosen property once contact data arrives', async () => {
    const chat = conversation()
    const results = await chat.say('casa en venta en cumbres suiko')
    const first = cardSlugs(results)[0]
    const asked = await chat.say('quiero ver la primera el sábado a las 11')
    expect(asked.appointment).toBeUndefined()
    expect(text(asked)).toContain('sábado 28 de noviembre a las 11:00')
    expect(text(asked)).toMatch(/nombre y un teléfono/)
    const booked = await chat.say('soy Ana López, mi cel es 998 123 4567')
    expect(booked.appointment).toEqual({
      at: '2026-11-28T11:00:00-05:00',
      name: 'Ana López',
      phone: '9981234567',
      email: null, // none given: no confirmation e-mail (docs/email.md#visits)
      propertySlug: first,
      note: expect.stringContaining('sábado 28 de noviembre a las 11:00'),
      adviser: null, // nobody of the team was asked for
    })
    expect(booked.lead).toMatchObject({ name: 'Ana López', phone: '9981234567', propertySlug: first })
    expect(text(booked)).toContain('¡Listo, Ana! Tu visita')
    expect(text(booked)).toContain('**sábado 28 de noviembre a las 11:00**')
    const after = await chat.say('gracias')
    expect(after.appointment).toBeUndefined()
    expect(after.lead).toBeUndefined()
  })

  it('refuses Sunday ("mañana" on a Saturday), proposes Monday and books it on "sí", reusing the lead', async () => {
    const chat = conversation()
    await chat.say('soy Ana López, 998 123 4567')
    const refused = await chat.say('quiero agendar una visita mañana a las 5 de la tarde')
    expect(refused.appointment).toBeUndefined()
    expect(text(refused)).toContain('Los domingos no agendamos visitas')
    expect(text(refused)).toContain('lunes 23 de noviembre a las 17:00')
    const accepted = await chat.say('sí')
    expect(accepted.appointment).toMatchObject({ at: '2026-11-23T17:00:00-05:00', name: 'Ana López', phone: '9981234567' })
    expect(accepted.lead).toBeUndefined() // already emitted with the same data
  })

  it('books "mañana a las 5 de la tarde" on a weekday', async () => {
    const chat = conversation({ now: () => THURSDAY })
    await chat.say('soy Ana, ana@mail.com')
    const booked = await chat.say('quiero visitar la casa mañana a las 5 de la tarde')
    expect(booked.appointment).toMatchObject({ at: '2026-11-20T17:00:00-05:00', name: 'Ana', phone: null })
    expect(text(booked)).toContain('viernes 20 de noviembre a las 17:00')
  })

  it('books a specific date, and asks the time when only the day is given', async () => {
    const chat = conversation()
    await chat.say('soy Ana, 9981234567')
    const dated = await chat.say('¿puedo agendar una cita el 3 de diciembre a las 10am?')
    expect(dated.appointment?.at).toBe('2026-12-03T10:00:00-05:00')
    const dayOnly = await chat.say('y otra visita el viernes')
    expect(dayOnly.appointment).toBeUndefined()
    expect(text(dayOnly)).toContain('¿A qué hora te acomoda el **viernes 27 de noviembre**?')
    const timed = await chat.say('a las 12')
    expect(timed.appointment?.at).toBe('2026-11-27T12:00:00-05:00')
  })

  it('after results, "sí" starts a visit: which one, when, and who', async () => {
    const chat = conversation()
    const results = await chat.say('terreno en huayacan')
    const second = cardSlugs(results)[1]
    const yes = await chat.say('sí')
    expect(text(yes)).toContain('¿Cuál te gustaría visitar (1, 2 o 3)?')
    expect(text(yes)).toContain('¿Qué día y a qué hora te acomoda?')
    const when = await chat.say('la 2, el lunes a las 10')
    expect(text(when)).toContain('lunes 23 de noviembre a las 10:00')
    const booked = await chat.say('Marina Gómez, marina@mail.com')
    expect(booked.appointment).toMatchObject({ at: '2026-11-23T10:00:00-05:00', name: 'Marina Gómez', propertySlug: second })
  })

  it('«quiero visitarla el sábado a las 11» with three results shown asks which one before booking, once', async () => {
    const chat = conversation()
    const results = await chat.say('busco casa en huayacan')
    const second = cardSlugs(results)[1]
    await chat.say('me llamo Ana Ruiz, mi teléfono es 998 123 4567')
    const asked = await chat.say('quiero visitarla el sábado a las 11')
    expect(asked.appointment).toBeUndefined()
    expect(text(asked)).toContain('Te aparto el **sábado 28 de noviembre a las 11:00**. ¿Cuál te gustaría visitar (1, 2 o 3)?')
    const booked = await chat.say('la segunda')
    expect(booked.appointment).toMatchObject({ at: '2026-11-28T11:00:00-05:00', name: 'Ana Ruiz', propertySlug: second })
    expect(text(booked)).toContain('¡Listo, Ana! Tu visita a **')

    // Given with the contact data, the visit is asked about with thanks; «cualquiera» books it without a property.
    const other = conversation()
    await other.say('busco casa en huayacan')
    await other.say('quiero ir a verla el lunes a las 10')
    const named = await other.say('soy Pedro, 9981112233')
    expect(named.lead).toMatchObject({ name: 'Pedro', phone: '9981112233' })
    expect(named.appointment).toBeUndefined()
    expect(text(named)).toBe('¡Gracias, Pedro! Te aparto el **lunes 23 de noviembre a las 10:00**. ¿Cuál te gustaría visitar (1, 2 o 3)?')
    const any = await other.say('cualquiera')
    expect(any.appointment).toMatchObject({ at: '2026-11-23T10:00:00-05:00', name: 'Pedro', propertySlug: null })
  })

  it('«la primera» answering «¿Quieres que agendemos una visita?» is the property to visit, not more contact data', async () => {
    const chat = conversation()
    const first = cardSlugs(await chat.say('busco casa en huayacan'))[0]
    expect(text(await chat.say('soy Ana, 9981234567'))).toContain('¿Quieres que agendemos una visita?')
    const chosen = await chat.say('la primera')
    expect(text(chosen)).not.toMatch(/Ya tengo tus datos/)
    expect(text(chosen)).toMatch(/^¡Con gusto agendamos tu visita a \*\*.+\*\*! ¿Qué día y a qué hora te acomoda\?/)
    const booked = await chat.say('el lunes a las 10')
    expect(booked.appointment).toMatchObject({ at: '2026-11-23T10:00:00-05:00', name: 'Ana', propertySlug: first })
  })

  it('«quiero visitar el departamento de Puerto Cancún» after houses in Huayacán finds those apartments, then asks which and when', async () => {
    const chat = conversation()
    await chat.say('busco casa en huayacan')
    const found = await chat.say('kiero bisitar el departamento de puerto cancun')
    const slugs = cardSlugs(found)
    expect(slugs.length).toBeGreaterThan(1)
    for (const slug of slugs) expect(bySlug.get(slug)).toMatchObject({ type: 'departamento', zone: 'puerto-cancun' })
    const numbers = slugs.length === 2 ? '1 o 2' : '1, 2 o 3'
    expect(found.messages.at(-1)).toMatch(new RegExp(`^¡Con gusto agendamos tu visita! ¿Cuál te gustaría visitar \\(${numbers}\\)\\? ¿Qué día`))
    expect(text(found)).not.toContain('¿Quieres agendar una visita o te comparto más opciones?')
    const when = await chat.say('la 2, el lunes a las 10')
    expect(text(when)).toContain('lunes 23 de noviembre a las 10:00')
    const booked = await chat.say('Marina Gómez, marina@mail.com')
    expect(booked.appointment).toMatchObject({ at: '2026-11-23T10:00:00-05:00', propertySlug: slugs[1] })
  })

  it('refuses past and out-of-hours times with the nearest valid slot', async () => {
    const chat = conversation()
    await chat.say('soy Ana, 9981234567')
    const past = await chat.say('quiero una visita hoy a las 9 de la mañana')
    expect(past.appointment).toBeUndefined()
    expect(text(past)).toContain('ya pasó')
    expect(text(past)).toContain('sábado 21 de noviembre a las 11:00')
    const late = await chat.say('mejor el lunes a las 8 de la noche')
    expect(late.appointment).toBeUndefined()
    expect(text(late)).toContain('A esa hora no podemos')
    expect(text(late)).toContain('lunes 23 de noviembre a las 18:00')
    const ok = await chat.say('va, el lunes a las 6 de la tarde')
    expect(ok.appointment?.at).toBe('2026-11-23T18:00:00-05:00')
  })
})

describe('handoff', () => {
  it('hands the conversation to a person and asks for a phone when there is none', async () => {
    const chat = conversation()
    const outcome = await chat.say('quiero hablar con un asesor')
    expect(outcome.handoff).toBe(true)
    expect(chat.state.handoff).toBe(true)
    expect(text(outcome)).toContain('una persona de nuestro equipo continuará esta conversación')
    expect(text(outcome)).toContain('teléfono')
    const data = await chat.say('Pedro Ramírez 998 765 4321')
    expect(data.lead).toMatchObject({ name: 'Pedro Ramírez', phone: '9987654321' })
    expect(data.lead?.message).toContain('pidió hablar con un asesor')
  })

  it('does not ask for the phone again when it is known, and reads "agente real"', async () => {
    const chat = conversation()
    await chat.say('soy Ana, 9981234567')
    const outcome = await chat.say('¿me pasas con un agente real?')
    expect(outcome.handoff).toBe(true)
    expect(text(outcome)).not.toContain('teléfono')
    expect((await demoAgent().reply('¿eres humano?', INITIAL_STATE)).handoff).toBeUndefined()
  })
})

describe('robustness', () => {
  const inputs = [
    '',
    '   ',
    '🏠🙂👍',
    'x'.repeat(2000),
    'casa en renta en huayacan con alberca '.repeat(60).slice(0, 2000),
    'Hello, I am looking for a beach apartment, can you help me?',
    'What are your office hours?',
    '<script>alert(1)</script><img src=x onerror=alert(2)>',
    '$$$ 999999999999999999999 %%% ((( ]]] [[[ )))',
    '\u0000\u0001\u202e',
    'null',
  ]

  it.each(inputs.map((input) => [input.slice(0, 40), input]))('answers sensibly in Spanish: %s', async (_label, input) => {
    const started = Date.now()
    const outcome = await demoAgent().reply(input, INITIAL_STATE)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(outcome.messages.length).toBeGreaterThan(0)
    for (const message of outcome.messages) {
      expect(typeof message).toBe('string')
      expect(message.trim().length).toBeGreaterThan(0)
      expect(message).not.toMatch(/<\/?[a-z][^>]*>/i) // plain markdown, never HTML
    }
    expect(text(outcome)).toMatch(/[áéíóúñ¿¡]/) // Spanish
    expect(JSON.parse(JSON.stringify(outcome.state))).toEqual(outcome.state)
  })

  it('answers English in English (issue 17)', async () => {
    // The question is answered (the knowledge base's «languages» entry), in English, after the greeting.
    const outcome = await demoAgent().reply('Hi! Do you speak English?', INITIAL_STATE)
    expect(text(outcome)).toMatch(/^Hi! We work in \*\*Spanish and English\*\*/)
    const search = await demoAgent().reply('hello, do you have apartments for rent?', INITIAL_STATE)
    expect(search.messages[0]).toMatch(/^Hi! I found \d+ apartments for rent/)
  })

  it('writes the phone in English as in Spanish, spaced: «at 998 123 4567»', async () => {
    const chat = conversation()
    await chat.say('Hi, I would like an agent to contact me')
    const done = await chat.say('my name is Ann Smith, my phone is 9981234567')
    expect(done.lead?.phone).toBe('9981234567')
    expect(text(done)).toContain('at 998 123 4567')
  })

  it('never throws, even with a broken clock or a strange text', async () => {
    const agent = demoAgent({
      now: () => {
        throw new Error('no clock')
      },
    })
    await expect(agent.reply('mañana a las 11', INITIAL_STATE)).resolves.toMatchObject({ messages: expect.any(Array) })
    await expect(agent.reply(42 as unknown as string, INITIAL_STATE)).resolves.toMatchObject({ messages: expect.any(Array) })
    const broken = demoAgent({ search: () => Promise.resolve({} as ListingPage<Property>) })
    const outcome = await broken.reply('casa en venta', INITIAL_STATE)
    expect(outcome.messages.length).toBeGreaterThan(0)
  })
})
