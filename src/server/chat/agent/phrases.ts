/**
 * Everything the agent says, in one place: answers to common questions, small talk and the
 * sentences of each flow (search results, visits, contact capture, hand-off, the lead's note).
 * Templates take plain values; the flows decide which one applies. Pure; Mexican Spanish, tú form,
 * plain markdown. Dates, criteria and property cards are put into words by `schedule.ts` and
 * `cards.ts`, which these templates receive already formatted.
 */
import { OPERATIONS, type Amenity, type Currency, type Operation } from '../../../catalogue/model'
import type { Relaxation } from './catalogue-search'
import { WEEKDAYS, type SlotProblem } from './schedule'
import { joinO, joinY } from './text'
import { amenityWords, describeCriteria } from './cards'
import { formatMonth } from '../../../catalogue/format'
import type { AgencyChannels, ContactData, Criteria, HandoffOutlook, TeamContact } from './types'
import type { ShownPick } from './understanding'
import { phoneText } from '../../../domain/phone'

const EXAMPLES = '«casa en renta en Huayacán hasta 30 mil» o «depa en venta en la Zona Hotelera con alberca»'
const HELLO = '¡Hola!'

const firstName = (name: string) => name.split(/\s+/)[0] ?? name
/** «domingos», «sábados», «lunes». */
const plural = (day: string) => (day.endsWith('s') ? day : `${day}s`)

/** How the visitor will be reached: «al 998 555 1234», «a ana@correo.com», or both when both were given. */
const channel = (contact: ContactData) =>
  [contact.phone ? `al ${phoneText(contact.phone)}` : null, contact.email ? `a ${contact.email}` : null].filter(Boolean).join(' o ')

/** " a **Casa en Huayacán**" when the visitor chose a property, else nothing. */
const toProperty = (title: string | null | undefined) => (title ? ` a **${title}**` : '')

const notUnderstood =
  'Perdón, no te entendí del todo. Puedo buscarte propiedades (por ejemplo, ' + EXAMPLES + '), ' +
  'darte nuestro horario y ubicación, requisitos para rentar, opciones de crédito o agendar una visita. ¿Qué te gustaría?'


export const PHRASES = {
  /** Words the templates are built from. */
  words: {
    amenity: (amenity: Amenity) => amenityWords(amenity),
    list: joinY,
    month: formatMonth,
    criteria: describeCriteria,
  },

  /** The agency's name when none is configured. */
  ourAgency: 'nuestra inmobiliaria',

  apology: 'Perdón, tuve un problema para responderte. ¿Me lo escribes de nuevo, por favor?',
  emptyMessage: '¿En qué te puedo ayudar? Puedo buscarte casas, departamentos o terrenos en Cancún, o resolver tus dudas.',
  notUnderstood,

  /** Small talk: greetings, thanks, goodbyes, help and messages in English. */
  smallTalk: {
    greeting: (agency: string) =>
      `¡Hola! Soy el asistente virtual de **${agency}**. Te ayudo a encontrar casa, depa, terreno o local en Cancún, ` +
      `en venta, renta o preventa.\nCuéntame qué buscas, por ejemplo ${EXAMPLES}.`,
    /** A first answer that greets back, unless it already does. */
    /** `name`: the one the visitor gave in the same message («hola, me llamo Ana y busco casa»). */
    withHello: (text: string, name: string | null) => (text.startsWith('¡Hola') ? text : `${name ? `¡Hola, ${name}!` : HELLO} ${text}`),
    help:
      'Puedo ayudarte con:\n' +
      `- **Buscar propiedades**: dime tipo, zona, presupuesto y recámaras, por ejemplo ${EXAMPLES}.\n` +
      '- **Agendar una visita** a la propiedad que te guste.\n' +
      '- **Dudas frecuentes**: horario y ubicación, requisitos para rentar, créditos y cómo funciona la preventa.\n' +
      '- **Comunicarte con un asesor**.',
    thanks: '¡Con gusto! ¿Te ayudo con algo más?',
    /** «ok» / «sí» mid-conversation, when the agent asked nothing. */
    /** «nada más estoy viendo». */
    browsing: '¡Claro, mira con calma! Si algo te llama la atención, pregúntame: te muestro opciones por zona o presupuesto, sin compromiso.',
    goOn: '¡Perfecto! ¿Qué más te gustaría? Puedo buscarte otra propiedad, resolver una duda o comunicarte con un asesor.',
    goodbye: (agency: string) => `¡Gracias por escribirnos! Aquí estaré si necesitas algo más. Saludos de parte de ${agency}.`,
    niceToMeet: (name: string) =>
      `¡Mucho gusto, ${firstName(name)}! ¿En qué te puedo ayudar? Cuéntame qué tipo de propiedad buscas y en qué zona.`,
  },


  /** Search results. `what` is the criteria in words (cards.ts), `outside` a zone left out. */
  search: {
    unavailable:
      'Perdón, en este momento no pude consultar el catálogo. Inténtalo de nuevo en un momento o déjame tu nombre y teléfono y un asesor te contacta.',
    outside: (zone: string) => ` fuera de ${zone}`,
    droppedBudget: (previous: Operation) => `Quité el presupuesto anterior porque era ${previous === 'renta' ? 'de renta mensual' : 'de compra'}.`,
    /** Everything that matches was shown already ("más opciones" once too often). */
    exhausted: (total: number, what: string, criteria: Criteria) => {
      const ways = [
        ...(criteria.zona || criteria.desarrollo ? ['otra zona'] : []),
        ...(criteria.precio_max !== undefined ? ['más presupuesto'] : []),
        ...(criteria.recamaras !== undefined ? ['menos recámaras'] : []),
        ...(criteria.amenidades?.length ? [criteria.amenidades.length === 1 ? `sin ${amenityWords(criteria.amenidades[0] as Amenity)}` : 'menos amenidades'] : []),
      ]
      return (
        (total > 0
          ? `Ya te mostré ${total === 1 ? 'la única opción disponible' : `las ${total} opciones disponibles`} de ${what}. `
          : 'Ya te mostré todas las opciones parecidas que tengo. ') +
        (ways.length ? `¿Quieres que amplíe la búsqueda con ${joinO(ways)}?` : '¿Quieres que busquemos algo distinto, o que un asesor te avise cuando entre algo nuevo?')
      )
    },
    nothing: (what: string) =>
      `Por ahora no tengo ${what} disponibles, ni opciones parecidas. ` +
      '¿Quieres que un asesor te avise cuando tengamos algo así? Solo necesito tu nombre y un teléfono o correo.',
    found(found: { total: number; shown: number; cheaper: boolean; what: string }): string {
      const lead = found.cheaper ? 'Más económicas: encontré' : 'Encontré'
      const some = found.shown === 1 ? 'una opción' : `${found.shown} opciones`
      const these = found.total > found.shown ? `Te comparto ${some}:` : found.total === 1 ? 'Aquí está:' : 'Aquí están:'
      return `${lead} ${found.total} ${found.what}. ${these}`
    },
    more: (what: string) => `Aquí tienes más ${what}:`,
    /** What `count` matches of one operation cost, from the cheapest to the dearest (in pesos). */
    priceRange: (operation: Operation, from: string, to: string, count: number) =>
      `Las ${count} opciones en ${operation} van de **${from}** a **${to}**${operation === 'renta' ? ' al mes' : ''}.`,
    moreNearby: (relaxed: string[]) => `Aquí tienes más opciones cercanas ${joinY(relaxed)}:`,
    noExactMatch: (what: string) => `No tengo disponibles ${what}.`,
    noCheaper: (what: string, price: string) => `No tengo nada más barato: entre ${what}, la opción más económica cuesta **${price}**.`,
    cheapestAbove: (price: string, cap: string) => `La opción más económica cuesta **${price}**, arriba de tu tope de ${cap}.`,
    nearest: (relaxed: string[]) => `Te muestro las opciones más cercanas ${joinY(relaxed)}:`,
    /** How the alternatives differ from what was asked; `developmentZone`: the zone of the asked development, in words. */
    relaxed(step: Relaxation, criteria: Criteria, developmentZone: string | null): string {
      switch (step) {
        case 'precio':
          return criteria.precio_max !== undefined ? 'sin el tope de precio' : 'sin el precio mínimo'
        case 'recamaras':
          return criteria.banos !== undefined && criteria.recamaras === undefined ? 'con menos baños' : 'con menos recámaras'
        case 'm2':
          return criteria.m2_min !== undefined ? 'de menos metros' : 'de más metros'
        case 'amenidades':
          return 'sin todas las amenidades que pediste'
        case 'desarrollo':
          return developmentZone ? `en otros desarrollos de ${developmentZone}` : 'en otros desarrollos'
        case 'zona':
          return 'en otras zonas'
        case 'operacion':
          return `en ${joinO(OPERATIONS.filter((op) => op !== criteria.operacion))}`
      }
    },
    siteLink(results: { total: number; relaxed: boolean; url: string }): string {
      const what = results.relaxed ? 'estas opciones' : `los ${results.total} resultados`
      const label = results.total === 1 ? 'Ver en el sitio' : `Ver ${what} en el sitio`
      return `[${label}](${results.url})`
    },
    /** `shown`: how many cards this answer has («a alguna» only when there is a choice). */
    next: (moreToShow: boolean, shown: number): string =>
      moreToShow
        ? '¿Quieres agendar una visita o te comparto más opciones?'
        : `¿Quieres agendar una visita${shown > 1 ? ' a alguna' : ''} o ajustamos la búsqueda?`,
    refineHint: 'Si me dices zona, presupuesto o lo que más te importa, afino la búsqueda.',
  },

  /**
   * Booking a visit. `day` and `slot` come formatted from schedule.ts; `hours` is when the agency
   * books visits, in words («lunes a viernes de 9:00 a 18:00 y sábados de 10:00 a 13:00»);
   * `closed` why the day asked for has none (`closedWeekday`, `closedOn`), '' when it has.
   */
  visit: {
    /** A weekday the office does not open. */
    closedWeekday: (weekday: number) => `Los ${plural(WEEKDAYS[weekday] ?? '')} no agendamos visitas.`,
    /** A closure (a holiday): `label` is the agency's («Navidad»). */
    closedOn: (day: string, label: string) => `El ${day} no abrimos${label ? ` (${label})` : ''}.`,
    /** `closed`: the day asked for has no visits and `day` is the next that has. */
    askTime: (day: string, closed: string, hours: string) =>
      `${closed ? `${closed} ` : ''}¿A qué hora te acomoda el **${day}**? Agendamos visitas ${hours}.`,
    /** A part of the day was said, not an hour: `slot` in it is proposed (`closed`: the day asked for has no visits). */
    proposeInPart: (slot: string, closed: string, hours: string) =>
      `${closed ? `${closed} ` : ''}¿Te parece el **${slot}**? Si prefieres otra hora, dime cuál: agendamos visitas ${hours}.`,
    refused(problem: SlotProblem, requested: string, proposal: string, closed: string, hours: string): string {
      const why = {
        past: `El ${requested} ya pasó.`,
        soon: `El ${requested} es muy pronto: necesitamos al menos una hora para preparar la visita.`,
        closed: closed || 'Ese día no agendamos visitas.',
        hours: `A esa hora no podemos: agendamos visitas ${hours}.`,
      }[problem]
      return `${why} ¿Te parece el **${proposal}**? Si no, dime qué otro día y hora te acomodan.`
    },
    /** `choices`: how many properties the visitor may choose from (0: the property is known). */
    askWhen(propertyTitle: string | null, choices: number, hours: string): string {
      const numbers = joinO(Array.from({ length: choices }, (_, i) => String(i + 1)))
      const which = choices > 1 ? ` ¿Cuál te gustaría visitar (${numbers})?` : ''
      return `¡Con gusto agendamos tu visita${toProperty(propertyTitle)}!${which} ¿Qué día y a qué hora te acomoda? Agendamos visitas ${hours}.`
    },
    /** A slot is held, the contact data is complete, and several results are shown: which one. */
    askWhich: (thanked: string | null, slot: string, choices: number) =>
      `${thanked ? `¡Gracias, ${thanked}! ` : ''}Te aparto el **${slot}**. ¿Cuál te gustaría visitar (${joinO(Array.from({ length: choices }, (_, i) => String(i + 1)))})?`,
    askDay: '¿Qué día y a qué hora te gustaría hacer la visita?',
    /** `written`: the date as the visitor wrote it, folded («31 de febrero»). */
    noSuchDay: (written: string, hours: string) => `El ${written} no existe en el calendario. ¿Qué otro día y a qué hora te acomoda la visita? Agendamos ${hours}.`,
    otherSlot: 'Va. ¿Qué otro día y a qué hora te acomoda la visita?',
    /** The property to visit is no longer offered (flows/visit.ts `refuseVisit`): no visit is booked. */
    unavailable: (propertyTitle: string, status: string) =>
      `**${propertyTitle}** ya no está disponible: está ${status}, así que no puedo agendar una visita. Si me dices qué buscas, te muestro otras opciones.`,
    notUnderstood: (hours: string) => `Perdón, no te entendí. ¿Qué día y a qué hora te gustaría la visita? Agendamos ${hours}.`,
    booked: (contact: ContactData, propertyTitle: string | null, slot: string) =>
      `¡Listo, ${firstName(contact.name ?? '')}! Tu visita${toProperty(propertyTitle)} quedó agendada para el **${slot}**. ` +
      `Un asesor te confirmará ${channel(contact)}. ¿Te ayudo con algo más?`,
    /** The appointment's note starts with this. */
    note: (slot: string) => `Visita solicitada desde el chat para el ${slot}.`,
  },

  /** A copy of the conversation by e-mail (flows/transcript.ts). */
  transcript: {
    askEmail: '¡Claro! ¿A qué correo te envío la copia de esta conversación?',
    sending: (email: string) => `Listo: te envío la copia de esta conversación a **${email}**. Si no la ves en unos minutos, revisa tu carpeta de correo no deseado. ¿Te ayudo con algo más?`,
  },

  /** Taking the visitor's contact data for an adviser. `when` comes from schedule.ts (contactWhen). */
  contact: {
    adviserFor: (propertyTitle: string) => `¡Claro! Con gusto un asesor te da informes de **${propertyTitle}**.`,
    sellValuation:
      'Lo que vale tu propiedad, para venderla o rentarla, depende de su zona, sus metros, recámaras, vista, amenidades y estado: un asesor te da una **valuación** ' +
      'con esos datos y los precios reales de la zona.\n¿Me compartes tu nombre y un teléfono o correo para que te contacte?',
    sellOrList: (agency: string) =>
      `¡Con gusto! En **${agency}** también te ayudamos a vender o rentar tu propiedad: la valuamos, la publicamos y ` +
      'atendemos a los interesados.\n¿Me compartes tu nombre y un teléfono o correo para que un asesor te contacte?',
    alreadyHave: (name: string, when: string) => `Ya tengo tus datos, ${firstName(name)}: un asesor te contactará ${when}.`,
    alreadyHaveAnythingElse: (name: string, when: string) =>
      `Ya tengo tus datos, ${firstName(name)}: un asesor te contactará ${when}. ¿Te ayudo con algo más?`,
    thanks: (contact: ContactData, when: string, offerVisit: boolean) =>
      `¡Gracias, ${firstName(contact.name ?? '')}! Un asesor te contactará ${when} ${channel(contact)}.${offerVisit ? ' ¿Quieres que agendemos una visita?' : ''}`,
    invalidPhone: (phone: string) => `El teléfono «${phone}» no parece completo: necesito 10 dígitos, por ejemplo 998 555 1234. ¿Me lo confirmas?`,
    invalidEmail: (email: string) => `El correo «${email}» no parece válido. ¿Me lo escribes de nuevo? (por ejemplo, nombre@correo.com)`,
    askName: '¡Gracias! ¿A nombre de quién registro tus datos?',
    askReach: (name: string) => `Gracias, ${firstName(name)}. ¿Me compartes un teléfono (10 dígitos) o un correo para contactarte?`,
    askAll: '¿Me compartes tu nombre y un teléfono (10 dígitos) o correo para que un asesor te contacte?',
    /** A chosen slot waiting for contact data; `slot` null when it cannot be read back. */
    holdVisit: (slot: string | null) =>
      `Perfecto, te aparto ${slot ? `el **${slot}**` : 'tu visita'}. Para confirmarla, ¿me compartes tu nombre y un teléfono (10 dígitos) o correo?`,
    holdVisitThen: (slot: string | null, ask: string) => `Te aparto ${slot ? `el **${slot}**` : 'tu visita'}. ${ask}`,
    noThanks: 'Sin problema. Aquí sigo si necesitas algo más.',
  },

  /** "no" after results. */
  adjustSearch: 'Sin problema. Si quieres, ajusto la búsqueda: dime otra zona, presupuesto o número de recámaras.',

  handoff: {
    /** The visitor asked for a member of the team by name (docs/agency.md#the-team); `assigned`: it is theirs now. */
    member: (member: TeamContact, assigned: boolean, askPhone: boolean) =>
      (assigned
        ? `¡Claro! Te comunico con **${member.name}** (${member.role}): te responderá aquí mismo en cuanto se desocupe.`
        : `¡Claro! Le aviso a nuestro equipo que quieres hablar con **${member.name}** (${member.role}); una persona continuará esta conversación en breve.`) +
      (askPhone ? '\nPor si no alcanzas a leer la respuesta aquí, ¿me compartes tu nombre y tu teléfono para que te llamen o te escriban por WhatsApp?' : ''),
    /** `later`: the office is closed now, and a person answers then (schedule.ts contactWhen). */
    connecting: (agency: string, askPhone: boolean, later?: string) =>
      (later
        ? `¡Claro! Te paso con un asesor de **${agency}**. Ahora nuestra oficina está cerrada: una persona de nuestro equipo continuará esta conversación ${later}.`
        : `¡Claro! Te comunico con un asesor de **${agency}**: una persona de nuestro equipo continuará esta conversación en breve.`) +
      (askPhone
        ? '\nMientras tanto, ¿me compartes tu nombre y tu teléfono para que te pueda llamar o escribir por WhatsApp ' +
          'si no alcanzas a leernos aquí?'
        : ''),
  },

  /** The note that goes with a lead or an appointment to the agency. */
  lead: {
    reason: {
      visit: (slot: string) => `agendó una visita para el ${slot}`,
      sell: 'quiere vender o rentar su propiedad',
      handoff: 'pidió hablar con un asesor',
      contact: 'pidió que un asesor le contacte',
    },
    note: (reason: string) => `Contacto desde el chat: ${reason}.`,
    interest: (title: string | null | undefined, url: string) => `Propiedad de interés: ${title ? `${title} ` : ''}(${url}).`,
    searching: (what: string) => `Busca: ${what}.`,
    /** What the agency needs to know from a seller. */
    seller: 'quiere vender o rentar su propiedad',
  },


  /** More common questions. */
  money: {
    /** Before the shown prices converted (docs/behaviour.md#agent-money). */
    pricesIn: (currency: Currency, rate: string, count: number) =>
      `${currency === 'USD' ? 'En dólares' : 'En pesos'}, al tipo de cambio de referencia ($${rate} MXN por dólar), ${count === 1 ? 'queda' : 'quedan'} aproximadamente así:`,
  },

  /** Questions about one property, answered from its data (docs/behaviour.md#agent-facts). */
  facts: {
    link: (url: string) => `[Ver propiedad](${url})`,
    picked: (pick: ShownPick, option: number) =>
      `De las que te mostré, la ${{ cheapest: 'más económica', largest: 'más grande', smallest: 'más chica' }[pick]} es la opción ${option}.`,
    parking: (n: number) => (n > 0 ? `Tiene ${n === 1 ? '1 lugar' : `${n} lugares`} de estacionamiento.` : 'No tiene estacionamiento propio.'),
    bedrooms: (n: number) => (n > 0 ? `Tiene ${n === 1 ? '1 recámara' : `${n} recámaras`}.` : 'No tiene recámaras: no es una propiedad habitacional.'),
    bathrooms: (n: number) => (n > 0 ? `Tiene ${n} ${n === 1 ? 'baño' : 'baños'}.` : 'No tiene baños registrados en la ficha.'),
    price: (price: string, approx: string | null, rent: boolean) => `${rent ? 'La renta es de' : 'Cuesta'} **${price}**${approx ? ` (${approx})` : ''}.`,
    pricePerArea: (perM2: string, price: string, m2: string, land: boolean, rent: boolean) =>
      `Sale a **${perM2} por m²**${rent ? ' al mes' : ''}: ${price} entre ${m2} de ${land ? 'terreno' : 'construcción'}.`,
    area: (built: string | null, lot: string | null) =>
      built && lot ? `Tiene ${built} de construcción en un terreno de ${lot}.` : built ? `Tiene ${built} de construcción.` : lot ? `El terreno mide ${lot}.` : 'La ficha no indica los metros.',
    lot: (lot: string | null, built: string | null) =>
      lot ? `El terreno mide ${lot}.` : built ? `Es un departamento: no tiene terreno propio; tiene ${built} de construcción.` : 'La ficha no indica el tamaño del terreno.',
    // An amenity the listing does not name is not known to be missing: the catalogue lists what a
    // property has, never what it lacks, so its absence is said as such and a person confirms.
    amenity: (has: boolean, what: string) =>
      has ? `Sí, tiene ${what}.` : `La ficha no tiene indicado que cuente con ${what}: no está entre las amenidades que lista. Un asesor te lo puede confirmar.`,
    pets: (allowed: boolean): string =>
      allowed ? 'Sí, acepta mascotas.' : 'La ficha no tiene indicado si acepta mascotas; un asesor puede preguntarle al propietario.',
    /** `word`: "amueblada" or "amueblado", agreeing with the property type. */
    furnished: (furnished: boolean, word: string): string =>
      furnished ? `Sí, está ${word}.` : `La ficha no tiene indicado si está ${word}; un asesor te lo puede confirmar.`,
    amenities: (list: string) => (list ? `Cuenta con ${list}.` : 'La ficha no lista amenidades.'),
    zone: (zone: string, address: string) => `Está en **${zone}**: ${address}.`,
    delivery: (month: string | null, development: string | null) =>
      month ? `La entrega está programada para **${month}**${development ? ` (${development})` : ''}.` : 'Es una propiedad terminada: se puede entregar al cerrar la operación.',
    development: (name: string | null) => (name ? `Forma parte de **${name}**.` : 'No forma parte de un desarrollo: es una propiedad independiente.'),
    available: 'Sí, sigue disponible.',
    unavailable: (status: string) => `Ya no está disponible: está ${status}. ¿Quieres que te muestre opciones parecidas?`,
    status: { apartada: 'apartada', vendida: 'vendida', rentada: 'rentada' } as Record<string, string>,
    /** How far the beach is: the listing holds no distance; `beachZone`: the zone is Cancún's strip of beaches. */
    beach: (zone: string, seaView: boolean, beachZone: boolean) =>
      (beachZone
        ? `Está en **${zone}**, la franja de playas de Cancún${seaView ? ', y tiene vista al mar' : ''}.`
        : `Está en **${zone}**${seaView ? ' y tiene vista al mar' : ''}; las playas de Cancún están sobre todo en la Zona Hotelera.`) +
      ' No tengo en la ficha la distancia exacta a la playa: un asesor te la confirma. ¿Quieres que te contacte? Déjame tu nombre y teléfono.',
    unknown:
      'No tengo ese dato en la ficha de la propiedad y no quiero inventarte una respuesta. ' +
      'Un asesor te lo puede confirmar: ¿quieres que te contacte? Déjame tu nombre y teléfono.',
    /** The same, with no property discussed («¿es seguro vivir en Cancún?»). */
    unknownGeneral:
      'No tengo ese dato y no quiero inventarte una respuesta: lo que sé viene de nuestro catálogo de propiedades. ' +
      'Un asesor que conoce las zonas te puede orientar: ¿quieres que te contacte? Déjame tu nombre y teléfono.',
    onlyOne: (title: string) => `Solo te mostré una opción: **${title}**.`,
    onlySome: (count: number) =>
      `Solo te mostré ${count} opciones. ¿Cuál de ellas te interesa (${joinO(Array.from({ length: count }, (_, i) => String(i + 1)))})?`,
    which: '¿De cuál propiedad me preguntas? Dime el número de la opción (por ejemplo, «la segunda») o ábrela en el sitio y pregúntame desde ahí.',
    notFound: 'No encontré esa propiedad en el catálogo. ¿Me dices cuál es o buscamos otra?',
    nextQuestion: '¿Quieres agendar una visita o saber algo más?',
  },

  /**
   * Who will answer and about when, as the console's routing sees it (docs/console.md#routing):
   * said at a hand-off and whenever it changes. `when`: the next opening said from now
   * (schedule.ts formatFromNow); never «en breve» when nobody can answer.
   */
  routing: {
    outlook: (o: HandoffOutlook, when: string | null, c: AgencyChannels) => {
      if (o.kind === 'person') return `**${o.name}** te responderá aquí ${o.minutes <= 1 ? 'en un minuto' : `en unos ${o.minutes} minutos`}.`
      if (o.kind === 'team') return `${joinO(o.names.map((n) => `**${n}**`))} te responderá aquí en los próximos minutos.`
      if (o.kind === 'busy')
        return o.names.length === 1
          ? `**${o.names[0]}** está atendiendo otras conversaciones y te responderá aquí en cuanto se desocupe.`
          : `Nuestro equipo está atendiendo otras conversaciones: ${joinO(o.names.map((n) => `**${n}**`))} te responderá aquí en cuanto se desocupe.`
      const by = when ? `${o.closed ? '' : 'a más tardar '}**${when}** (hora de Cancún)` : 'en cuanto abramos'
      const now = o.closed ? 'Nuestra oficina está cerrada en este momento' : 'En este momento no hay nadie de nuestro equipo en línea'
      const channels = o.closed
        ? `Desde esa hora también nos encuentras por [WhatsApp](${c.whatsapp}), al ${c.phone} o en ${c.email}.`
        : `También puedes escribirnos por [WhatsApp](${c.whatsapp}), llamarnos al ${c.phone} o escribir a ${c.email}.`
      return `${now}: te responderemos ${by}, aquí mismo o al teléfono o correo que nos dejes. ${channels}`
    },
    /** Who answers, with the hand-off («¡Claro! Te comunico…»); `askContact`: name and phone are asked for too. */
    connecting: (agency: string, outlook: string, askContact: boolean, later: boolean) =>
      (later ? `¡Claro! Le dejo tu mensaje a nuestro equipo de **${agency}**. ${outlook}` : `¡Claro! Te comunico con un asesor de **${agency}**. ${outlook}`) +
      (askContact
        ? later
          ? '\n¿Me compartes tu nombre y tu teléfono o correo para contactarte?'
          : '\nMientras tanto, ¿me compartes tu nombre y tu teléfono para que te pueda llamar o escribir por WhatsApp si no alcanzas a leernos aquí?'
        : ''),
    /** A member asked for by name who is not online (or off duty, or away): who answers instead. */
    memberAway: (member: TeamContact, outlook: string, askContact: boolean) =>
      `¡Claro! **${member.name}** (${member.role}) no está disponible en este momento. ${outlook}` +
      (askContact ? '\n¿Me compartes tu nombre y tu teléfono o correo para que te contacten?' : ''),
    /** A member asked for by name who has no console account: the team is told, and who answers. */
    memberUnlinked: (member: TeamContact, outlook: string, askContact: boolean) =>
      `¡Claro! Le aviso a nuestro equipo que quieres hablar con **${member.name}** (${member.role}). ${outlook}` +
      (askContact ? '\n¿Me compartes tu nombre y tu teléfono o correo para que te contacten?' : ''),
    /** A member asked for by name who answers: the conversation is theirs. */
    member: (member: TeamContact, minutes: number, askContact: boolean) =>
      `¡Claro! Te comunico con **${member.name}** (${member.role}): te responderá aquí ${minutes <= 1 ? 'en un minuto' : `en unos ${minutes} minutos`}.` +
      (askContact ? '\nPor si no alcanzas a leer la respuesta aquí, ¿me compartes tu nombre y tu teléfono para que te llamen o te escriban por WhatsApp?' : ''),
    /** «Nadie me contesta»: an apology and where it stands now. */
    waiting: (outlook: string, askContact: boolean) =>
      `Perdón por la espera. ${outlook}` + (askContact ? '\n¿Me dejas tu nombre y teléfono para que te contacten aunque cierres el chat?' : ''),
    /** Nobody took it within the answer time: it went to everyone (or nobody is left to answer). */
    escalated: (outlook: string) => `Perdón por la espera: ya avisé a todo nuestro equipo. ${outlook}`,
    /** The person who had the conversation left it (closed the console, or stopped answering). */
    ownerLeft: (name: string, outlook: string) => `${name} tuvo que dejar la conversación. ${outlook}`,
    /** Someone on duty came online for a visitor who was told to wait. */
    arrived: (outlook: string) => `Buenas noticias: ya hay alguien de nuestro equipo en línea. ${outlook}`,
  },

  /** A visitor waiting for a person (docs/behaviour.md#agent-handoff). */
  waiting: (c: AgencyChannels, askContact: boolean) =>
    'Perdón por la espera. Ya avisé a nuestro equipo y un asesor te escribirá aquí en cuanto se libere. ' +
    `Si prefieres no esperar, escríbenos por [WhatsApp](${c.whatsapp}) o llámanos al ${c.phone}.` +
    (askContact ? '\n¿Me dejas tu nombre y teléfono para que te contacten aunque cierres el chat?' : ''),

  /** A place the agency does not cover (docs/behaviour.md#agent-out-of-area). */
  /** A development or zone the catalogue does not have; `close`: its names that look like it. */
  unknownPlace: (place: string, close: string[]) =>
    `No tengo **${place}** entre las zonas y desarrollos de nuestro catálogo` +
    (close.length ? `; lo más parecido es ${joinY(close.map((c) => `**${c}**`))}.` : '.'),
  outOfArea: (place: string) =>
    `Por ahora solo trabajamos en **Cancún** (Huayacán, Puerto Cancún, Zona Hotelera, Centro y Polígono Sur), así que en ${place} no tengo propiedades. ` +
    'Si te interesa Cancún, dime qué buscas y te muestro opciones; o déjame tu nombre y teléfono y un asesor te orienta.',

  /** The classifier was not confident and nothing else was understood. */
  unclear: '¿Me das un poco más de detalle? ¿Buscas una propiedad (tipo, zona y presupuesto), tienes una duda sobre alguna que viste o quieres hablar con un asesor?',
}

export type Phrases = typeof PHRASES
