/**
 * The held-out evaluation of the automated agent (docs/behaviour.md#agent-evaluation): visitor
 * messages and conversations in Mexican Spanish (typos, slang, no accents) and English, written
 * before the understanding was tuned, each labelled with what a good assistant of a Cancún agency
 * does. `check.ts` grades the agent's answers automatically against the catalogue data. Never tune
 * on these: add new cases instead, and keep the old ones.
 */
import type { Amenity, Currency, Operation, PropertyType } from '../../src/catalogue/model'

export const EVAL_INTENTS = [
  'search', 'fact', 'unknownFact', 'availability', 'contactChannels', 'hours', 'location', 'credit', 'downPayment',
  'foreigner', 'closingCosts', 'commission', 'presale', 'rentRequirements', 'sell', 'handoff', 'waiting', 'contactMe',
  'visit', 'outOfArea', 'greeting', 'thanks', 'goodbye', 'unclear',
] as const
export type EvalIntent = (typeof EVAL_INTENTS)[number]

/** What every linked property must satisfy (a search), as the visitor stated it. */
export interface Wanted {
  /** One value, or several the visitor accepts («zona hotelera o centro», «puede ser preventa»). */
  op?: Operation | readonly Operation[]
  type?: PropertyType | readonly PropertyType[]
  zone?: string | readonly string[]
  dev?: string
  beds?: number
  baths?: number
  max?: readonly [number, Currency]
  min?: readonly [number, Currency]
  amen?: readonly Amenity[]
  /** Size in m² (built, else the lot): at least the first, at most the second. */
  m2?: readonly [number, number?]
}

export type Fact =
  | 'parking' | 'bedrooms' | 'bathrooms' | 'price' | 'area' | 'lot' | 'pool' | 'pets' | 'furnished' | 'zone' | 'delivery'
  | 'development'

/**
 * Which property a follow-up is about: a position in the last cards shown (0-based), the cheapest
 * or the largest (m² built, else the lot)
 * of them, or the page the visitor is on.
 */
export type Ref = number | 'cheapest' | 'largest' | 'page'

export interface Turn {
  text: string
  intent: EvalIntent
  /** The visitor writes English (the answer must be English). */
  en?: true
  /** The page the visitor is on while writing (navigation-path-chat). */
  page?: string
  want?: Wanted
  fact?: Fact
  ref?: Ref
  /** A place outside the agency's area the answer must name. */
  place?: string
  /** The visit day (and time) the answer must name, as the agent writes it: the day in words was read right. */
  slot?: string
}

export interface Conversation {
  name: string
  turns: Turn[]
}

const es = (text: string, intent: EvalIntent, extra: Omit<Turn, 'text' | 'intent'> = {}): Turn => ({ text, intent, ...extra })
const en = (text: string, intent: EvalIntent, extra: Omit<Turn, 'text' | 'intent' | 'en'> = {}): Turn => ({ text, intent, en: true, ...extra })

const P = (slug: string) => `/propiedad/${slug}`
const RENT_HUAYACAN_HOUSE = P('casa-en-renta-en-huayacan-3-recamaras')
const SALE_SUIKO_HOUSE = P('casa-de-dos-niveles-en-venta-en-residencial-cumbres-suiko')
const PRESALE_MAREA = P('preventa-departamento-de-2-recamaras-en-torre-marea-puerto-cancun')
const SOLD_HOUSE = P('casa-con-estudio-en-venta-en-huayacan')
const FURNISHED_ZH = P('departamento-amueblado-en-renta-en-la-zona-hotelera')
const JARDINES_HOUSE = P('casa-con-estudio-en-venta-en-residencial-jardines-del-sur')
const NATIVA = P('departamento-en-preventa-en-torre-nativa-centro-1-recamara')
const LAND = P('terreno-en-venta-en-huayacan-420-m2')

/** Single messages, each from a new visitor (optionally on a page). */
export const MESSAGES: Turn[] = [
  // Search, Spanish.
  es('depa 2 rec en renta x 15mil', 'search', { want: { op: 'renta', type: 'departamento', beds: 2, max: [15000, 'MXN'] } }),
  es('busco casa en renta en huayacan', 'search', { want: { op: 'renta', type: 'casa', zone: 'huayacan' } }),
  es('kiero una casa en benta en guayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan' } }),
  es('departamentos en preventa en la zona hotelera', 'search', { want: { op: 'preventa', type: 'departamento', zone: 'zona-hotelera' } }),
  es('tienen terrenos en venta?', 'search', { want: { op: 'venta', type: 'terreno' } }),
  es('casa con alberca en venta hasta 4 millones', 'search', { want: { op: 'venta', type: 'casa', amen: ['alberca'], max: [4_000_000, 'MXN'] } }),
  es('depa amueblado en renta zona hotelera', 'search', { want: { op: 'renta', type: 'departamento', zone: 'zona-hotelera', amen: ['amueblado'] } }),
  es('algo en renta que acepten mascotas, casa de 3 recamaras', 'search', { want: { op: 'renta', type: 'casa', beds: 3, amen: ['acepta-mascotas'] } }),
  es('busco depto en el centro en venta menos de 2.5 mdp', 'search', { want: { op: 'venta', type: 'departamento', zone: 'centro', max: [2_500_000, 'MXN'] } }),
  es('casas en venta en el poligono sur', 'search', { want: { op: 'venta', type: 'casa', zone: 'poligono-sur' } }),
  es('que tienen en residencial bosque maya?', 'search', { want: { dev: 'residencial-bosque-maya' } }),
  es('deptos en torre nativa', 'search', { want: { type: 'departamento', dev: 'torre-nativa-centro' } }),
  es('local comercial en renta', 'search', { want: { op: 'renta', type: 'local' } }),
  es('ocupo una oficina en renta en el centro', 'search', { want: { op: 'renta', type: 'oficina', zone: 'centro' } }),
  es('una bodega en renta porfa', 'search', { want: { op: 'renta', type: 'bodega' } }),
  es('casa de 4 recamaras en venta en huayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan', beds: 4 } }),
  es('depa en renta en puerto cancun con alberca', 'search', { want: { op: 'renta', type: 'departamento', zone: 'puerto-cancun', amen: ['alberca'] } }),
  es('departamento en venta en puerto cancún de menos de 700 mil dolares', 'search', { want: { op: 'venta', type: 'departamento', zone: 'puerto-cancun', max: [700_000, 'USD'] } }),
  es('renta de casa hasta 25 mil al mes', 'search', { want: { op: 'renta', type: 'casa', max: [25_000, 'MXN'] } }),
  es('casa en venta de 3 millones 610', 'search', { want: { op: 'venta', type: 'casa', max: [3_610_000, 'MXN'] } }),
  es('algo en venta entre 3 y 4 millones', 'search', { want: { op: 'venta', min: [3_000_000, 'MXN'], max: [4_000_000, 'MXN'] } }),
  // A rough figure is searched as a range around it (± 15 %), not as a limit.
  es('casa alrededor de 6 millones', 'search', { want: { op: 'venta', type: 'casa', min: [5_100_000, 'MXN'], max: [6_900_000, 'MXN'] } }),
  es('depa de unos 3 millones', 'search', { want: { op: 'venta', type: 'departamento', min: [2_500_000, 'MXN'], max: [3_500_000, 'MXN'] } }),
  en('a house for around 6 million pesos', 'search', { want: { op: 'venta', type: 'casa', min: [5_100_000, 'MXN'], max: [6_900_000, 'MXN'] } }),
  es('busco casa de unos 200 metros', 'search', { want: { type: 'casa', m2: [170, 230] } }),
  es('quiero invertir 2 millones', 'search', { want: { op: 'preventa', max: [2_000_000, 'MXN'] } }),
  es('depa en venta de 120 m2', 'search', { want: { op: 'venta', type: 'departamento', m2: [100, 140] } }),
  es('depa en renta de 1500 dlls', 'search', { want: { op: 'renta', type: 'departamento', max: [1500, 'USD'] } }),
  es('Hola buenas tardes, busco casa para comprar en cancun de 3 recamaras', 'search', { want: { op: 'venta', type: 'casa', beds: 3 } }),
  es('me interesan departamentos con vista al mar en venta', 'search', { want: { op: 'venta', type: 'departamento', amen: ['vista-al-mar'] } }),
  // Added after a walk through the site (not tuned on): a tenant is no owner, nor asks for requirements.
  es('quiero rentar una casa', 'search', { want: { op: 'renta', type: 'casa' } }),
  es('quiero rentar un depa amueblado', 'search', { want: { op: 'renta', type: 'departamento', amen: ['amueblado'] } }),
  es('necesito casa para rentar que acepte mascotas', 'search', { want: { op: 'renta', type: 'casa', amen: ['acepta-mascotas'] } }),
  es('preventas de casas', 'search', { want: { op: 'preventa', type: 'casa' } }),
  es('depas en renta con gimnasio', 'search', { want: { op: 'renta', type: 'departamento', amen: ['gimnasio'] } }),
  es('q tienes en renta en el centro', 'search', { want: { op: 'renta', zone: 'centro' } }),
  es('terreno en preventa', 'search', { want: { op: 'preventa', type: 'terreno' } }),
  es('busco casa en renta de 4 recamaras', 'search', { want: { op: 'renta', type: 'casa', beds: 4 } }),
  es('departamento en venta de 3 recamaras en la zona hotelera', 'search', { want: { op: 'venta', type: 'departamento', beds: 3, zone: 'zona-hotelera' } }),
  // Search, English.
  en('I am looking for a house to rent in Huayacan', 'search', { want: { op: 'renta', type: 'casa', zone: 'huayacan' } }),
  en('Do you have condos for sale in the hotel zone?', 'search', { want: { op: 'venta', type: 'departamento', zone: 'zona-hotelera' } }),
  en('2 bedroom apartment for rent under 20k pesos', 'search', { want: { op: 'renta', type: 'departamento', beds: 2, max: [20_000, 'MXN'] } }),
  en('looking for a furnished apartment to rent', 'search', { want: { op: 'renta', type: 'departamento', amen: ['amueblado'] } }),
  en('any pre-sale condos in Puerto Cancun?', 'search', { want: { op: 'preventa', type: 'departamento', zone: 'puerto-cancun' } }),
  en('houses for sale under 200k dollars', 'search', { want: { op: 'venta', type: 'casa', max: [200_000, 'USD'] } }),
  en('I want to buy a house with a pool', 'search', { want: { op: 'venta', type: 'casa', amen: ['alberca'] } }),
  en('show me land for sale', 'search', { want: { op: 'venta', type: 'terreno' } }),
  en('Pet friendly house for rent please', 'search', { want: { op: 'renta', type: 'casa', amen: ['acepta-mascotas'] } }),
  en('2 bedroom condo for sale downtown', 'search', { want: { op: 'venta', type: 'departamento', beds: 2, zone: 'centro' } }),

  // Facts about the property on the page.
  es('esta casa tiene estacionamiento?', 'fact', { page: RENT_HUAYACAN_HOUSE, fact: 'parking', ref: 'page' }),
  es('cuantas recamaras tiene?', 'fact', { page: SALE_SUIKO_HOUSE, fact: 'bedrooms', ref: 'page' }),
  es('cuántos baños tiene esta casa', 'fact', { page: SALE_SUIKO_HOUSE, fact: 'bathrooms', ref: 'page' }),
  es('cuanto cuesta?', 'fact', { page: JARDINES_HOUSE, fact: 'price', ref: 'page' }),
  es('de cuantos metros es', 'fact', { page: JARDINES_HOUSE, fact: 'area', ref: 'page' }),
  es('tiene alberca?', 'fact', { page: SALE_SUIKO_HOUSE, fact: 'pool', ref: 'page' }),
  es('aceptan mascotas en este depa?', 'fact', { page: FURNISHED_ZH, fact: 'pets', ref: 'page' }),
  es('esta amueblado?', 'fact', { page: FURNISHED_ZH, fact: 'furnished', ref: 'page' }),
  es('en que zona esta?', 'fact', { page: JARDINES_HOUSE, fact: 'zone', ref: 'page' }),
  es('cuando entregan?', 'fact', { page: PRESALE_MAREA, fact: 'delivery', ref: 'page' }),
  es('de que tamaño es el terreno', 'fact', { page: LAND, fact: 'lot', ref: 'page' }),
  es('cuanto es la renta?', 'fact', { page: RENT_HUAYACAN_HOUSE, fact: 'price', ref: 'page' }),
  es('en que desarrollo esta este depa', 'fact', { page: NATIVA, fact: 'development', ref: 'page' }),
  en('How many bedrooms does it have?', 'fact', { page: RENT_HUAYACAN_HOUSE, fact: 'bedrooms', ref: 'page' }),
  en('what is the price?', 'fact', { page: PRESALE_MAREA, fact: 'price', ref: 'page' }),
  en('does it have parking?', 'fact', { page: SALE_SUIKO_HOUSE, fact: 'parking', ref: 'page' }),
  en('Is it furnished?', 'fact', { page: RENT_HUAYACAN_HOUSE, fact: 'furnished', ref: 'page' }),
  en('are pets allowed?', 'fact', { page: SALE_SUIKO_HOUSE, fact: 'pets', ref: 'page' }),
  en('when is the delivery date?', 'fact', { page: NATIVA, fact: 'delivery', ref: 'page' }),
  en('how big is the lot?', 'fact', { page: JARDINES_HOUSE, fact: 'lot', ref: 'page' }),

  // Availability of the property on the page.
  es('esta casa sigue disponible?', 'availability', { page: RENT_HUAYACAN_HOUSE, ref: 'page' }),
  es('todavia esta a la venta?', 'availability', { page: SOLD_HOUSE, ref: 'page' }),
  es('sigue disponible este depa?', 'availability', { page: FURNISHED_ZH, ref: 'page' }),
  en('is this one still available?', 'availability', { page: SALE_SUIKO_HOUSE, ref: 'page' }),
  en('Is it still for sale?', 'availability', { page: SOLD_HOUSE, ref: 'page' }),

  // What the data does not say.
  es('esta cerca de alguna escuela?', 'unknownFact', { page: RENT_HUAYACAN_HOUSE }),
  es('se inunda la zona en temporada de huracanes?', 'unknownFact', { page: SALE_SUIKO_HOUSE }),
  es('cuanto se paga de luz al mes ahi?', 'unknownFact', { page: FURNISHED_ZH }),
  es('los vecinos son tranquilos?', 'unknownFact', { page: JARDINES_HOUSE }),
  es('hay un oxxo cerca?', 'unknownFact', { page: RENT_HUAYACAN_HOUSE }),
  en('is it close to a school?', 'unknownFact', { page: RENT_HUAYACAN_HOUSE }),
  en('how far is it from the airport?', 'unknownFact', { page: SALE_SUIKO_HOUSE }),
  en('is the neighborhood safe at night?', 'unknownFact', { page: JARDINES_HOUSE }),

  // Contact channels.
  es('me pasas su whatsapp?', 'contactChannels'),
  es('cual es su numero de telefono', 'contactChannels'),
  es('tienen correo electronico?', 'contactChannels'),
  es('a que numero les marco', 'contactChannels'),
  es('me das el wats porfa', 'contactChannels'),
  es('como me comunico con ustedes', 'contactChannels'),
  en("what's your whatsapp number?", 'contactChannels'),
  en('How can I contact you by phone?', 'contactChannels'),
  en('what is your email address', 'contactChannels'),

  // Hours and office.
  es('a que hora abren?', 'hours'),
  es('abren los sabados?', 'hours'),
  es('cual es su horario de atencion', 'hours'),
  en('what are your office hours?', 'hours'),
  en('are you open on saturday?', 'hours'),
  es('donde esta su oficina', 'location'),
  es('cual es la direccion de la inmobiliaria?', 'location'),
  en('where is your office?', 'location'),
  en("what's your address", 'location'),

  // Credit.
  es('aceptan credito infonavit?', 'credit'),
  es('se puede pagar con fovissste', 'credit'),
  es('puedo comprar con credito bancario?', 'credit'),
  es('manejan cofinanciamiento?', 'credit'),
  es('tengo infonavit, me alcanza para una casa?', 'credit'),
  en('can I get a mortgage?', 'credit'),
  en('do you accept bank loans?', 'credit'),

  // Down payment.
  es('cuanto es el enganche?', 'downPayment'),
  es('de cuanto tendria que ser el enganche para una casa', 'downPayment'),
  es('que porcentaje de enganche piden', 'downPayment'),
  en('how much is the down payment?', 'downPayment'),
  en('what down payment do I need?', 'downPayment'),

  // Foreign buyers.
  es('soy extranjero, puedo comprar en cancun?', 'foreigner'),
  es('que es el fideicomiso?', 'foreigner'),
  es('un canadiense puede comprar un depa cerca del mar?', 'foreigner'),
  en('Can foreigners buy property in Cancun?', 'foreigner'),
  en("I'm American, can I own a condo near the beach?", 'foreigner'),
  en('how does the fideicomiso work?', 'foreigner'),

  // Closing costs.
  es('cuanto cuesta escriturar?', 'closingCosts'),
  es('cuales son los gastos de escrituracion', 'closingCosts'),
  es('cuanto se paga de notario e impuestos al comprar', 'closingCosts'),
  en('what are the closing costs?', 'closingCosts'),
  en('how much are notary fees and taxes when buying?', 'closingCosts'),

  // Commission.
  es('cuanto cobran de comision?', 'commission'),
  es('ustedes cobran comision al comprador?', 'commission'),
  es('cual es su comision por vender mi casa', 'commission'),
  en('what is your commission?', 'commission'),
  en('do buyers pay a commission?', 'commission'),

  // Pre-sale process.
  es('como funciona la preventa?', 'presale'),
  es('que pasa si compro en preventa y no entregan', 'presale'),
  en('how does buying in pre-sale work?', 'presale'),
  en('what is a presale?', 'presale'),

  // Rent requirements.
  es('que requisitos piden para rentar', 'rentRequirements'),
  es('piden aval para rentar?', 'rentRequirements'),
  es('necesito poliza juridica?', 'rentRequirements'),
  en('what do I need to rent an apartment?', 'rentRequirements'),
  en('do you require a guarantor to rent?', 'rentRequirements'),

  // Selling or renting out one's own property.
  es('quiero vender mi casa', 'sell'),
  es('tengo un depa y lo quiero rentar, me ayudan?', 'sell'),
  es('quiero poner en venta mi terreno en huayacan', 'sell'),
  es('ustedes me pueden ayudar a vender mi departamento?', 'sell'),
  en('I want to sell my house', 'sell'),
  en('Can you help me rent out my condo?', 'sell'),

  // A person.
  es('quiero hablar con un asesor', 'handoff'),
  es('me pasas con una persona real?', 'handoff'),
  es('prefiero hablar con alguien de carne y hueso', 'handoff'),
  en('can I talk to a human please', 'handoff'),
  en('I want to speak with an agent', 'handoff'),

  // Please contact me.
  es('que me llame un asesor', 'contactMe'),
  es('quiero que me contacten para informes', 'contactMe'),
  en('please have someone call me', 'contactMe'),

  // A visit.
  es('quiero agendar una visita a esta casa', 'visit', { page: SALE_SUIKO_HOUSE }),
  es('puedo ir a verla el sabado?', 'visit', { page: RENT_HUAYACAN_HOUSE }),
  en("I'd like to schedule a viewing", 'visit', { page: JARDINES_HOUSE }),
  // A visit with the day in words (now: Saturday 21 November 2026, 10:00 in Cancún).
  es('puedo ir a verla pasado mañana a las 11?', 'visit', { page: RENT_HUAYACAN_HOUSE, slot: 'lunes 23 de noviembre a las 11:00' }),
  es('me gustaria visitarla el jueves a las 4 y media', 'visit', { page: JARDINES_HOUSE, slot: 'jueves 26 de noviembre a las 16:30' }),
  es('quiero ir a ver la casa el lunes en la tarde', 'visit', { page: SALE_SUIKO_HOUSE, slot: 'lunes 23 de noviembre' }),
  en('can I see the house next Wednesday at 11am?', 'visit', { page: SALE_SUIKO_HOUSE, slot: 'Wednesday, November 25 at 11:00' }),
  en('could I visit it on December 2 at 3 pm?', 'visit', { page: JARDINES_HOUSE, slot: 'Wednesday, December 2 at 15:00' }),

  // Out of the agency's area.
  es('tienen casas en tulum?', 'outOfArea', { place: 'Tulum' }),
  es('busco depa en playa del carmen', 'outOfArea', { place: 'Playa del Carmen' }),
  es('manejan propiedades en merida?', 'outOfArea', { place: 'Mérida' }),
  es('algo en puerto morelos en renta', 'outOfArea', { place: 'Puerto Morelos' }),
  en('Do you have anything in Tulum?', 'outOfArea', { place: 'Tulum' }),
  en('looking for a condo in Playa del Carmen', 'outOfArea', { place: 'Playa del Carmen' }),

  // Greetings, thanks and goodbyes.
  es('hola', 'greeting'),
  es('buenas noches', 'greeting'),
  es('que onda', 'greeting'),
  en('hello there', 'greeting'),
  en('Hi!', 'greeting'),
  es('muchas gracias!!', 'thanks'),
  es('mil gracias por la info', 'thanks'),
  en('thanks a lot', 'thanks'),
  es('bye, hasta luego', 'goodbye'),
  es('ok eso es todo, adios', 'goodbye'),
  en('bye, have a nice day', 'goodbye'),

  // Nothing clear: a clarifying question.
  es('mmm', 'unclear'),
  es('lo de ayer', 'unclear'),
  en('hmm ok so', 'unclear'),
]

/** Conversations: each turn depends on what came before. */
export const CONVERSATIONS: Conversation[] = [
  {
    name: 'visita el próximo martes',
    turns: [
      es('quiero agendar una visita', 'visit', { page: SALE_SUIKO_HOUSE }),
      es('el próximo martes a las 5', 'visit', { page: SALE_SUIKO_HOUSE, slot: 'martes 24 de noviembre a las 17:00' }),
    ],
  },
  {
    name: 'visita mañana en la tarde (domingo)',
    turns: [
      es('se puede ver esta casa mañana en la tarde?', 'visit', { page: JARDINES_HOUSE }),
      es('a las 4', 'visit', { page: JARDINES_HOUSE, slot: 'lunes 23 de noviembre a las 16:00' }),
    ],
  },
  {
    name: 'english viewing next friday',
    turns: [
      en("I'd like to see this house", 'visit', { page: JARDINES_HOUSE }),
      en('next Friday at 10am', 'visit', { page: JARDINES_HOUSE, slot: 'Friday, November 27 at 10:00' }),
    ],
  },
  {
    name: 'la segunda tiene estacionamiento',
    turns: [
      es('busco casa en venta en huayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan' } }),
      es('la segunda… ¿tiene estacionamiento?', 'fact', { fact: 'parking', ref: 1 }),
      es('y cuantos baños?', 'fact', { fact: 'bathrooms', ref: 1 }),
    ],
  },
  {
    name: 'la más barata sin presupuesto',
    turns: [
      es('depas en venta en el centro', 'search', { want: { op: 'venta', type: 'departamento', zone: 'centro' } }),
      es('cual es la mas barata?', 'fact', { fact: 'price', ref: 'cheapest' }),
    ],
  },
  {
    name: 'enganche de una casa de reventa',
    turns: [
      es('casa en venta en el poligono sur', 'search', { want: { op: 'venta', type: 'casa', zone: 'poligono-sur' } }),
      es('me gusta la primera', 'contactMe', { ref: 0 }),
      es('y cuánto tendría que dar de enganche?', 'downPayment', { ref: 0 }),
    ],
  },
  {
    name: 'gracias y escuela',
    turns: [
      es('casa en renta en huayacan de 3 recamaras', 'search', { want: { op: 'renta', type: 'casa', zone: 'huayacan', beds: 3 } }),
      es('gracias!! oye y esa casa sí está cerca de alguna escuela?', 'unknownFact'),
    ],
  },
  {
    name: 'esperando a una persona',
    turns: [
      es('quiero hablar con un asesor', 'handoff'),
      es('ya pasaron 10 minutos y nadie me contesta', 'waiting'),
    ],
  },
  {
    name: 'presupuesto en dólares y luego en renta',
    turns: [
      es('depas en venta de menos de 400 mil dólares', 'search', { want: { op: 'venta', type: 'departamento', max: [400_000, 'USD'] } }),
      es('y en renta?', 'search', { want: { op: 'renta', type: 'departamento' } }),
    ],
  },
  {
    name: 'página de preventa',
    turns: [
      es('hola, cuando entregan este depa?', 'fact', { page: PRESALE_MAREA, fact: 'delivery', ref: 'page' }),
      es('y cuanto cuesta?', 'fact', { page: PRESALE_MAREA, fact: 'price', ref: 'page' }),
      es('cuanto piden de enganche?', 'downPayment', { page: PRESALE_MAREA }),
    ],
  },
  {
    name: 'vendedor deja sus datos',
    turns: [
      es('quiero vender mi depa en el centro', 'sell'),
      es('soy Laura Méndez, mi cel es 998 765 4321', 'sell'),
    ],
  },
  {
    name: 'english search and follow-up',
    turns: [
      en('looking for a 3 bedroom condo for rent in the hotel zone', 'search', { want: { op: 'renta', type: 'departamento', zone: 'zona-hotelera', beds: 3 } }),
      en('is the first one furnished?', 'fact', { fact: 'furnished', ref: 0 }),
      en('thank you!', 'thanks'),
    ],
  },
  {
    name: 'english page questions',
    turns: [
      en('hi, how many bathrooms does this house have?', 'fact', { page: SALE_SUIKO_HOUSE, fact: 'bathrooms', ref: 'page' }),
      en('is it close to the beach?', 'unknownFact', { page: SALE_SUIKO_HOUSE }),
      en('ok, can I visit it on saturday?', 'visit', { page: SALE_SUIKO_HOUSE }),
    ],
  },
  {
    name: 'whatsapp después de buscar',
    turns: [
      es('casas en renta', 'search', { want: { op: 'renta', type: 'casa' } }),
      es('me pasas su whatsapp?', 'contactChannels'),
    ],
  },
  {
    name: 'tulum y luego cancún',
    turns: [
      es('buscamos casa en tulum para comprar', 'outOfArea', { place: 'Tulum' }),
      es('ok entonces en cancun, en huayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan' } }),
    ],
  },
  {
    name: 'la última y su precio en dólares',
    turns: [
      es('departamentos en venta en puerto cancun', 'search', { want: { op: 'venta', type: 'departamento', zone: 'puerto-cancun' } }),
      es('la ultima cuanto cuesta?', 'fact', { fact: 'price', ref: -1 }),
      es('tiene alberca?', 'fact', { fact: 'pool', ref: -1 }),
    ],
  },
  {
    name: 'extranjero con preventa',
    turns: [
      es('preventa en la zona hotelera', 'search', { want: { op: 'preventa', zone: 'zona-hotelera' } }),
      es('soy de estados unidos, puedo comprar?', 'foreigner'),
      es('y cuanto son los gastos de cierre?', 'closingCosts'),
    ],
  },
  {
    name: 'página de casa y disponibilidad',
    turns: [
      es('hola! esta casa sigue disponible?', 'availability', { page: JARDINES_HOUSE, ref: 'page' }),
      es('cuantos estacionamientos tiene?', 'fact', { page: JARDINES_HOUSE, fact: 'parking', ref: 'page' }),
      es('quiero ir a verla', 'visit', { page: JARDINES_HOUSE }),
    ],
  },
  {
    name: 'refinar presupuesto',
    turns: [
      es('casa en venta en huayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan' } }),
      es('algo mas barato, hasta 4 millones', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan', max: [4_000_000, 'MXN'] } }),
      es('la primera de cuantos metros es?', 'fact', { fact: 'area', ref: 0 }),
    ],
  },
  {
    name: 'comisión y crédito tras búsqueda',
    turns: [
      es('depa en venta 2 recamaras', 'search', { want: { op: 'venta', type: 'departamento', beds: 2 } }),
      es('aceptan infonavit?', 'credit'),
      es('y ustedes cobran comision?', 'commission'),
      es('gracias, bye', 'goodbye'),
    ],
  },
  {
    name: 'english buyer with budget',
    turns: [
      en('I want to buy a condo near the beach under 500k USD', 'search', { want: { op: 'venta', type: 'departamento', max: [500_000, 'USD'] } }),
      en('what is the cheapest one?', 'fact', { fact: 'price', ref: 'cheapest' }),
      en('can I speak with an agent?', 'handoff'),
    ],
  },
  {
    name: 'mascotas de la segunda',
    turns: [
      es('deptos en renta en huayacan', 'search', { want: { op: 'renta', type: 'departamento', zone: 'huayacan' } }),
      es('la segunda acepta mascotas?', 'fact', { fact: 'pets', ref: 1 }),
      es('y esa sigue disponible?', 'availability', { ref: 1 }),
    ],
  },
  {
    name: 'quiero rentar la mía',
    turns: [
      es('hola', 'greeting'),
      es('tengo una casa en el centro y la quiero poner en renta', 'sell'),
      es('Jorge Pérez, jorge.perez@gmail.com', 'sell'),
      es('gracias!', 'thanks'),
    ],
  },
  {
    name: 'refinar con fragmentos y visitar otra cosa (walk)',
    turns: [
      es('busco casa', 'search', { want: { type: 'casa' } }),
      es('en venta', 'search', { want: { op: 'venta', type: 'casa' } }),
      es('de 3 recamaras', 'search', { want: { op: 'venta', type: 'casa', beds: 3 } }),
      es('kiero bisitar el departamento de puerto cancun', 'search', { want: { type: 'departamento', zone: 'puerto-cancun' } }),
      es('el 2, el lunes a las 10', 'visit', { slot: 'lunes 23 de noviembre a las 10:00' }),
    ],
  },
  {
    name: 'el más grande y de más metros',
    turns: [
      es('busco depa en venta en puerto cancun', 'search', { want: { op: 'venta', type: 'departamento', zone: 'puerto-cancun' } }),
      es('¿cuánto mide el más grande?', 'fact', { fact: 'area', ref: 'largest' }),
      es('mejor casas en huayacan de al menos 150 m2', 'search', { want: { type: 'casa', zone: 'huayacan', m2: [150] } }),
      es('y de mas de 200 metros?', 'search', { want: { type: 'casa', zone: 'huayacan', m2: [200] } }),
    ],
  },
  {
    name: 'lot buyer by size in English',
    turns: [
      en('land for sale, at least 300 m2', 'search', { want: { op: 'venta', type: 'terreno', m2: [300] } }),
      en('which one is the biggest?', 'fact', { fact: 'area', ref: 'largest' }),
    ],
  },
  {
    name: 'visita mañana temprano (sábado)',
    turns: [
      es('casa en venta en huayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan' } }),
      es('quiero ver la primera mañana temprano', 'visit', { slot: 'lunes 23 de noviembre a las 9:00' }),
      es('mejor a las 11', 'visit', { slot: 'lunes 23 de noviembre a las 11:00' }),
    ],
  },
  {
    name: 'english visit on saturday morning',
    turns: [
      en('houses for sale in huayacan', 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan' } }),
      en('can I see the second one on saturday morning?', 'visit', { slot: 'Saturday, November 28 at 10:00' }),
    ],
  },
  {
    name: 'comprador extranjero con crédito y playa',
    turns: [
      es('depa en la zona hotelera con vista al mar', 'search', { want: { type: 'departamento', zone: 'zona-hotelera', amen: ['vista-al-mar'] } }),
      es('¿y qué tan cerca está de la playa el primero?', 'unknownFact', { ref: 0 }),
      es('¿se puede pagar con crédito hipotecario siendo extranjero?', 'foreigner'),
    ],
  },
  {
    name: 'two-word english first messages',
    turns: [en('cheap rentals', 'search', { want: { op: 'renta' } })],
  },
  {
    name: 'english two-word greeting',
    turns: [en('hi there', 'greeting')],
  },
  {
    name: 'la segunda cuando solo hubo una',
    turns: [
      es('casas en la zona hotelera', 'search', { want: { type: 'casa', zone: 'zona-hotelera' } }),
      es('la segunda tiene alberca?', 'fact', { fact: 'pool', ref: 0 }),
    ],
  },
  {
    name: 'english family renting, rough budget',
    turns: [
      en('we want to rent a 3 bedroom house, budget around 30k pesos a month', 'search', { want: { op: 'renta', type: 'casa', beds: 3, min: [25_000, 'MXN'], max: [35_000, 'MXN'] } }),
      en('how close is the first one to the beach?', 'unknownFact', { ref: 0 }),
    ],
  },
  {
    name: 'vendedor que pregunta comisión y valor',
    turns: [
      es('hola, tengo un depa en puerto cancun y lo quiero vender', 'sell'),
      es('cuanto cobran de comision?', 'commission'),
      es('y cuanto vale mas o menos un depa ahi?', 'sell'),
      es('ok, soy Mario Ruiz 9981112233', 'sell'),
    ],
  },
  {
    name: 'preguntas sobre todas las opciones',
    turns: [
      es('casa en renta', 'search', { want: { op: 'renta', type: 'casa' } }),
      es('y en que zona estan', 'fact', { fact: 'zone', ref: 0 }),
      es('cuantas recamaras tienen?', 'fact', { fact: 'bedrooms', ref: 0 }),
    ],
  },
  {
    name: 'propietaria que quiere rentar su depa',
    turns: [
      es('hola quiero rentar mi depa amueblado en huayacan', 'sell'),
      es('cuanto podria pedir de renta?', 'sell'),
    ],
  },
  {
    name: 'inquilino con perro',
    turns: [
      es('depa barato en renta', 'search', { want: { op: 'renta', type: 'departamento' } }),
      es('que incluye la renta?', 'unknownFact'),
      es('puedo tener perro?', 'fact', { fact: 'pets', ref: 0 }),
    ],
  },
  {
    name: 'english buyer, bedrooms and budget in rough terms',
    turns: [
      en("I'd like to buy a house in Huayacan, 3 or 4 bedrooms, around 5 million pesos", 'search', { want: { op: 'venta', type: 'casa', zone: 'huayacan', beds: 3, min: [4_200_000, 'MXN'], max: [5_800_000, 'MXN'] } }),
      en('which one has the biggest lot?', 'fact', { fact: 'lot', ref: 'largest' }),
    ],
  },
  {
    name: 'terreno con lo que trae',
    turns: [es('que onda, ando buscando un terrenito pa construir, traigo como 800 mil', 'search', { want: { type: 'terreno' } })],
  },
  {
    name: 'english buyer leaves after an unknown fee',
    turns: [
      en('Do you have beachfront condos for sale?', 'search', { want: { op: 'venta', type: 'departamento', zone: 'zona-hotelera' } }),
      en('what is the HOA fee?', 'unknownFact'),
      en('ok thanks, bye', 'goodbye'),
    ],
  },
  {
    name: 'english waiting for a person',
    turns: [
      en('I need to talk to a real person', 'handoff'),
      en("it's been a while and no one has answered", 'waiting'),
    ],
  },
]
