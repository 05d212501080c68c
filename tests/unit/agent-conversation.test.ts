/**
 * The verbatim failures of issue 17, one test each: follow-ups about shown cards, the page the
 * visitor is on, questions the data cannot answer, money in words, intents beyond search,
 * English, and Spanish that reads as written by a person (docs/behaviour.md#agent).
 */
import { describe, expect, it } from 'vitest'
import { convertPrice, formatPrice, toMxn } from '../../src/catalogue/format'
import type { Property } from '../../src/catalogue/model'
import type { AgentOutcome } from '../../src/server/chat/agent'
import { contract } from '../../src/server/chat/agent/turn'
import { catalogue, conversation as demoConversation } from '../support/agent-flows'

const bySlug = new Map(catalogue.properties.map((p) => [p.slug, p]))
/** The demo agent, which reads a property straight from the catalogue. */
const conversation = () => demoConversation({ property: async (slug) => bySlug.get(slug) ?? null })

const all = (o: AgentOutcome) => o.messages.join('\n')
const cards = (o: AgentOutcome) => o.messages.filter((m) => /^\[?!\[/.test(m)).map((m) => /\/propiedad\/([a-z0-9-]+)\)$/.exec(m)?.[1] ?? '')
const property = (slug: string) => bySlug.get(slug) as Property

describe('issue 17: what a visitor means', () => {
  it('«me pasas su whatsapp?» gives the agency\'s channels, not a search', async () => {
    const outcome = await conversation().say('me pasas su whatsapp?')
    expect(cards(outcome)).toEqual([])
    expect(all(outcome)).toContain('https://wa.me/529981234567')
    expect(all(outcome)).toContain('998 123 4567')
  })

  it('«me llamo Laura Pérez, mi teléfono es …» after a visit is asked for books it, without the agency\'s channels', async () => {
    const chat = conversation()
    await chat.say('Quiero visitar una casa en Huayacán el sábado a las 11')
    const booked = await chat.say('Me llamo Laura Pérez, mi teléfono es 9987654321')
    expect(all(booked)).toMatch(/Laura/)
    expect(all(booked)).toMatch(/998 765 4321/)
    expect(all(booked)).not.toMatch(/datos de contacto:/)
  })

  it('«la segunda… ¿tiene estacionamiento?» answers with the second card\'s parking', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('busco casa en venta en huayacan'))
    const second = property(shown[1] ?? '')
    const answer = await chat.say('la segunda… ¿tiene estacionamiento?')
    expect(cards(answer)).toEqual([])
    expect(all(answer)).toContain(`${second.parking} lugares de estacionamiento`)
    expect(all(answer)).toContain(`/propiedad/${second.slug}`)
  })

  it('on a property page, «esta casa sigue disponible?» is about that property', async () => {
    const slug = 'casa-con-estudio-en-venta-en-huayacan' // sold
    const outcome = await conversation().say('esta casa sigue disponible?', { page: `/propiedad/${slug}` })
    expect(cards(outcome)).toEqual([])
    expect(all(outcome)).toContain('Ya no está disponible: está vendida')
    expect(all(outcome)).toContain(`/propiedad/${slug}`)
  })

  it('«cual es la mas barata?» names the cheapest shown, with no budget the visitor never gave', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('departamentos en venta en puerto cancun')).map(property)
    const answer = await chat.say('cual es la mas barata?')
    const inMxn = (p: Property) => toMxn(p.price.amount, p.price.currency)
    const cheapest = [...shown].sort((a, b) => inMxn(a) - inMxn(b))[0] as Property
    expect(all(answer)).toContain(`/propiedad/${cheapest.slug}`)
    expect(all(answer)).not.toMatch(/tope/)
    expect(cards(answer)).toEqual([])
  })

  it('«3 millones 610» is 3,610,000; «menos de 200 mil dólares» after rents is a purchase budget', async () => {
    const chat = conversation()
    const first = await chat.say('casa en venta de 3 millones 610')
    expect(cards(first).length).toBeGreaterThan(0)
    for (const slug of cards(first)) expect(property(slug).price.amount).toBeLessThanOrEqual(3_610_000)
    expect(all(first)).toContain('$3,610,000 MXN')
    const rent = conversation()
    await rent.say('depas en renta en el centro')
    const dollars = await rent.say('menos de 200 mil dólares')
    expect(cards(dollars).length).toBeGreaterThan(0)
    for (const slug of cards(dollars)) expect(property(slug).operation).not.toBe('renta')
  })

  it('«y cuánto tendría que dar de enganche?» about a resale house answers for resale, not the pre-sale process', async () => {
    const chat = conversation()
    await chat.say('casa en venta en el poligono sur')
    await chat.say('me gusta la primera')
    const answer = await chat.say('y cuánto tendría que dar de enganche?')
    expect(all(answer)).toContain('enganche')
    expect(all(answer)).toContain('**terminada**')
    expect(all(answer)).not.toContain('Mensualidades')
  })

  it('«gracias!! oye y esa casa sí está cerca de alguna escuela?» is an honest «no sé» with a person offered', async () => {
    const chat = conversation()
    await chat.say('casa en renta en huayacan de 3 recamaras')
    const answer = await chat.say('gracias!! oye y esa casa sí está cerca de alguna escuela?')
    expect(cards(answer)).toEqual([])
    expect(all(answer)).toContain('No tengo ese dato')
    expect(all(answer)).toContain('asesor')
  })

  it('«quiero vender mi casa» starts the seller flow, whose lead is of kind venta', async () => {
    const chat = conversation()
    const first = await chat.say('quiero vender mi casa')
    expect(cards(first)).toEqual([])
    expect(all(first)).toContain('vender o rentar tu propiedad')
    const data = await chat.say('soy Laura Méndez, mi cel es 998 765 4321')
    expect(data.lead).toMatchObject({ kind: 'venta', name: 'Laura Méndez', phone: '9987654321' })
  })

  it('Tulum or Playa del Carmen: says the agency covers Cancún, with no Cancún cards passed off', async () => {
    for (const [text, place] of [['tienen casas en tulum?', 'Tulum'], ['busco depa en playa del carmen', 'Playa del Carmen']] as const) {
      const outcome = await conversation().say(text)
      expect(cards(outcome)).toEqual([])
      expect(all(outcome)).toContain('solo trabajamos en **Cancún**')
      expect(all(outcome)).toContain(place)
    }
  })

  it('«what about in Cancún then?» after a place outside it shows the search in Cancún, not a question', async () => {
    const chat = conversation()
    await chat.say('hi! im looking for a house to buy in playa del carmen')
    await chat.say('under 5 million pesos')
    const city = await chat.say('what about in cancun then?')
    expect(cards(city).length).toBeGreaterThan(0)
    expect(all(city)).toMatch(/houses for sale up to \$5,000,000 MXN/)
  })

  it('«quiero hablar con una persona, me llamo Rosa Díaz» asks only for a phone or e-mail, once', async () => {
    const outcome = await conversation().say('quiero hablar con una persona, me llamo Rosa Díaz')
    expect(outcome.handoff).toBe(true)
    expect(all(outcome)).toContain('Te comunico con un asesor')
    expect(all(outcome)).not.toMatch(/tu nombre/)
    expect(all(outcome).match(/¿Me compartes/gi)).toHaveLength(1)
    expect(all(outcome)).toContain('Gracias, Rosa.')
  })

  it('«ya pasaron 10 minutos y nadie me contesta» after a hand-off is acknowledged with a channel', async () => {
    const chat = conversation()
    await chat.say('quiero hablar con un asesor')
    const answer = await chat.say('ya pasaron 10 minutos y nadie me contesta')
    expect(all(answer)).toContain('Perdón por la espera')
    expect(all(answer)).toContain('https://wa.me/529981234567')
    expect(answer.handoff).toBe(true)
  })

  it('an English visitor is answered in English, property facts and links the same', async () => {
    const chat = conversation()
    const found = await chat.say('looking for a 3 bedroom condo for rent in the hotel zone')
    // The zone by the name English speakers use; the card says it too.
    expect(found.messages[0]).toMatch(/^I found \d+ apartments for rent in the Hotel Zone with 3\+ bedrooms/)
    const card = found.messages.find((m) => /^\[?!\[/.test(m)) ?? ''
    expect(card.split('\n')[2]).toMatch(/ · Hotel Zone$/)
    const fact = await chat.say('is the first one furnished?')
    expect(all(fact)).toMatch(/^Yes, it is furnished\./)
    const where = await chat.say('where is the first one?')
    expect(all(where)).toMatch(/^It is in \*\*the Hotel Zone\*\*: /)
  })

  it('an English visitor\'s cards, prices and amenities carry English labels; the listing\'s own title stays', async () => {
    const chat = conversation()
    const found = await chat.say('looking for a 2 bedroom apartment for rent')
    const cardMessages = found.messages.filter((m) => /^\[?!\[/.test(m))
    expect(cardMessages.length).toBeGreaterThan(0)
    for (const card of cardMessages) {
      const [, title, facts, link] = card.split('\n')
      expect(title).toMatch(/^\*\*Departamento/) // catalogue data, as on the site
      expect(facts).toMatch(/^(?:\$[\d,]+ MXN|USD [\d,]+) \/ month · \d+ bedrooms? · [\d.]+ bathrooms? · /)
      expect(facts).not.toMatch(/recámara|baño|mes\b/)
      expect(link).toMatch(/^\[See the property\]\(/)
    }
    const first = property(cards(found)[0] ?? '')
    const price = await chat.say('how much is the first one?')
    expect(all(price)).toContain(`The rent is **${formatPrice(first.price)} / month** (≈ `)
    expect(all(price)).not.toContain('/ mes')
    const amenities = await chat.say('what amenities does it have?')
    expect(all(amenities)).toMatch(/^It has (?:an? |air|24-hour|pets|green|beach|visitor|solar|furniture)/)
    expect(all(amenities).split('\n')[0]).not.toMatch(/alberca|seguridad|terraza|cocina integral|elevador|aire acondicionado/i)
  })

  it('a Spanish visitor\'s cards keep the Spanish labels', async () => {
    const found = await conversation().say('busco depa de 2 recamaras en renta')
    const card = found.messages.find((m) => /^\[?!\[/.test(m)) ?? ''
    expect(card.split('\n')[2]).toMatch(/^(?:\$[\d,]+ MXN|USD [\d,]+) \/ mes · \d+ recámaras? · /)
    expect(card.split('\n')[3]).toMatch(/^\[Ver propiedad\]\(/)
  })

  it('Spanish that reads as written by a person: no «con amueblado», no «de el»', async () => {
    const outcome = await conversation().say('depa amueblado en renta')
    expect(outcome.messages[0]).toContain('departamentos amueblados en renta')
    expect(all(outcome)).not.toContain('con amueblado')
    expect(contract('en otros desarrollos de el Polígono Sur, a el Centro [x](https://a.mx/de el)')).toBe(
      'en otros desarrollos del Polígono Sur, al Centro [x](https://a.mx/de el)',
    )
    const house = await conversation().say('esta amueblada?', { page: '/propiedad/casa-en-renta-en-huayacan-4-recamaras' })
    expect(all(house)).toMatch(/^Sí, está amueblada\./)
  })
})

describe('plain requests a visitor makes on the site', () => {
  const property = (slug: string) => bySlug.get(slug) as Property

  it('«quiero rentar una casa» looks for a house to rent: the visitor is no owner', async () => {
    for (const text of ['quiero rentar una casa', 'quiero rentar un depa amueblado']) {
      const outcome = await conversation().say(text)
      expect(outcome.lead, text).toBeUndefined()
      expect(all(outcome), text).not.toMatch(/vender o rentar tu propiedad/)
      expect(cards(outcome).length, text).toBeGreaterThan(0)
      for (const slug of cards(outcome)) expect(property(slug).operation, `${text}: ${slug}`).toBe('renta')
    }
    // An owner still gets the seller's offer.
    expect(all(await conversation().say('quiero rentar mi casa'))).toMatch(/vender o rentar tu propiedad/)
  })

  it('«necesito casa para rentar que acepte mascotas» searches; it does not list the requirements to rent', async () => {
    const outcome = await conversation().say('necesito casa para rentar que acepte mascotas')
    expect(all(outcome)).not.toMatch(/Para rentar normalmente se pide/)
    expect(cards(outcome).length).toBeGreaterThan(0)
    for (const slug of cards(outcome)) {
      expect(property(slug)).toMatchObject({ type: 'casa', operation: 'renta' })
      expect(property(slug).amenities).toContain('acepta-mascotas')
    }
    expect(all(await conversation().say('¿qué necesito para rentar?'))).toMatch(/Para rentar normalmente se pide/)
  })
})

describe('what the visitor says after results', () => {
  it('«de 3 recámaras» after several results narrows the search; it asks «¿de cuál propiedad?» of no one', async () => {
    const chat = conversation()
    await chat.say('busco casa')
    await chat.say('en venta')
    const narrowed = await chat.say('de 3 recamaras')
    expect(all(narrowed)).not.toMatch(/¿De cuál propiedad me preguntas\?/)
    expect(cards(narrowed).length).toBeGreaterThan(0)
    for (const slug of cards(narrowed)) {
      expect(bySlug.get(slug)).toMatchObject({ type: 'casa', operation: 'venta' })
      expect(bySlug.get(slug)!.bedrooms).toBeGreaterThanOrEqual(3)
    }
    // A fact with no property pointed at still asks which one.
    expect(all(await chat.say('¿tiene alberca?'))).toMatch(/¿De cuál propiedad me preguntas\?/)
  })

  it('«que tenga alberca», «amueblado» after several results narrow the search to that amenity', async () => {
    for (const [search, amenity, wanted] of [['quiero comprar una casa', 'que tenga alberca', 'alberca'], ['busco depa en la zona hotelera', 'amueblado', 'amueblado']] as const) {
      const chat = conversation()
      await chat.say(search)
      const narrowed = await chat.say(amenity)
      expect(all(narrowed), amenity).not.toMatch(/¿De cuál propiedad me preguntas\?/)
      expect(cards(narrowed).length, amenity).toBeGreaterThan(0)
      for (const slug of cards(narrowed)) expect(bySlug.get(slug)!.amenities, `${amenity}: ${slug}`).toContain(wanted)
    }
  })

  it('a question about anything but properties is not taken for one about a property', async () => {
    for (const history of [[], ['busco casa en huayacan']]) {
      const chat = conversation()
      for (const text of history) await chat.say(text)
      const outcome = await chat.say('¿cuál es la capital de Francia?')
      expect(all(outcome), history.join()).not.toMatch(/¿De cuál propiedad me preguntas\?|Dime el número de la opción/)
      expect(outcome.messages, history.join()).toHaveLength(1)
    }
  })
})

describe('the conversation\'s language', () => {
  it('«ok», «sale» and «agente real» from a Spanish visitor keep the answer in Spanish', async () => {
    for (const [first, then] of [['busco casa en huayacan', 'ok'], ['busco casa en huayacan', 'sale'], ['hola', 'quiero hablar con un agente real']]) {
      const chat = conversation()
      await chat.say(first!)
      const outcome = await chat.say(then!)
      expect(outcome.state.lang, then).toBe('es')
      expect(all(outcome), then).toMatch(/[¡¿]/)
      expect(all(outcome), then).not.toMatch(/\b(?:Happy to|Which one|What day|I'll|Sure)\b/)
    }
    // An English visitor is still read as one.
    expect((await conversation().say('house for sale in huayacan')).state.lang).toBe('en')
  })
})

describe('a bare «ok» when the agent asked nothing', () => {
  it('opening the chat is greeted; after a booked visit the conversation goes on without a second «¡Hola!»', async () => {
    expect(all(await conversation().say('ok'))).toMatch(/^¡Hola! Soy el asistente virtual/)
    const chat = conversation()
    await chat.say('soy Ana, 9981234567')
    expect(all(await chat.say('quiero agendar una visita el lunes a las 10'))).toMatch(/¿Te ayudo con algo más\?$/)
    const ok = await chat.say('ok')
    expect(all(ok)).not.toMatch(/¡Hola!/)
    expect(all(ok)).toBe('¡Perfecto! ¿Qué más te gustaría? Puedo buscarte otra propiedad, resolver una duda o comunicarte con un asesor.')
  })
})

describe('visitors of 27 November: questions the agent read as another topic', () => {
  it('«¿y aceptan mascotas?» after rentals answers about pets, not how to buy with a credit', async () => {
    const chat = conversation()
    await chat.say('busco un depa amueblado en renta en la zona hotelera hasta 35 mil')
    const answer = await chat.say('¿y aceptan mascotas?')
    expect(all(answer)).not.toMatch(/Infonavit|crédito/i)
    expect(all(answer)).toMatch(/mascotas/)
  })

  it('«what payment plans do you offer?» answers how to pay, not the help menu', async () => {
    const chat = conversation()
    await chat.say("Hi, I'm interested in pre-sale developments in Cancun")
    const answer = await chat.say('what payment plans do you offer?')
    expect(all(answer)).not.toMatch(/I can help you with/)
    expect(all(answer)).toMatch(/down payment|mortgage|instal?ments|monthly/i)
  })

  it('«¿cuánto cuesta el metro cuadrado?» about a shown plot is not the closing costs', async () => {
    const chat = conversation()
    await chat.say('busco terreno en venta en huayacan')
    await chat.say('me interesa el primero')
    const answer = await chat.say('¿cuánto cuesta el metro cuadrado?')
    expect(all(answer)).not.toMatch(/escrituración|notario/)
    // The price divided by the plot's area, with the figures it comes from.
    const plot = property(cards(await conversation().say('busco terreno en venta en huayacan'))[0] ?? '')
    const perM2 = Math.round(plot.price.amount / (plot.lotM2 ?? 0))
    expect(all(answer)).toContain(`$${perM2.toLocaleString('en-US')} MXN por m²`)
    expect(all(answer)).toContain(`${plot.lotM2} m²`)
  })

  it('«price per square meter?» of an apartment divides by its built area, in English', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('condos for sale in puerto cancun'))
    const second = property(shown[1] ?? '')
    const answer = await chat.say("what's the price per square meter of the second one?")
    const perM2 = Math.round(second.price.amount / (second.constructionM2 ?? 0))
    const money = second.price.currency === 'USD' ? `USD ${perM2.toLocaleString('en-US')}` : `$${perM2.toLocaleString('en-US')} MXN`
    expect(all(answer)).toContain(`${money} per m²`)
    // «el m2», however it is written, is the price per m² too; «cuántos metros» stays the area.
    const rent = conversation()
    const first = property(cards(await rent.say('depa en renta en el centro'))[0] ?? '')
    const rentPerM2 = `$${Math.round(first.price.amount / (first.constructionM2 ?? 0))} MXN por m²** al mes`
    expect(all(await rent.say('la primera a cuanto sale el m2?'))).toContain(rentPerM2)
    expect(all(await rent.say('y el precio por m²?'))).toContain(rentPerM2)
    expect(all(await rent.say('¿cuántos metros tiene?'))).toContain(`Tiene ${first.constructionM2} m² de construcción`)
  })
})

describe('visitors of 27 November: booking', () => {
  it('a bare «la segunda» answering «¿Quieres agendar una visita a alguna…?» is the one to visit: it asks when', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('casa en renta en huayacan'))
    const answer = await chat.say('la segunda')
    expect(all(answer)).not.toMatch(/¿Me das un poco más de detalle\?/)
    expect(all(answer)).toContain(property(shown[1] ?? '').title)
    expect(all(answer)).toMatch(/¿Qué día y a qué hora/)
    const held = await chat.say('el lunes a las 11')
    expect(all(held)).toContain('lunes 23 de noviembre a las 11:00')
    // «la primera» (which the classifier reads as «me interesa la primera») is the same choice.
    for (const choice of ['la primera', 'the first one']) {
      const other = conversation()
      await other.say(choice === 'la primera' ? 'depa amueblado en renta en el centro' : 'furnished condo for rent downtown')
      expect(all(await other.say(choice)), choice).toMatch(/agendamos tu visita|book your visit/)
    }
  })
})

describe('visitors of 27 November: a question asked from a property page', () => {
  it('«¿acepta crédito Infonavit?» on a rental\'s page says a credit is for buying, not the ways to buy', async () => {
    const slug = 'departamento-en-renta-en-huayacan-2-recamaras'
    const answer = await conversation().say('¿acepta crédito Infonavit?', { page: `/propiedad/${slug}` })
    expect(all(answer)).not.toMatch(/Puedes comprar con/)
    expect(all(answer)).toContain(`**${property(slug).title}** es en renta`)
    // On a house for sale the ways to buy stay the answer.
    const sale = await conversation().say('¿acepta crédito Infonavit?', { page: '/propiedad/casa-de-dos-niveles-en-venta-en-residencial-cumbres-suiko' })
    expect(all(sale)).toMatch(/Puedes comprar con/)
    const english = await conversation().say('can I get a mortgage for it?', { page: `/propiedad/${slug}` })
    expect(all(english)).toContain('is for rent')
  })
})

describe('visitors of 27 November: contact data', () => {
  it('an e-mail added after the phone is acknowledged, not answered with the phone alone again', async () => {
    const chat = conversation()
    await chat.say('quiero hablar con una persona')
    await chat.say('soy Mariana López de la Garza')
    expect(all(await chat.say('mi cel es (998) 765-43-21'))).toContain('al 998 765 4321')
    const email = await chat.say('o a mi correo MARIANA.LOPEZ@Hotmail.com')
    expect(email.lead?.email).toBe('mariana.lopez@hotmail.com')
    expect(all(email)).toContain('al 998 765 4321 o a mariana.lopez@hotmail.com')
  })
})

describe('visitors of 27 November: questions about the city, with no property discussed', () => {
  it('«¿es seguro vivir en Cancún?» and «¿qué tal las escuelas en Cancún?» each get an honest answer that names no listing', async () => {
    const chat = conversation()
    const safe = await chat.say('¿es seguro vivir en Cancún?')
    expect(all(safe)).toMatch(/^No tengo ese dato/)
    expect(all(safe)).not.toMatch(/ficha/)
    expect(all(safe)).toMatch(/asesor/)
    const schools = await chat.say('¿qué tal las escuelas en Cancún?')
    expect(all(schools)).toMatch(/^No tengo ese dato/)
    expect(all(schools)).not.toMatch(/ficha/)
    const english = await conversation().say('are the schools good in Cancun?')
    expect(all(english)).toMatch(/^I don't have that information/)
    expect(all(english)).not.toMatch(/listing\b/)
    // About a property discussed, the listing is still what is said not to hold it.
    const page = await conversation().say('¿está cerca de escuelas?', { page: '/propiedad/casa-de-dos-niveles-en-venta-en-residencial-cumbres-suiko' })
    expect(all(page)).toContain('en la ficha de la propiedad')
  })
})

describe('visitors of 27 November: «más barato» with nothing cheaper', () => {
  it('says the cheapest shown is the cheapest there is, and never calls the cap it tried «tu tope»', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('casa en renta en huayacan de 3 recamaras')).map(property)
    const cheapestRent = Math.min(...shown.map((p) => p.price.amount))
    const cheaper = await chat.say('ta caro, algo mas varato')
    expect(all(cheaper)).not.toMatch(/tope/)
    expect(all(cheaper)).toContain(`No tengo nada más barato: entre casas en renta en Huayacán con 3 recámaras o más, la opción más económica cuesta **$${cheapestRent.toLocaleString('en-US')} MXN / mes**.`)
    // The cap the agent tried is not the visitor's budget in the next search.
    const elsewhere = await chat.say('nel, mejor en el centro')
    expect(all(elsewhere)).not.toMatch(/tope|hasta \$/)
    expect(cards(elsewhere).length).toBeGreaterThan(0)
  })
})

describe('visitors of 27 November: a visit on a closed day', () => {
  it('«mañana en la tarde» on a Saturday says Sundays are closed and proposes Monday afternoon, not Sunday; an hour instead of «sí» is on Monday', async () => {
    const chat = conversation()
    const answer = await chat.say('quiero ir a verlo mañana en la tarde', { page: '/propiedad/departamento-en-renta-en-huayacan-2-recamaras' })
    expect(all(answer)).not.toMatch(/domingo 22/)
    expect(all(answer)).toContain('Los domingos no agendamos visitas. ¿Te parece el **lunes 23 de noviembre a las 16:00**?')
    const held = await chat.say('a las 4')
    expect(all(held)).toContain('**lunes 23 de noviembre a las 16:00**')
  })
})

describe('visitors of 27 November: a name given while a visit is held', () => {
  it('«me llamo Luis Hernández» is the name, not a request for «informes»', async () => {
    const chat = conversation()
    await chat.say('casa en renta en huayacan')
    await chat.say('la segunda')
    await chat.say('el lunes a las 11')
    const name = await chat.say('me llamo Luis Hernández')
    expect(all(name)).not.toMatch(/informes/)
    expect(all(name)).toMatch(/^Te aparto el \*\*lunes 23 de noviembre a las 11:00\*\*\. Gracias, Luis\./)
    // «que me llamen» is still a request to be called.
    const call = await conversation().say('que me llamen por favor')
    expect(all(call)).toMatch(/nombre/)
  })
})

describe('visitors of 27 November: an investor asks about returns', () => {
  it('«¿qué rendimiento deja un depa en renta vacacional?» answers with realistic figures, not a list of rentals', async () => {
    const es = await conversation().say('¿qué rendimiento deja un depa en renta vacacional?')
    expect(cards(es)).toEqual([])
    expect(all(es)).toMatch(/ocupación/)
    expect(all(es)).toMatch(/7 %/)
    const chat = conversation()
    await chat.say("Hi, I'm interested in pre-sale developments in Cancun")
    const en = await chat.say('what kind of returns can I expect from vacation rentals?')
    expect(cards(en)).toEqual([])
    expect(all(en)).toMatch(/occupancy/)
    expect(all(en)).toMatch(/7 %/)
    expect(all(await conversation().say('cuanta plusvalia tiene cancun? es buena inversion?'))).toMatch(/plusvalía/)
  })
})

describe('visitors of 27 November: «sí» to an adviser offered with an answer', () => {
  it('«sí» after «¿Quieres que un asesor te ayude a calcular tu crédito?» asks for the contact data, not «¿Qué más te gustaría?»', async () => {
    for (const question of ['¿aceptan infonavit?', 'soy extranjero, ¿puedo comprar?', '¿de cuánto es el enganche?', '¿qué rendimiento deja una renta vacacional?']) {
      const chat = conversation()
      expect(all(await chat.say(question)), question).toMatch(/¿Quieres que un asesor/)
      const yes = await chat.say('sí')
      expect(all(yes), question).not.toMatch(/¿Qué más te gustaría\?/)
      expect(all(yes), question).toMatch(/nombre y un teléfono/)
      const lead = await chat.say('Ana Ruiz, 9981234567')
      expect(lead.lead?.phone, question).toBe('9981234567')
    }
    // In English too, and «yes» is not taken for the visitor's name.
    const chat = conversation()
    await chat.say('what kind of returns can I expect from vacation rentals?')
    const yes = await chat.say('yes')
    expect(all(yes)).not.toMatch(/Yes!/)
    expect(all(yes)).toMatch(/your name and a phone/)
    expect((await chat.say('Mike Johnson, mike.j@gmail.com')).lead?.name).toBe('Mike Johnson')
  })
})

describe('visitors of 27 November: «ok, y en…?» after a property question', () => {
  it('«ok y en puerto cancun?» searches the other zone and books nothing', async () => {
    const chat = conversation()
    await chat.say('depa en renta en la zona hotelera')
    await chat.say('cuanto sale el mas barato')
    const other = await chat.say('ok y en puerto cancun?')
    expect(all(other)).toMatch(/Puerto Cancún/)
    expect(all(other)).not.toMatch(/agendamos tu visita|Qué día/)
    expect(other.state.pending).not.toBe('appointment')
    // A bare «ok» to «¿Quieres agendar una visita o saber algo más?» still starts the visit.
    const chat2 = conversation()
    await chat2.say('depa en renta en la zona hotelera')
    await chat2.say('cuanto sale el mas barato')
    expect(all(await chat2.say('ok'))).toMatch(/agendamos tu visita/)
  })
})

describe('visitors of 27 November: an English visitor asks about an amenity', () => {
  it('«does the first one have a garden?» answers about the garden, not the price', async () => {
    const chat = conversation()
    const first = property(cards(await chat.say('3 bedroom house for sale in Huayacan'))[0] ?? '')
    const answer = await chat.say('does the first one have a garden?')
    expect(all(answer)).not.toMatch(/It costs/)
    expect(all(answer)).toMatch(first.amenities.includes('jardin') ? /^Yes, it has a garden/ : /^The listing doesn't mention a garden/)
  })
})

describe('visitors of 27 November: something the listing does not name', () => {
  it('«does the first one have a fireplace?» and «¿el primero incluye servicios?» are an honest «no sé», not the price', async () => {
    const chat = conversation()
    await chat.say('3 bedroom house for sale in Huayacan')
    const fireplace = await chat.say('does the first one have a fireplace?')
    expect(all(fireplace)).not.toMatch(/It costs/)
    expect(all(fireplace)).toMatch(/^I don't have that information/)
    const rent = conversation()
    await rent.say('depa amueblado en renta en la zona hotelera')
    const bills = await rent.say('¿el primero incluye servicios?')
    expect(all(bills)).not.toMatch(/La renta es de/)
    expect(all(bills)).toMatch(/^No tengo ese dato/)
    // A price asked with «tiene» is still the price.
    expect(all(await rent.say('¿qué precio tiene el segundo?'))).toMatch(/La renta es de/)
  })
})

describe('visitors of 27 November: «¿hay…?» about a property', () => {
  it('«¿hay elevador?» about the one in view answers about the elevator, not «Perdón por la espera»', async () => {
    const chat = conversation()
    await chat.say('depa amueblado en renta en la zona hotelera')
    await chat.say('¿tiene alberca el primero?')
    const lift = await chat.say('¿hay elevador?')
    expect(all(lift)).not.toMatch(/Perdón por la espera/)
    expect(all(lift)).toMatch(/elevador/)
  })
})

describe('visitors of 27 November: a shown property named by its price', () => {
  it('«¿el de 43,500 incluye servicios?» is about the one that costs $43,500, not a new budget', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('depa amueblado en renta en la zona hotelera')).map(property)
    const target = shown.find((p) => p.price.amount === 43_500) as Property
    const answer = await chat.say('¿el de 43,500 incluye servicios?')
    expect(cards(answer)).toEqual([])
    expect(all(answer)).toMatch(/^No tengo ese dato/)
    expect(answer.state.criteria.precio_max).toBeUndefined()
    const parking = await chat.say('¿y el de 43,500 cuántos estacionamientos tiene?')
    expect(all(parking)).toContain(`/propiedad/${target.slug}`)
    expect(all(parking)).toContain(`Tiene ${target.parking} lugares de estacionamiento`)
    // «hasta 43,500» is still a budget.
    expect(cards(await chat.say('hasta 43,500')).length).toBeGreaterThan(0)
  })
})

describe('visitors of 27 November: «hasta 18 mil» after results', () => {
  it('is a budget that narrows the search, not «hasta luego»', async () => {
    for (const budget of ['hasta 18 mil', 'hasta 18,000']) {
      const chat = conversation()
      await chat.say('depa en renta en el centro')
      const answer = await chat.say(budget)
      expect(all(answer), budget).not.toMatch(/Gracias por escribirnos/)
      expect(cards(answer).length, budget).toBeGreaterThan(0)
      for (const slug of cards(answer)) expect(property(slug).price.amount, budget).toBeLessThanOrEqual(18_000)
    }
    expect(all(await conversation().say('hasta luego'))).toMatch(/Gracias por escribirnos/)
  })
})

describe('visitors of 27 November: one result', () => {
  it('asks «¿Quieres agendar una visita o ajustamos la búsqueda?», without «a alguna» of one', async () => {
    const one = await conversation().say('depa amueblado en renta en el centro')
    expect(cards(one)).toHaveLength(1)
    expect(all(one)).toContain('¿Quieres agendar una visita o ajustamos la búsqueda?')
    const en = await conversation().say('furnished condo for rent downtown')
    expect(all(en)).toContain('Would you like to visit it, or shall we adjust the search?')
  })
})

describe('visitors of 27 November: a visitor fed up with the bot', () => {
  it('«no sirves para nada» / «you are useless» hands the conversation to a person instead of asking for more detail', async () => {
    const chat = conversation()
    await chat.say('eres un pinche bot inutil')
    const fed = await chat.say('no sirves para nada')
    expect(fed.handoff).toBe(true)
    expect(all(fed)).not.toMatch(/¿Me das un poco más de detalle\?/)
    // Its «no» is no answer to a question: the hand-off is not followed by «Sin problema».
    expect(all(fed)).not.toMatch(/Sin problema/)
    expect((await conversation().say('you are useless')).handoff).toBe(true)
  })
})

describe('visitors of 27 November: a request for contact data the visitor let pass', () => {
  it('is not repeated under every next answer about the property', async () => {
    const chat = conversation()
    const page = { page: '/propiedad/departamento-en-renta-en-huayacan-2-recamaras' }
    expect(all(await chat.say('¿cuánto es de mantenimiento?', page))).toMatch(/Déjame tu nombre y teléfono/)
    const size = await chat.say('¿cuántos metros tiene?', page)
    expect(all(size)).toMatch(/m² de construcción/)
    expect(all(size)).not.toMatch(/¿Me compartes tu nombre/)
    // Given later, the data still makes a lead.
    await chat.say('quiero verlo el lunes a las 10', page)
    expect((await chat.say('Ana Ruiz, 9981234567', page)).lead?.phone).toBe('9981234567')
  })
})

describe('visitors of 27 November: an amenity the listing does not name is not a «no»', () => {
  const page = (p: Property) => ({ page: `/propiedad/${p.slug}` })
  const without = (amenity: string) => catalogue.properties.find((p) => p.status === 'disponible' && !p.amenities.includes(amenity as never)) as Property

  it('«¿aceptan mascotas?» on a listing without the pets amenity says the listing does not say so, never that pets are not allowed', async () => {
    const answer = all(await conversation().say('¿aceptan mascotas?', page(without('acepta-mascotas'))))
    expect(answer).toMatch(/^La ficha no tiene indicado si acepta mascotas; un asesor/)
    expect(answer).not.toMatch(/no acepta mascotas/)
    const english = all(await conversation().say('do they allow pets?', page(without('acepta-mascotas'))))
    expect(english).toMatch(/^The listing doesn't say pets are allowed/)
    expect(english).not.toMatch(/not allowed/)
  })

  it('«¿tiene alberca?» and «¿está amueblado?» on listings without them say so without inventing a «no»', async () => {
    const pool = all(await conversation().say('¿tiene alberca?', page(without('alberca'))))
    expect(pool).toMatch(/^La ficha no tiene indicado que cuente con alberca: no está entre las amenidades que lista/)
    const furnished = all(await conversation().say('¿está amueblada?', page(without('amueblado'))))
    expect(furnished).toMatch(/^La ficha no tiene indicado si está amueblad[ao]/)
    expect(furnished).not.toMatch(/sin amueblar/)
  })
})

describe('visitors of 27 November: questions no listing answers', () => {
  it('«por 6 meses, ¿se puede?» after rentals says the listings hold no term and keeps the search, asking no property', async () => {
    const chat = conversation()
    const shown = await chat.say('busco depa en renta en la zona hotelera')
    const term = await chat.say('por 6 meses, ¿se puede?')
    expect(all(term)).toMatch(/^El plazo del contrato lo fija cada propietario y nuestras fichas no lo indican/)
    expect(all(term)).not.toMatch(/De cuál propiedad/)
    expect(cards(term)).toEqual([])
    expect(term.state.criteria).toEqual(shown.state.criteria)
    // With nothing searched yet, it asks what they look for instead of showing every rental.
    const first = await conversation().say('¿rentan por 6 meses?')
    expect(cards(first)).toEqual([])
    expect(all(first)).toMatch(/nuestras fichas no lo indican.*¿Qué buscas en renta/s)
    // Monthly payments of a pre-sale are not a lease term.
    expect(all(await conversation().say('enganche de 10% y mensualidades a 12 meses'))).not.toMatch(/plazo del contrato/)
  })

  it('«¿cómo está el clima en Cancún?» is the weather, «¿la primera tiene clima?» the air conditioning', async () => {
    const weather = await conversation().say('¿cómo está el clima en Cancún?')
    expect(all(weather)).toMatch(/^Cancún tiene clima cálido y húmedo todo el año/)
    expect(cards(weather)).toEqual([])
    expect(all(await conversation().say('qué tal el clima'))).toMatch(/clima cálido/)
    const chat = conversation()
    const first = property(cards(await chat.say('casa en renta en huayacan'))[0] ?? '')
    const ac = all(await chat.say('la primera tiene clima?'))
    expect(ac).toMatch(first.amenities.includes('aire-acondicionado') ? /^Sí, tiene aire acondicionado/ : /^La ficha no tiene indicado que cuente con aire acondicionado/)
  })

  it('«¿puedo pagar en dólares?» / «can I pay in dollars?» answer about currencies, not the ways to buy', async () => {
    const es = await conversation().say('¿puedo pagar en dólares?')
    expect(all(es)).toMatch(/^Cada propiedad se publica con su precio en \*\*pesos \(MXN\)\*\* o en \*\*dólares \(USD\)\*\*/)
    expect(all(es)).not.toMatch(/Infonavit/)
    const en = await conversation().say('can I pay in dollars?')
    expect(all(en)).toMatch(/^Each property is listed with its price in \*\*Mexican pesos/)
    expect(all(en)).not.toMatch(/Infonavit/)
  })
})

describe('visitors of 27 November: a day the calendar does not have', () => {
  it('«el 31 de febrero» says that date does not exist and asks for another, not «no te entendí»', async () => {
    const chat = conversation()
    await chat.say('quiero visitar una casa en huayacan')
    const answer = await chat.say('el 31 de febrero')
    expect(all(answer)).toMatch(/^El 31 de febrero no existe en el calendario\. ¿Qué otro día y a qué hora/)
    expect(answer.state.pending).toBe('appointment')
    const english = conversation()
    await english.say('I want to visit a house in Huayacan')
    expect(all(await english.say('February 30th at 10'))).toMatch(/^There is no February 30th in the calendar/)
    // A day the month has is booked as before.
    const april = conversation()
    await april.say('quiero visitar una casa')
    expect(all(await april.say('el 30 de abril a las 11'))).toMatch(/te aparto el \*\*viernes 30 de abril/)
  })
})

describe('visitors of 27 November: a zone left out with no other named', () => {
  it('«no en el centro» after rentals searches again without the Centro', async () => {
    const chat = conversation()
    const before = await chat.say('busco depa en renta')
    const after = await chat.say('no en el centro')
    expect(all(after)).toMatch(/departamentos en renta fuera del Centro/)
    expect(after.state.excludeZone).toBe('centro')
    expect(after.state.criteria).toEqual(before.state.criteria)
    for (const slug of cards(after)) expect(property(slug).zone).not.toBe('centro')
    // Searching in the Centro, «no en el centro» drops it.
    const centre = conversation()
    await centre.say('depa en renta en el centro')
    const out = await centre.say('no en el centro')
    expect(out.state.criteria.zona).toBeUndefined()
    for (const slug of cards(out)) expect(property(slug).zone).not.toBe('centro')
  })
})

describe('visitors of 27 November: a development the catalogue does not have', () => {
  it('«zona Cumbres o Residencial Arbolada» says Arbolada is not in the catalogue and searches Cumbres', async () => {
    const outcome = await conversation().say('busco casa zona Cumbres o Residencial Arbolada')
    expect(all(outcome)).toMatch(/^No tengo \*\*Residencial Arbolada\*\* entre las zonas y desarrollos de nuestro catálogo\./)
    expect(outcome.state.criteria.desarrollo).toBe('residencial-cumbres-suiko')
    expect(cards(outcome).length).toBeGreaterThan(0)
    // A near miss names the catalogue's close one; a known name (even misspelt) or a description says nothing.
    expect(all(await conversation().say('depa en Torre Marítima'))).toMatch(/^No tengo \*\*Torre Marítima\*\* entre las zonas y desarrollos de nuestro catálogo; lo más parecido es \*\*Residencias Costa Marina\*\*\./)
    for (const known of ['casa en residencial cumbre', 'depa en Torre Marea', 'depa en privada con alberca', 'busco casa en zona tranquila']) {
      expect(all(await conversation().say(known))).not.toMatch(/No tengo \*\*/)
    }
  })
})

describe('visitors of 27 November: a visitor who introduces themselves', () => {
  it('«hola, me llamo Ana y busco casa» greets Ana and shows houses without asking for a phone; asked later, once she is interested', async () => {
    const chat = conversation()
    const first = await chat.say('hola, me llamo Ana y busco casa')
    expect(all(first)).toMatch(/^¡Hola, Ana! Encontré \d+ casas/)
    expect(cards(first).length).toBeGreaterThan(0)
    expect(all(first)).not.toMatch(/teléfono|correo/)
    expect(first.state.contact.name).toBe('Ana')
    const interested = await chat.say('la primera me interesa')
    expect(all(interested)).toMatch(/Gracias, Ana\. ¿Me compartes un teléfono/)
    // Asking to be contacted still asks at once.
    expect(all(await conversation().say('soy Ana, quiero que me contacten'))).toMatch(/¿Me compartes un teléfono/)
  })
})

describe('visitors of 27 November: a visit to the cheapest shown', () => {
  it('«ok, la más barata la puedo ver el lunes a las 5?» holds the slot for the cheapest, not its price', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('depa en renta en la zona hotelera')).map(property)
    const cheapestShown = [...shown].sort((a, b) => toMxn(a.price.amount, a.price.currency) - toMxn(b.price.amount, b.price.currency))[0] as Property
    const visit = await chat.say('ok, la más barata la puedo ver el lunes a las 5?')
    expect(all(visit)).toMatch(/^Perfecto, te aparto el \*\*lunes 23 de noviembre a las 17:00\*\*/)
    expect(all(visit)).not.toMatch(/La renta es de|No tengo nada más barato/)
    expect(visit.state.focus?.slug).toBe(cheapestShown.slug)
    const booked = await chat.say('Soy Laura Pérez, 9987654321')
    expect(booked.appointment?.propertySlug).toBe(cheapestShown.slug)
    // Without a day it asks when, about that one.
    const other = conversation()
    await other.say('depa en renta en la zona hotelera')
    expect(all(await other.say('la más barata la puedo ver?'))).toMatch(new RegExp(`^¡Con gusto agendamos tu visita a \\*\\*${cheapestShown.title}\\*\\*! ¿Qué día`))
  })
})

describe('visitors of 27 November: the price of the cheapest is not the closing costs', () => {
  it('«cuanto cuesta la mas barata?» gives which one it is and its price; «¿cuánto cuesta escriturar?» still the closing costs', async () => {
    const chat = conversation()
    await chat.say('depa en renta en la zona hotelera')
    const price = all(await chat.say('cuanto cuesta la mas barata?'))
    expect(price).toMatch(/^De las que te mostré, la más económica es la opción 2\. La renta es de \*\*\$31,500 MXN \/ mes\*\*/)
    expect(price).not.toMatch(/gastos de escrituración/)
    expect(all(await conversation().say('¿cuánto cuesta escriturar?'))).toMatch(/gastos de escrituración/)
  })
})

describe('visitors of 27 November: «me la apartas?»', () => {
  it('asking to reserve the property in focus asks for the contact data for an adviser, not «¿Me das un poco más de detalle?»', async () => {
    const chat = conversation()
    const first = property(cards(await chat.say('casa en renta en huayacan'))[0] ?? '')
    await chat.say('tiene clima la primera?')
    const reserve = all(await chat.say('me la apartas?'))
    expect(reserve).toContain(`**${first.title}**`)
    expect(reserve).toMatch(/¿Me compartes tu nombre y un teléfono/)
    expect(reserve).not.toMatch(/más de detalle/)
  })
})

describe('visitors of 27 November: «is it pet friendly?» with several shown', () => {
  it('asks which one instead of searching again with pets as a requirement', async () => {
    const chat = conversation()
    const before = await chat.say('3 bedroom house for sale in Huayacan')
    const asked = await chat.say('is it pet friendly?')
    expect(all(asked)).toMatch(/^Which property are you asking about\?/)
    expect(cards(asked)).toEqual([])
    expect(asked.state.criteria).toEqual(before.state.criteria)
    // On a property's page it is that property.
    const slug = cards(before)[0] ?? ''
    const onPage = all(await conversation().say('is it pet friendly?', { page: `/propiedad/${slug}` }))
    expect(onPage).toMatch(property(slug).amenities.includes('acepta-mascotas') ? /^Yes, pets are allowed/ : /^The listing doesn't say pets are allowed/)
  })
})

describe('visitors of 27 November: a room, not a property', () => {
  it('«busco un cuarto en renta» and «¿y cuartos?» say the catalogue has whole properties, not one-bedroom listings', async () => {
    const room = await conversation().say('busco un cuarto en renta')
    expect(all(room)).toMatch(/^No rentamos cuartos ni habitaciones sueltas/)
    expect(cards(room)).toEqual([])
    expect(room.state.criteria.recamaras).toBeUndefined()
    const chat = conversation()
    await chat.say('hasta 8 mil al mes')
    expect(all(await chat.say('y cuartos?'))).toMatch(/^No rentamos cuartos/)
    // A count of rooms is bedrooms.
    const bedrooms = await conversation().say('depa de 2 cuartos en renta')
    expect(all(bedrooms)).toMatch(/departamentos en renta con 2 recámaras o más/)
  })
})

describe('visitors of 27 November: a seller leaves their data', () => {
  it('«quiero vender mi depa…» then name and phone thanks them without offering a visit', async () => {
    const chat = conversation()
    await chat.say('hola quiero vender mi depa en la zona hotelera')
    await chat.say('cuanto cobran?')
    const thanked = await chat.say('me llamo Rosa, 998 765 4321')
    expect(thanked.lead?.kind).toBe('venta')
    expect(all(thanked)).toMatch(/^¡Gracias, Rosa! Un asesor te contactará .* al 998 765 4321\.$/)
    expect(all(thanked)).not.toMatch(/visita/)
    expect(thanked.state.lastAsk).not.toBe('visit')
  })
})

describe('visitors of 27 November: «acepta niños?» is not about credit', () => {
  it('never answers with the ways to buy; «trabajan con bancos» and «aceptan infonavit?» still do', async () => {
    const chat = conversation()
    await chat.say('quiero un depa amueblado en renta')
    expect(all(await chat.say('acepta niños?'))).not.toMatch(/Puedes comprar con|Infonavit/)
    expect(all(await conversation().say('trabajan con bancos'))).toMatch(/^Puedes comprar con/)
    expect(all(await conversation().say('aceptan infonavit?'))).toMatch(/^Puedes comprar con/)
  })
})

describe('visitors of 27 November: «nada más estoy viendo»', () => {
  it('is answered with «mira con calma», not «¿Me das un poco más de detalle?»', async () => {
    const chat = conversation()
    await chat.say('hola')
    expect(all(await chat.say('nada más estoy viendo'))).toMatch(/^¡Claro, mira con calma!/)
    // Browsing for something is a search.
    expect(cards(await conversation().say('nomas estoy viendo casas en huayacan')).length).toBeGreaterThan(0)
  })
})

describe('visitors of 27 November: a question is not a name', () => {
  it('«acepta niños?» answering a request for contact data is not «Gracias, Acepta»', async () => {
    const chat = conversation()
    await chat.say('quiero un depa amueblado en renta')
    await chat.say('quiero que me contacten')
    const answer = await chat.say('acepta niños?')
    expect(all(answer)).not.toMatch(/Acepta\b/)
    expect(answer.state.contact.name).toBeNull()
  })
})

describe('visitors of 27 November: «¿qué incluye?» with results shown', () => {
  it('«que incluye?» and «acepta niños?» get an honest «no tengo ese dato», not «no te entendí»; about one shown, the listing version', async () => {
    const chat = conversation()
    await chat.say('quiero un depa amueblado en renta')
    expect(all(await chat.say('que incluye?'))).toMatch(/^No tengo ese dato y no quiero inventarte una respuesta/)
    expect(all(await chat.say('acepta niños?'))).toMatch(/^No tengo ese dato/)
    expect(all(await chat.say('la primera acepta niños?'))).toMatch(/^No tengo ese dato en la ficha de la propiedad/)
  })
})

describe('visitors of 27 November: «¿tiene escrituras?»', () => {
  it('asks about the title deeds (not in the listing), not what a deed costs', async () => {
    const chat = conversation()
    await chat.say('busco terreno en huayacan')
    const deeds = all(await chat.say('la segunda tiene escrituras?'))
    expect(deeds).toMatch(/^No tengo ese dato en la ficha de la propiedad/)
    expect(deeds).not.toMatch(/gastos de escrituración/)
    expect(all(await conversation().say('cuánto cuesta escriturar?'))).toMatch(/gastos de escrituración/)
  })
})

describe('a demanding buyer: sizes in m²', () => {
  const size = (slug: string) => property(slug).constructionM2 ?? property(slug).lotM2 ?? 0

  it('«¿cuánto mide el más grande?» names the largest of the results shown and its m²', async () => {
    const chat = conversation()
    const shown = cards(await chat.say('busco depa en venta en puerto cancun'))
    const largest = [...shown].sort((a, b) => size(b) - size(a))[0] ?? ''
    const answer = all(await chat.say('¿cuánto mide el más grande?'))
    expect(answer).toContain(`la más grande es la opción ${shown.indexOf(largest) + 1}.`)
    expect(answer).toContain(`${size(largest)} m²`)
    expect(answer).toContain(property(largest).title)
  })

  it('«de al menos 120 m2», then «más de 200 metros», filter the search like a budget does', async () => {
    const chat = conversation()
    const first = await chat.say('casa en venta de al menos 120 m2')
    expect(all(first)).toMatch(/casas en venta de al menos 120 m²/)
    expect(cards(first).every((slug) => size(slug) >= 120)).toBe(true)
    const second = await chat.say('más de 200 metros')
    expect(cards(second).length).toBeGreaterThan(0)
    expect(cards(second).every((slug) => size(slug) >= 200 && property(slug).type === 'casa')).toBe(true)
    expect(all(second)).toContain('m2_min=200')
  })
})

describe('a demanding buyer: a part of the day instead of an hour', () => {
  it('«mañana temprano» on a Saturday proposes Monday at opening time, and «sí» holds it', async () => {
    const chat = conversation()
    await chat.say('casa en venta en huayacan')
    const proposed = all(await chat.say('quiero ver la primera mañana temprano'))
    expect(proposed).toMatch(/^Los domingos no agendamos visitas\. ¿Te parece el \*\*lunes 23 de noviembre a las 9:00\*\*\?/)
    expect(all(await chat.say('sí'))).toContain('te aparto el **lunes 23 de noviembre a las 9:00**')
    const booked = await chat.say('Ana López 9981234567')
    expect(booked.appointment?.at).toBe('2026-11-23T09:00:00-05:00')
  })

  it('«el sábado por la tarde» (no visits then) proposes the last slot of that Saturday; «mañana por la tarde» Monday at 16:00', async () => {
    const chat = conversation()
    await chat.say('casa en venta en huayacan')
    expect(all(await chat.say('la primera el sábado por la tarde'))).toMatch(/A esa hora no podemos.*¿Te parece el \*\*sábado 28 de noviembre a las 13:00\*\*\?/)
    const other = conversation()
    await other.say('casa en venta en huayacan')
    expect(all(await other.say('quiero ver la primera mañana por la tarde'))).toContain('¿Te parece el **lunes 23 de noviembre a las 16:00**?')
  })
})

describe('a demanding buyer: the beach and credit as a foreigner', () => {
  it('«¿qué tan cerca está de la playa el primero?» gives its zone and sea view, says the distance is not known and offers a person (not the price)', async () => {
    const chat = conversation()
    await chat.say('depa en la zona hotelera')
    const answer = all(await chat.say('¿y qué tan cerca está de la playa el primero?'))
    expect(answer).toMatch(/^Está en \*\*la Zona Hotelera\*\*, la franja de playas de Cancún/)
    expect(answer).toContain('No tengo en la ficha la distancia exacta a la playa')
    expect(answer).not.toMatch(/Cuesta|La renta es/)
  })

  it('a foreigner asking for a mortgage hears of the fideicomiso and banks for foreigners, not Infonavit as an option', async () => {
    const answer = all(await conversation().say('¿se puede pagar con crédito hipotecario siendo extranjero?'))
    expect(answer).toContain('fideicomiso bancario')
    expect(answer).toContain('Infonavit y Fovissste son solo para quienes cotizan en México')
    expect(answer).not.toContain('Puedes comprar con:')
  })
})

describe('a demanding buyer: moving on after an offer of a person', () => {
  it('an offer of a person let pass is not repeated under the next answer or search, and «sí» to new results asks which one', async () => {
    const chat = conversation()
    await chat.say('casas en venta con alberca hasta 5 millones')
    expect(all(await chat.say('¿cuánto es la cuota de mantenimiento de la primera?'))).toContain('No tengo ese dato')
    const downPayment = all(await chat.say('¿cuánto tendría que dar de enganche?'))
    expect(downPayment).toContain('enganche')
    expect(downPayment).not.toContain('¿Me compartes tu nombre')
    const moved = all(await chat.say('mejor en Puerto Cancún'))
    expect(moved).not.toContain('¿Me compartes tu nombre')
    expect(all(await chat.say('sí'))).toMatch(/¿Cuál te gustaría visitar \(1 o 2\)\?/)
  })
})

describe('a demanding buyer: which zones', () => {
  it('«¿qué zonas manejan?» and «¿cuál es la mejor zona para vivir con niños?» compare the five zones instead of «no te entendí»', async () => {
    for (const text of ['que zonas manejan?', '¿cuál es la mejor zona para vivir con niños?']) {
      const answer = all(await conversation().say(text))
      for (const zone of ['Huayacán', 'Puerto Cancún', 'Zona Hotelera', 'Centro', 'Polígono Sur']) expect(answer, text).toContain(`**${zone}**`)
      expect(answer).toContain('La preferida de las familias')
    }
    expect(all(await conversation().say('which areas do you cover?'))).toMatch(/^We work in five areas of Cancún/)
  })
})

describe('a demanding buyer: refining one result, two places outside', () => {
  it('«que tenga alberca» after a single result narrows the search instead of answering about that one', async () => {
    const chat = conversation()
    expect(cards(await chat.say('Busco depa en renta que acepte mascotas'))).toHaveLength(1)
    const narrowed = all(await chat.say('que tenga alberca'))
    expect(narrowed).toMatch(/departamentos en renta con alberca y mascotas permitidas/)
    expect(narrowed).not.toContain('La ficha no tiene indicado')
  })

  it('«¿tienen casas en Tulum o Playa del Carmen?» names both places', async () => {
    expect(all(await conversation().say('tienen casas en tulum o playa del carmen?'))).toContain('en Tulum y Playa del Carmen no tengo propiedades')
  })
})

describe('a demanding buyer: what things cost', () => {
  it('«¿cuánto cuesta un depa en la zona hotelera más o menos?» gives the price range of the matches per operation, in pesos', async () => {
    const answer = await conversation().say('Hola! cuánto cuesta un depa en la zona hotelera más o menos?')
    const matches = catalogue.properties.filter((p) => p.zone === 'zona-hotelera' && p.type === 'departamento' && p.status === 'disponible' && p.operation === 'renta')
    const rents = matches.map((p) => toMxn(p.price.amount, p.price.currency))
    const money = (amount: number) => formatPrice({ amount: Math.round(amount), currency: 'MXN' })
    expect(all(answer)).toContain(`Las ${rents.length} opciones en renta van de **${money(Math.min(...rents))}** a **${money(Math.max(...rents))}** al mes.`)
    expect(cards(answer)).toHaveLength(3)
  })
})

describe('a demanding buyer: interest in a zone is a search', () => {
  it('«me interesa huayacan, casa de al menos 150 m2 hasta 5 millones» shows results without asking for contact data; «me interesa la segunda» still asks', async () => {
    const chat = conversation()
    const results = all(await chat.say('me interesa huayacan, casa de al menos 150 m2 hasta 5 millones'))
    expect(results).toContain('casas en venta en Huayacán hasta $5,000,000 MXN de al menos 150 m²')
    expect(results).not.toContain('¿Me compartes tu nombre')
    expect(all(await chat.say('me interesa la segunda'))).toContain('¿Me compartes tu nombre')
  })
})

describe('a demanding buyer: an investor', () => {
  it('«¿qué rendimiento puedo esperar?» after pre-sale results is about returns, not an apology for waiting', async () => {
    const chat = conversation()
    await chat.say('quiero invertir en preventa en cancun, algo para rentar en airbnb')
    const answer = all(await chat.say('¿qué rendimiento puedo esperar?'))
    expect(answer).toContain('El rendimiento depende de la **ocupación**')
    expect(answer).not.toContain('Perdón por la espera')
    expect(all(await chat.say('sigo esperando'))).toContain('Perdón por la espera')
  })
})

describe('a demanding seller and renter', () => {
  it('«quiero vender mi depa, ¿cuánto cobran?» gets the offer and the commission', async () => {
    const answer = all(await conversation().say('Hola, quiero vender mi depa en la zona hotelera, ¿cuánto cobran?'))
    expect(answer).toContain('te ayudamos a vender o rentar tu propiedad')
    expect(answer).toMatch(/^¡Hola! Por vender o rentar tu propiedad, la comisión habitual es del \*\*5 %\*\*/)
  })

  it('«depa en renta en Puerto Cancún por 6 meses» says the term is the owner\'s and shows the results without asking what to search', async () => {
    const answer = await conversation().say('depa amueblado en renta en puerto cancun por 6 meses')
    expect(all(answer)).toContain('Mientras, esto es lo que tengo:')
    expect(all(answer)).not.toContain('¿Qué buscas en renta')
    expect(cards(answer).length).toBeGreaterThan(0)
  })
})

describe('a demanding buyer: a credit as the budget', () => {
  it('«tengo 800 mil de crédito, ¿qué casa me alcanza?» searches with that budget and says how to add to it, without the whole list of ways to buy', async () => {
    const answer = await conversation().say('tengo 800 mil de crédito, ¿qué casa me alcanza?')
    expect(all(answer)).toContain('Con tu crédito como tope te muestro lo que hay')
    expect(all(answer)).toContain('casas en venta hasta $800,000 MXN')
    expect(all(answer)).not.toContain('Puedes comprar con:')
    expect(cards(answer).length).toBeGreaterThan(0)
  })
})

describe('an option number beyond the results shown', () => {
  it('«la segunda… ¿tiene alberca?» after one result says there was only one and answers about it', async () => {
    const chat = conversation()
    const found = await chat.say('casas en la zona hotelera')
    const [only] = cards(found)
    expect(cards(found)).toHaveLength(1)
    const answer = await chat.say('la segunda tiene alberca?')
    expect(all(answer)).toContain(`Solo te mostré una opción: **${property(only ?? '').title}**.`)
    expect(all(answer)).toMatch(/tiene alberca/)
    expect(all(answer)).not.toMatch(/no tengo ese dato/i)
  })

  it('«the second one» after one result in English names the one shown', async () => {
    const chat = conversation()
    const found = await chat.say('houses in the hotel zone')
    const answer = await chat.say('the second one')
    expect(all(answer)).toContain(`I only showed you one option: **${property(cards(found)[0] ?? '').title}**.`)
  })

  it('«la tercera» after two results says how many there were and asks which; «la 2» then is the second', async () => {
    const chat = conversation()
    const found = await chat.say('casa en venta en puerto cancun')
    expect(cards(found)).toHaveLength(2)
    const asked = await chat.say('la tercera')
    expect(all(asked)).toBe('Solo te mostré 2 opciones. ¿Cuál de ellas te interesa (1 o 2)?')
    const chosen = await chat.say('la 2')
    expect(all(chosen)).toContain(property(cards(found)[1] ?? '').title)
  })
})

describe('the shown prices in another currency', () => {
  it('«y en dólares?» after rentals lists each shown price in USD at the site\'s rate, monthly and marked approximate', async () => {
    const chat = conversation()
    const found = await chat.say('casa en renta')
    const slugs = cards(found)
    const answer = await chat.say('y en dólares?')
    expect(cards(answer)).toEqual([])
    expect(answer.messages[0]).toContain('al tipo de cambio de referencia ($18.50 MXN por dólar)')
    slugs.forEach((slug, i) => {
      const p = property(slug)
      const usd = p.price.currency === 'USD' ? formatPrice(p.price) : `≈ ${formatPrice(convertPrice(p.price, 'USD'))}`
      expect(answer.messages[0]).toContain(`${i + 1}. **${p.title}**: ${usd} / mes`)
    })
    // Then the options are still there to choose from.
    const chosen = await chat.say('la primera, ¿cuántas recámaras tiene?')
    expect(all(chosen)).toContain(`Tiene ${property(slugs[0] ?? '').bedrooms} recámaras`)
  })

  it('«how much in pesos?» in English converts USD prices to MXN; «¿puedo pagar en dólares?» is still the payment answer', async () => {
    const chat = conversation()
    await chat.say('condo for sale in puerto cancun')
    const answer = await chat.say('how much in pesos?')
    expect(answer.messages[0]).toMatch(/^In Mexican pesos, at the reference exchange rate \(MXN 18\.50 per dollar\)/)
    expect(answer.messages[0]).toMatch(/≈ \$[\d,]+ MXN/)
    // One result: said of it, not of «them».
    await chat.say('anything under 10 million pesos?')
    expect((await chat.say('what about in dollars?')).messages[0]).toMatch(/MXN 18\.50 per dollar\), it comes to about:\n1\. \*\*/)
    const pay = await chat.say('¿puedo pagar en dólares?')
    expect(all(pay)).toMatch(/se acuerda en cada operación/)
  })
})

describe('conversations of 27 November (second round)', () => {
  it('«around 35k a month» with nothing in that range shows the nearest without calling a cheaper rent «above your limit»', async () => {
    const answer = await conversation().say('we want to rent a 3 bedroom house with pets, budget around 35k pesos a month')
    expect(answer.messages[0]).toMatch(/^I don't have houses for rent between \$29,000 MXN and \$41,000 MXN a month/)
    expect(all(answer)).not.toMatch(/above your limit/)
    expect(cards(answer).length).toBeGreaterThan(0)
  })

  it('«how close is the first one to the beach?» is the beach answer, not the price', async () => {
    const chat = conversation()
    await chat.say('apartments in the hotel zone')
    const answer = await chat.say('how close is the first one to the beach?')
    expect(all(answer)).toMatch(/^It is in \*\*the Hotel Zone\*\*, Cancún's strip of beaches/)
    expect(all(answer)).not.toMatch(/It costs/)
  })

  it('«outside the Hotel Zone» / «fuera de la Zona Hotelera» leaves that zone out', async () => {
    const chat = conversation()
    await chat.say('apartments in the hotel zone')
    const outside = await chat.say('something outside the hotel zone')
    expect(outside.messages[0]).toMatch(/^I found \d+ apartments outside the Hotel Zone/)
    expect(cards(outside).map((slug) => property(slug).zone)).not.toContain('zona-hotelera')
    const fuera = await conversation().say('depas en renta fuera de la zona hotelera')
    expect(fuera.messages[0]).toMatch(/^Encontré \d+ departamentos en renta fuera de la Zona Hotelera/)
    expect(cards(fuera).map((slug) => property(slug).zone)).not.toContain('zona-hotelera')
  })
})

describe('a seller, later in the conversation', () => {
  it('«¿cuánto cobran de comisión?» after «lo quiero vender» is the seller\'s commission; «¿cuánto vale?» is the valuation, not the offer again', async () => {
    const chat = conversation()
    const offer = await chat.say('hola, tengo un depa en puerto cancun y lo quiero vender')
    expect(all(offer)).toContain('también te ayudamos a vender o rentar tu propiedad')
    const commission = await chat.say('cuanto cobran de comision?')
    expect(all(commission)).toMatch(/^Por vender o rentar tu propiedad, la comisión habitual es del \*\*5 %\*\*/)
    expect(all(commission)).not.toMatch(/no te cobramos comisión/)
    const worth = await chat.say('y cuanto vale mas o menos un depa ahi?')
    expect(all(worth)).toMatch(/^Lo que vale tu propiedad, para venderla o rentarla, depende de su zona/)
    expect(all(worth)).not.toContain('también te ayudamos a vender')
    const lead = await chat.say('ok, soy Mario Ruiz 9981112233')
    expect(lead.lead).toMatchObject({ kind: 'venta', name: 'Mario Ruiz', phone: '9981112233' })
  })
})

describe('every option shown already', () => {
  it('offers to widen only what the search has: no «fewer bedrooms» when none were asked', async () => {
    const chat = conversation()
    await chat.say('condo for sale max 500k USD with ocean view')
    const more = await chat.say('show me more')
    expect(all(more)).toMatch(/Shall I widen the search \(a higher budget or without an ocean view\)\?$/)
    const spanish = conversation()
    await spanish.say('casa en venta en puerto cancun')
    expect(all(await spanish.say('mas opciones'))).toMatch(/¿Quieres que amplíe la búsqueda con otra zona\?$/)
  })
})

describe('a question about all the results shown', () => {
  it('«¿cuántas recámaras tienen?», «en qué zona están» answer for each card, numbered, instead of «¿de cuál?»', async () => {
    const chat = conversation()
    const slugs = cards(await chat.say('casa en renta'))
    expect(slugs.length).toBeGreaterThan(1)
    const bedrooms = await chat.say('cuantas recamaras tienen?')
    slugs.forEach((slug, i) => expect(bedrooms.messages[0]).toContain(`${i + 1}. **${property(slug).title}**: Tiene ${property(slug).bedrooms} recámaras.`))
    expect(all(bedrooms)).not.toMatch(/¿De cuál propiedad/)
    const zones = await chat.say('en que zona estan')
    slugs.forEach((slug, i) => expect(zones.messages[0]).toContain(`${i + 1}. **${property(slug).title}**: Está en **`))
  })

  it('«where are they?» and «do they allow pets?» in English answer for each, not with the visiting hours', async () => {
    const chat = conversation()
    const slugs = cards(await chat.say('houses for rent'))
    const where = await chat.say('where are they?')
    expect(where.messages[0]).toMatch(/^1\. \*\*.+\*\*: It is in \*\*/)
    expect(all(where)).not.toMatch(/visits can be booked/)
    const pets = await chat.say('do they allow pets?')
    slugs.forEach((slug, i) => {
      const allowed = property(slug).amenities.includes('acepta-mascotas')
      expect(pets.messages[0]).toContain(`${i + 1}. **${property(slug).title}**: ${allowed ? 'Yes, pets are allowed.' : "The listing doesn't say pets are allowed"}`)
    })
  })

  it('«que tenga estacionamiento» (no filter for it) checks each result; «que tenga alberca» still narrows the search', async () => {
    const chat = conversation()
    const slugs = cards(await chat.say('busco depa de 2 recamaras en renta, unos 18 mil'))
    const parking = await chat.say('que tenga estacionamiento')
    slugs.forEach((slug, i) => expect(parking.messages[0]).toContain(`${i + 1}. **${property(slug).title}**: `))
    expect(all(parking)).not.toMatch(/¿De cuál propiedad/)
    const pool = await chat.say('que tenga alberca')
    for (const slug of cards(pool)) expect(property(slug).amenities).toContain('alberca')
  })

  it('«en qué zona está» after one result answers about that one', async () => {
    const chat = conversation()
    await chat.say('busco terreno')
    const [only] = cards(await chat.say('de unos 300 metros'))
    expect(all(await chat.say('en que zona esta'))).toMatch(new RegExp(`^Está en \\*\\*${property(only ?? '').zone === 'poligono-sur' ? 'Polígono Sur' : '.+'}\\*\\*`))
  })
})

describe('a seller asking what to ask, and a visitor putting it off', () => {
  it('«¿cuánto podría pedir de renta?» after «quiero rentar mi depa» is about theirs: no buyer listings', async () => {
    const chat = conversation()
    await chat.say('hola quiero rentar mi depa amueblado en huayacan')
    const price = await chat.say('cuanto podria pedir de renta?')
    expect(cards(price)).toEqual([])
    expect(all(price)).toMatch(/^Lo que vale tu propiedad, para venderla o rentarla/)
    expect(all(price)).not.toMatch(/¿De cuál propiedad/)
    const english = conversation()
    await english.say('i want to sell my condo')
    expect(all(await english.say('how much could I get for it?'))).toMatch(/^What your property is worth/)
  })

  it('«ok gracias, lo pienso» to a request for data lets it go instead of asking again', async () => {
    const chat = conversation()
    await chat.say('quiero vender mi casa')
    const later = await chat.say('ok gracias lo pienso')
    expect(all(later)).toBe('Sin problema. Aquí sigo si necesitas algo más.')
    const english = conversation()
    await english.say('i want to sell my condo')
    expect(all(await english.say("ok, I'll think about it"))).toBe("No problem. I'm here if you need anything else.")
  })
})

describe('conversations of 27 November (third round)', () => {
  it('«depa barato en renta» shows the cheapest first', async () => {
    const found = await conversation().say('depa barato en renta')
    const prices = cards(found).map((slug) => toMxn(property(slug).price.amount, property(slug).price.currency))
    expect(prices.length).toBeGreaterThan(1)
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)
    const rentals = catalogue.properties.filter((p) => p.operation === 'renta' && p.type === 'departamento' && p.status === 'disponible')
    expect(prices[0]).toBe(Math.min(...rentals.map((p) => toMxn(p.price.amount, p.price.currency))))
  })

  it('«¿qué incluye la renta?» after rentals is a question (no search again); «¿puedo tener perro?» answers for each', async () => {
    const chat = conversation()
    const slugs = cards(await chat.say('depa en renta'))
    const includes = await chat.say('que incluye la renta?')
    expect(cards(includes)).toEqual([])
    expect(all(includes)).toMatch(/No tengo ese dato/)
    const dog = await chat.say('puedo tener perro?')
    slugs.forEach((slug, i) => expect(dog.messages[0]).toContain(`${i + 1}. **${property(slug).title}**: `))
    expect(all(dog)).not.toMatch(/¿De cuál propiedad/)
  })

  it('«quiero invertir 2 millones» searches pre-sales with that budget; it does not book a visit', async () => {
    const answer = await conversation().say('quiero invertir 2 millones')
    expect(all(answer)).not.toMatch(/agendamos tu visita/)
    expect(answer.messages[0]).toMatch(/^Encontré \d+ propiedades? en preventa hasta \$2,000,000 MXN/)
  })
})

describe('short stays and delivery dates', () => {
  it('«a vacation rental for a week» hears that the term is each owner\'s, not a list of long-term rentals', async () => {
    const answer = await conversation().say("Hello, I'm looking for a vacation rental for a week")
    expect(cards(answer)).toEqual([])
    expect(all(answer)).toMatch(/Each owner sets the lease term/)
  })

  it('«¿cuándo entregan?» about several pre-sales answers each delivery date', async () => {
    const chat = conversation()
    const slugs = cards(await chat.say('busco depa en preventa en torre nativa'))
    expect(slugs.length).toBeGreaterThan(1)
    const delivery = await chat.say('cuando entregan?')
    slugs.forEach((slug, i) => expect(delivery.messages[0]).toContain(`${i + 1}. **${property(slug).title}**: La entrega está programada para **`))
  })
})

describe('leaving while the agent asks for contact data', () => {
  it('«ok thanks, bye» / «gracias, adiós» after an offer of an adviser says goodbye instead of asking again', async () => {
    const chat = conversation()
    await chat.say('Do you have beachfront condos for sale?')
    const fee = await chat.say('what is the HOA fee?')
    expect(all(fee)).toMatch(/name and phone/)
    const bye = await chat.say('ok thanks, bye')
    expect(all(bye)).toMatch(/^Thanks for writing to us!/)
    expect(all(bye)).not.toMatch(/phone/)
    const spanish = conversation()
    await spanish.say('casa en renta')
    await spanish.say('tiene escrituras la primera?')
    expect(all(await spanish.say('gracias, adios'))).toMatch(/^¡Gracias por escribirnos!/)
  })

  it('a goodbye with a phone in it still registers the lead', async () => {
    const chat = conversation()
    await chat.say('quiero hablar con un asesor')
    const outcome = await chat.say('soy Ana Ruiz 9981234567, gracias, bye')
    expect(outcome.lead).toMatchObject({ name: 'Ana Ruiz', phone: '9981234567' })
  })
})
