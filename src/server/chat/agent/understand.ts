/**
 * Understanding a visitor's message: its entities — search criteria, refinements, contact data,
 * a day/time, references to shown properties, places — and, from the intent entries
 * (acts/detect.ts, intents/), which intents it carries. Pure: text (+ the catalogue's zones and
 * developments, + now) in, a plain object out. Tolerates typos, missing accents and case.
 */
import { AMENITIES, type Amenity, type Development, type Operation, type PropertyType, type Zone } from '../../../catalogue/model'
import { propertySlugInText } from '../../../domain/site-paths'
import { numberWordsPattern } from '../../../domain/number-words'
import { toMxn } from '../../../catalogue/format'
import { BUILT_IN_BOOK } from './acts/builtin'
import { readIntents } from './acts/detect'
import type { IntentBook } from './acts/load'
import type { Intent } from './acts/names'

export type { Intent } from './acts/names'
export type { FactKind, ShownPick, Understanding } from './understanding'
import type { FactKind, ShownPick, Understanding } from './understanding'
import type { Classification } from './classifier'
import { bareName, extractContact, type ExtractedContact } from './contact'
import { detectLanguage, type Language } from './language'
import { parseArea } from './area'
import { parseBudget } from './money'
import type { ParsedWhen } from './schedule'
import { foldText } from '../../../domain/fold'
import { createCorrector, joinList, numberOf } from './text'
import { impossibleDate, parseWhen } from './when'
import type { Criteria } from './types'


export interface Lexicon {
  correct: (word: string) => string
  /** Whether a folded word is one the agent understands (so it is not a person's name). */
  known: (word: string) => boolean
  devMatchers: DevMatcher[]
  zoneMatchers: Array<{ slug: string; re: RegExp }>
  /** The zone "cerca de la playa" means, when the catalogue has one. */
  beachZone: string | null
}

interface DevMatcher {
  slug: string
  zone: string
  full: string[]
  distinctive: string[]
  significant: string[]
}

const TYPE_PATTERNS: ReadonlyArray<readonly [PropertyType, RegExp]> = [
  ['casa', /\b(?:casas?|casitas?|house|houses|home|homes|townhouses?|duplex|residencia)\b/],
  ['departamento', /\b(?:depas?|departamentos?|deptos?|dptos?|apartamentos?|aptos?|condos?|condominios?|penthouses?|ph|lofts?|flats?|apartments?|studio)\b/],
  ['terreno', /\b(?:terrenos?|terrenitos?|lotes?|predios?|land|lots?)\b/],
  ['local', /\b(?:local|locales|plaza comercial|commercial space|retail)\b/],
  ['oficina', /\b(?:oficinas?|consultorios?|offices?)\b/],
  ['bodega', /\b(?:bodegas?|naves? industrial(?:es)?|warehouses?)\b/],
]

const OPERATION_PATTERNS: Record<Operation, RegExp> = {
  preventa: /\b(?:preventa|preventas|presale|en planos?|sobre planos?|inversion|invertir|invierto|inversionista|investment|invest)\b/,
  renta: /\b(?:renta|rentas|rentar|rento|rentan|rentando|rentarla|rentarlo|alquiler|alquilar|alquilo|arrendar|arrendamiento|rent|rental|lease)\b/,
  venta: /\b(?:venta|ventas|comprar|compra|compro|compraria|comprarla|comprarlo|adquirir|buy|buying|purchase|sale)\b/,
}

const AMENITY_PATTERNS: ReadonlyArray<readonly [Amenity, RegExp]> = [
  ['alberca', /\b(?:albercas?|piscinas?|pileta|pool)\b/],
  ['gimnasio', /\b(?:gimnasio|gym)\b/],
  ['seguridad-24h', /\b(?:seguridad|vigilancia|caseta de vigilancia|security(?! deposit)|gated(?: community)?)\b/],
  ['casa-club', /\b(?:casa club|clubhouse|club house)\b/],
  ['areas-verdes', /\b(?:areas? verdes?|green areas?)\b/],
  ['jardin', /\b(?:jardin|patio|garden|yard|backyard)\b/],
  ['terraza', /\b(?:terrazas?|terraces?|balcony|balconies)\b/],
  ['roof-garden', /\b(?:roof ?garden|roof ?top)\b/],
  ['vista-al-mar', /\b(?:vista (?:al|a la|hacia el) (?:mar|playa|oceano|caribe)|vista mar|ocean view|sea view)\b/],
  ['muelle', /\b(?:muelle|dock|boat slip)\b/],
  ['campo-de-golf', /\b(?:campo de )?golf\b/],
  ['cancha-de-padel', /\b(?:cancha de )?padel\b/],
  ['juegos-infantiles', /\b(?:juegos infantiles|area de juegos|juegos para ninos|playground)\b/],
  ['asador', /\b(?:asador|asadores|bbq|parrilla|grill|barbecue)\b/],
  ['elevador', /\b(?:elevador|ascensor|elevator)\b/],
  ['estacionamiento-visitas', /\bestacionamiento (?:de|para) visitas\b/],
  ['amueblado', /\b(?:amueblad[oa]s?|amueblar|con muebles|furnished)\b/],
  ['aire-acondicionado', /\b(?:aire acondicionado|minisplits?|(?:con|tiene|tienen|sin) clima|air conditioning|air conditioned)\b/],
  ['cocina-integral', /\bcocina integral\b/],
  ['cuarto-de-servicio', /\bcuarto de servicio\b/],
  ['estudio', /\bcon estudio\b/],
  ['bodega', /\bcon bodega\b/],
  ['acepta-mascotas', /\b(?:mascotas?|pet ?friendly|pets?|perros?|perritos?|gatos?|dogs?|cats?)\b/],
  ['coworking', /\bco ?working\b/],
  ['spa', /\bspa\b/],
  ['paneles-solares', /\b(?:paneles? solares?|solar panels?)\b/],
]
/** The same patterns, and each finding every mention (a shared global RegExp is safe: matchAll copies it, replace starts over). */
const AMENITY_MENTIONS = AMENITY_PATTERNS.map(([amenity, re]) => [amenity, re, new RegExp(re.source, 'g')] as const)

/**
 * How visitors name the catalogue's zones beyond the zone's own name, keyed by zone slug: aliases
 * (regular-expression sources over folded text) and the zone meant by "cerca de la playa". Data:
 * an entry counts only when the catalogue has that zone.
 */
const ZONE_SLANG: Readonly<Record<string, { aliases: readonly string[]; nearBeach?: true }>> = {
  huayacan: { aliases: ['guayacan'] },
  'puerto-cancun': { aliases: ['pto cancun', 'puerto'] },
  'zona-hotelera': { aliases: ['zh', 'hotel zone', 'kukulcan'], nearBeach: true },
  centro: { aliases: ['centro(?! comercial)', 'downtown', 'smz? \\d{1,3}', 'supermanzanas?', 'super manzanas?', 'region \\d{2,3}'] },
  'poligono-sur': { aliases: ['zona sur'] },
}
const BEACH_RE = /\b(?:cerca (?:de la|del) (?:playa|mar)|frente (?:al|a la) (?:mar|playa)|en la playa|a pie de playa|pie de playa|junto a la playa|de playa|beachfront|near the beach|on the beach|by the beach)\b/

/** The most a monthly rent in the catalogue's market reaches: a budget under it without an operation is a rent. */
const MAX_MONTHLY_RENT_MXN = 150_000
/** The least a purchase costs: a budget over it without an operation is a purchase. */
const MIN_PURCHASE_MXN = 500_000
/** A search asked for cheap: sorted by price, cheapest first. */
const CHEAP = /\b(?:barat[oa]s?|baratit[oa]s?|economic[oa]s?|accesibles?|cheap|affordable|inexpensive|low cost)\b/
const MONTHLY = /\b(?:al mes|mensual(?:es)?|por mes|mensuales|a month|per month|monthly)\b/

const BEDROOM_WORD = '(?:recamaras?|recs?|habitacion(?:es)?|habs?|cuartos?|dormitorios?|alcobas?|bedrooms?|beds?|brs?|bdr?s?|piezas?)'
const COUNT_WORD = `(\\d{1,2}|${numberWordsPattern(1, 10)})`
/** "3 recámaras", «3 o 4 recámaras» (at least the first), "recámaras: 3" and "2 baños", built once. */
const BEDROOMS_BEFORE = new RegExp(`\\b${COUNT_WORD}\\s+(?:(?:o|or|a|to|y|-)\\s+(?:\\d{1,2}|${numberWordsPattern(2, 5)})\\s+)?(?:o mas\\s+)?${BEDROOM_WORD}\\b`)
const BEDROOMS_AFTER = new RegExp(`\\b${BEDROOM_WORD}\\s+(?:minimo\\s+)?${COUNT_WORD}\\b(?!\\s*(?:mil|millon|k\\b|m\\b|banos?))`)
const BATHROOMS = new RegExp(`\\b(\\d(?:\\.5)?|${COUNT_WORD.slice(1, -1)})\\s+(?:medios? )?(?:banos?|baths?|bathrooms?)\\b`)

const DEV_STOP = new Set([
  'residencial', 'residenciales', 'residencias', 'residencia', 'torre', 'torres', 'condominios', 'condominio', 'desarrollo',
  'privada', 'fraccionamiento', 'de', 'del', 'la', 'las', 'los', 'el', 'y', 'en', 'cancun', 'puerto', 'centro', 'sur', 'norte', 'zona',
])
/** Significant name words that are ordinary Spanish too: they only count together with the rest of the name. */
const COMMON_WORDS = new Set([
  'costa', 'marina', 'arena', 'blanca', 'maya', 'bosque', 'jardines', 'jardin', 'mar', 'playa', 'sol', 'vista', 'real', 'verde',
  'campo', 'lago', 'isla', 'palmas', 'hacienda', 'villas', 'villa', 'plaza', 'punta', 'cielo', 'luna', 'selva', 'mayas', 'nueva',
])

/** Folded words the agent understands: typos are corrected towards them (and the catalogue's zone and development names). */
const VOCABULARY = `
quiero quisiera busco buscando necesito tienen interesa comprar compra compro venta ventas vender vendo
renta rentas rentar rento alquiler alquilar arrendar preventa planos inversion invertir casa casas casita casitas departamento
departamentos depa depas depto deptos condominio condominios penthouse terreno terrenos terrenito lote lotes predio local
locales oficina oficinas consultorio bodega bodegas industrial puerto cancun zona centro supermanzana playa frente
recamara recamaras habitacion habitaciones cuarto cuartos dormitorio dormitorios alcoba bano banos
alberca albercas piscina piscinas mascotas mascota perro perros perrito gato gatos amueblado amueblada amueblados amuebladas
amueblar gimnasio jardin terraza terrazas elevador ascensor seguridad vigilancia vista amenidades estacionamiento muelle golf
padel asador parrilla minisplit integral servicio estudio coworking paneles solares
millones millon dolares maximo minimo presupuesto barato barata baratos baratas economico economica economicos economicas
opciones propiedades propiedad siguientes horario horarios direccion ubicacion ubicados requisitos requisito documentos
documentacion aval fiador poliza juridica deposito garantia credito creditos infonavit fovissste cofinavit cofinanciamiento
hipoteca hipotecario financiamiento extranjero extranjera extranjeros fideicomiso apartado enganche mensualidades
escrituracion escrituras hola buenas buenos gracias adios asesor asesora asesores humano humana persona agente ejecutivo
vendedor hablar platicar comunicarme llamar llamen llamame llamenme marquenme marcame escribanme escribeme contactame
contactarme contactar contacten contactenme informes informacion visita visitas
visitar visitarla visitarlo agendar agendame cita recorrido conocer conocerla conocerlo lunes martes miercoles jueves viernes
sabado domingo manana mediodia enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
telefono celular correo whatsapp nombre cualquier limite precio precios disponible disponibles proximo siguiente primera
primero segunda segundo tercera tercero ultima ultimo residencial residencias desarrollo desarrollos ayuda perfecto excelente
`.trim().split(/\s+/)

/** English words the agent understands; after the Spanish ones and the catalogue's names, so a tie in a typo reads Spanish. */
const ENGLISH_VOCABULARY = `
house houses apartment apartments condo rental bedroom bedrooms bathroom bathrooms beach hotel looking hello thanks please
office warehouse furnished human agent
`.trim().split(/\s+/)

/** Ordinary words that look like keywords but are not: never corrected into one. */
const KEEP_WORDS = `
pesos peso pisos piso puerta cuantos cuantas cuanta metros mide marco marcar pasas pasa pasan pasame pasar mares tiene tienes tienen hasta desde entre menos mejor ahora cerca favor claro
otra otras otro otros tarde noche semana cuanto cuesta cuestan donde mesa mismo misma todo toda todos todas nada algo
sigo esperando espero nadie viendo mirando checando curioseando casi caso cosa cosas quien quiere quieren puedo puede pueden hacer tengo tenemos estoy estamos somos vivo vivir
familia hijos hijo hija hijas esposa esposo trabajo escuela cerca lejos grande grandes chica chico nuevo nueva
bonito bonita barrio colonia calle avenida ciudad pueblo estado pais mexico playa tulum plaza plazas
centros sala salas cocina comedor patio patios pared paredes techo techos baños piscis mayor menor precioso
`.trim().split(/\s+/)

/** How far the beach is, asked about a property (read with UNKNOWN_FACT: the listing holds no distance). */
const BEACH_QUESTION = /\b(?:(?:que tan )?(?:cerca|lejos)(?: esta| queda)? (?:de la|del) (?:playa|mar)|a cuanto(?: esta| queda)? (?:de la|del) (?:playa|mar)|(?:close to|near|far from|distance to|walk to|how (?:far|close|near) is (?:it|this|that|the \w+(?: one)?) (?:from|to)) the (?:beach|ocean|sea))\b/

/** What the data does not hold: near schools, flooding, bills, neighbours… (checked first: "segura" is not "seguridad"). */
const UNKNOWN_FACT = wordsOf(String.raw`
  (?:tiene|tienen|con|sus|las) escrituras?|escriturad[ao]|que incluyen?
  (?:acepta|aceptan|permite|permiten) (?:ninos|children|kids)|(?:allows?|accepts?) (?:children|kids)|what does it include
  (?:close to|near|far from|how (?:far|close|near) is (?:it|this|that|the \w+(?: one)?) (?:from|to)|(?:que tan )?(?:cerca|lejos)(?: esta| queda)? de|a cuanto(?: esta| queda)? de) (?:the |la |el )?(?:beach|playa|mar)
  escuelas?|colegios?|kinder|universidad|hospital(?:es)?|clinicas?|aeropuerto|inunda\w*|huracan\w*|vecinos?
  segur[ao] (?:la )?(?:zona|colonia)|es segur[ao]|luz|agua|internet|oxxo|super(?:mercado)?s?|walmart|transporte|camion(?:es)?
  ruid\w*|mantenimiento|cuota|predial|(?:incluye|incluyen|con) (?:los )?servicios?|servicios? incluidos?
  utilities|bills|schools?|hospitals?|airport|flood\w*|hurricanes?|neighbou?rs?|neighbou?rhood safe|safe|electricity
  water bill|supermarket|transport|noisy?|hoa|maintenance fee|property tax
`)
const FACT_PATTERNS: ReadonlyArray<readonly [Exclude<FactKind, 'amenity' | 'unknown'>, RegExp]> = [
  // «¿cuánto cuesta el metro cuadrado?», «precio por m2», «price per square meter» (before the area's «metros» and the price's «cuesta»).
  ['pricePerArea', /\b(?:(?:el|por|per|a|each) (?:metro|m 2|mts? 2|square (?:meter|metre)|sqm)|metro cuadrado|price per)\b/],
  ['parking', /\b(?:estacionamientos?|cocheras?|cajon(?:es)?|parking|garage|carros?|autos?)\b/],
  ['bedrooms', /\b(?:recamaras?|habitaciones?|cuartos?|dormitorios?|bedrooms?|rooms?)\b/],
  ['bathrooms', /\b(?:banos?|bathrooms?|baths?)\b/],
  ['lot', /\b(?:(?:tamano|medida|metros|m2) del? (?:terreno|lote)|mide el (?:terreno|lote)|(?:terreno|lote) (?:mide|es de)|lot size|how big is the lot|lot)\b/],
  ['area', /\b(?:metros|m2|mide|tamano|grande|superficie|construccion|square|size|how big|big)\b/],
  ['delivery', /\b(?:entrega|entregan|entregaran|delivery|delivered|ready|lista para)\b/],
  ['development', /\b(?:desarrollo|residencial|development|complex)\b/],
  ['amenities', /\b(?:amenidades|amenities)\b/],
  ['zone', /\b(?:zona|colonia|ubica\w*|donde (?:esta|queda)|direccion|where|neighbou?rhood|located|location|address)\b/],
  ['price', /\b(?:cuesta|cuestan|precio|cuanto (?:piden|vale|sale|es|cobran)|renta|barat[oa]|car[oa]|price|cost|how much|rent|cheapest)\b/],
]

/** Places visitors ask about that the agency does not cover (docs/behaviour.md#agent-out-of-area). */
const OUTSIDE_PLACES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\btulum\b/, 'Tulum'],
  [/\bplaya del carmen\b|\bplaya\b(?= (?:del )?carmen)|\bplaya carmen\b/, 'Playa del Carmen'],
  [/\bpuerto morelos\b/, 'Puerto Morelos'],
  [/\bmerida\b/, 'Mérida'],
  [/\bisla mujeres\b/, 'Isla Mujeres'],
  [/\bcozumel\b/, 'Cozumel'],
  [/\bbacalar\b/, 'Bacalar'],
  [/\bholbox\b/, 'Holbox'],
  [/\bchetumal\b/, 'Chetumal'],
  [/\bvalladolid\b/, 'Valladolid'],
  [/\bakumal\b/, 'Akumal'],
  [/\b(?:cdmx|ciudad de mexico|mexico city)\b/, 'la Ciudad de México'],
  [/\bguadalajara\b/, 'Guadalajara'],
  [/\bmonterrey\b/, 'Monterrey'],
  [/\bqueretaro\b/, 'Querétaro'],
]

/** A word that introduces a development's or colony's name («Residencial Arbolada», «fracc. Villas del Mar»). */
const PLACE_NAMED = /\b(residencial|residencias|fraccionamiento|fracc|privada|condominios?|desarrollo|torre|colonia|col)\s+([a-z]+)(?:\s+((?:del?\s+)?[a-z]+))?/g
/** «zona Cumbres»: «zona» introduces a name only when it is capitalised («zona tranquila» is not one). */
const ZONE_NAMED = /\bzona\s+([A-ZÁÉÍÓÚÑ][\p{L}]+)/u
/** Words after «privada», «residencial»… that describe rather than name. */
const NOT_A_NAME = new Set(['con', 'sin', 'en', 'de', 'del', 'la', 'el', 'los', 'las', 'que', 'y', 'o', 'para', 'por', 'cerca', 'nueva', 'nuevo', 'nuevos', 'nuevas', 'cerrada', 'cerrado', 'privada', 'privado', 'segura', 'seguro', 'tranquila', 'tranquilo', 'bonita', 'bonito', 'economica', 'economico', 'barata', 'barato', 'de lujo', 'lujo', 'lujosa', 'moderna', 'moderno', 'familiar', 'horizontal', 'vertical', 'completa', 'completo', 'entera', 'a', 'al', 'un', 'una', 'mi', 'tu', 'su'])

/**
 * A development or zone named by a name none of the catalogue's has: «zona Cumbres o Residencial
 * Arbolada» names Cumbres (known) and Arbolada (not). Folded words; the first unknown one.
 */
function unknownPlaceOf(raw: string, folded: string, lexicon: Lexicon): { kind: string; name: string } | null {
  // «marítima», not «maritima»: each word as the visitor wrote it, lower-cased.
  const rawWords = raw.toLowerCase().split(/[^\p{L}\p{N}]+/u)
  const asWritten = (name: string) => name.split(' ').map((w) => rawWords.find((r) => foldText(r) === w) ?? w).join(' ')
  // A catalogue name misspelt («residencial cumbre») is that name, as the search reads it.
  const inCatalogue = (w: string) => lexicon.devMatchers.some((d) => d.significant.includes(w)) || lexicon.zoneMatchers.some((z) => z.re.test(` ${w} `))
  const isKnown = (words: string[]): boolean => words.some((w) => lexicon.known(w) || inCatalogue(w) || inCatalogue(lexicon.correct(w)))
  for (const m of folded.matchAll(PLACE_NAMED)) {
    const [, kind = '', first = '', second] = m
    if (NOT_A_NAME.has(first) || DEV_STOP.has(first)) continue
    const last = second?.split(' ').pop() ?? ''
    const name = second && !NOT_A_NAME.has(last) ? `${first} ${second}` : first
    if (!isKnown([first, ...(name === first ? [] : [last])])) return { kind, name: asWritten(name) }
  }
  const zone = ZONE_NAMED.exec(raw)?.[1]
  if (zone) {
    const word = foldText(zone)
    if (!NOT_A_NAME.has(word) && !DEV_STOP.has(word) && !isKnown([word])) return { kind: 'zona', name: asWritten(word) }
  }
  return null
}

const PICKS: ReadonlyArray<readonly [ShownPick, RegExp]> = [
  ['cheapest', /\b(?:(?:cual|which)(?: one)? (?:es|is) (?:la|el|the) (?:mas barat[oa]|mas economic[oa]|cheapest)|la mas barata|el mas barato|the cheapest)\b/],
  ['largest', /\b(?:(?:la|el|lo) (?:mas grande|mas ampli[oa]|de mas metros)|the (?:biggest|largest)|the most space)\b/],
  ['smallest', /\b(?:(?:la|el|lo) (?:mas (?:chic[oa]|pequen[oa])|de menos metros)|the smallest)\b/],
]

/** What a superlative alone asks («¿y el más chico?»): the size it compares, or the price. */
const PICK_FACT: Record<ShownPick, FactKind> = { cheapest: 'price', largest: 'area', smallest: 'area' }

function pickOf(text: string): ShownPick | null {
  return PICKS.find(([, re]) => re.test(text))?.[0] ?? null
}

function factOf(text: string, amenities: readonly Amenity[] | undefined): FactKind | null {
  if (UNKNOWN_FACT.test(text)) return 'unknown'
  if (amenities?.length) return 'amenity'
  return FACT_PATTERNS.find(([, re]) => re.test(text))?.[0] ?? null
}

/** Alternatives written one group a line (a raw template: backslashes as in a literal), as whole words. */
function wordsOf(lines: string): RegExp {
  return new RegExp(`\\b(?:${lines.trim().split(/\s*\n\s*/).join('|')})\\b`)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The lexicon for a catalogue: typo corrector, zone and development matchers. */
export function createLexicon(zones: Zone[], developments: Development[]): Lexicon {
  const devMatchers: DevMatcher[] = developments.map((d) => {
    const words = foldText(d.name).split(/[^a-z0-9]+/).filter(Boolean)
    const significant = words.filter((w) => !DEV_STOP.has(w))
    const full = [words.join(' ')]
    if (words[0] && DEV_STOP.has(words[0]) && words.length > 1) full.push(words.slice(1).join(' '))
    return { slug: d.slug, zone: d.zone, full, significant, distinctive: significant.filter((w) => w.length >= 4 && !COMMON_WORDS.has(w)) }
  })
  // A zone matches by its whole name, its distinctive words ("hotelera") and its slang.
  const zoneMatchers = zones.map((z) => {
    const words = foldText(z.name).split(/[^a-z0-9]+/).filter(Boolean)
    const phrases = [words.join(' '), ...words.filter((w) => w.length >= 5 && !DEV_STOP.has(w) && !COMMON_WORDS.has(w))]
    const patterns = [...(ZONE_SLANG[z.slug]?.aliases ?? []), ...phrases.map(escapeRegExp)]
    return { slug: z.slug, re: new RegExp(`\\b(?:${patterns.join('|')})\\b`) }
  })
  const beachZone = zones.find((z) => ZONE_SLANG[z.slug]?.nearBeach)?.slug ?? null
  const vocabulary = new Set(VOCABULARY)
  for (const d of devMatchers) for (const w of d.significant) vocabulary.add(w)
  for (const z of zones) for (const w of foldText(z.name).split(/[^a-z]+/)) if (w.length >= 4) vocabulary.add(w)
  for (const w of ENGLISH_VOCABULARY) vocabulary.add(w)
  const correct = createCorrector(vocabulary, KEEP_WORDS)
  // Words that cannot be part of a bare name: the vocabulary, except name-like words ("Marina", "Blanca").
  const known = new Set([...vocabulary, ...KEEP_WORDS].filter((w) => !COMMON_WORDS.has(w)))
  return { correct, known: (w) => known.has(w), devMatchers, zoneMatchers, beachZone }
}

/** Folded text with spelling variants unified ("pre-venta" → "preventa", "m²" → "m2"). */
function preprocess(text: string): string {
  return foldText(text)
    .replace(/m²/g, 'm2')
    .replace(/\bpre[\s-]+venta/g, 'preventa')
    .replace(/\bpre[\s-]+sale/g, 'presale')
    .replace(/\ba\/c\b/g, 'aire acondicionado')
    .replace(/\bpet[\s-]+friendly\b/g, 'petfriendly')
    // "thanks a lot" is not a plot of land.
    .replace(/\b(thanks|thank you|thx) a lot\b/g, '$1')
}

/** Words split from digits, punctuation removed (decimal points kept), padded with spaces. */
function tokenString(norm: string): string {
  const spaced = norm
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/[^a-z0-9.\s]/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return ` ${spaced} `
}

/** «no en el centro», «ya no en Puerto Cancún», «not downtown», «fuera de la Zona Hotelera», «outside the Hotel Zone»: a zone named to be left out. */
const ZONE_NEGATED_BEFORE = /\b(?:(?:no|not|nada|menos)\s+(?:en |in |por )?|(?:fuera|afuera) (?:de |del )|outside (?:of )?|anywhere but |except (?:in )?)(?:la |el |the )?$/
/** «la zona hotelera no, mejor…»: «no» right after the zone (read only when another zone is named). */
const ZONE_NEGATED_AFTER = /^\s*(?:no|nel|not)\b/
const NEGATION_BEFORE = /(?:\bsin|\bno (?:necesito|quiero|requiero|ocupo|importa|hace falta)(?: que (?:tenga|sea))?(?: con)?|\bwithout|\bno)\s+(?:la |el |las |los |que |tenga |acepte |acepten )*$/

function matchDevelopment(t: string, lexicon: Lexicon): { slug: string; zone: string; phrase: string } | null {
  let best: { slug: string; zone: string; phrase: string; score: number } | null = null
  for (const d of lexicon.devMatchers) {
    let found: { phrase: string; score: number } | null = null
    for (const phrase of d.full) {
      if (t.includes(` ${phrase} `)) {
        found = { phrase, score: 100 + phrase.length }
        break
      }
    }
    if (!found && d.significant.length >= 2 && t.includes(` ${d.significant.join(' ')} `)) {
      found = { phrase: d.significant.join(' '), score: 50 + d.significant.length }
    }
    if (!found) {
      const hits = d.distinctive.filter((w) => t.includes(` ${w} `))
      if (hits.length) found = { phrase: hits.join(' '), score: hits.length }
    }
    if (found && (!best || found.score > best.score)) best = { slug: d.slug, zone: d.zone, ...found }
  }
  return best && { slug: best.slug, zone: best.zone, phrase: best.phrase }
}

function removeWords(t: string, phrase: string): string {
  let out = t
  for (const word of phrase.split(' ')) out = out.replace(` ${word} `, ' ')
  return out
}

const WEEKDAY = /\b(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/

const ORDINALS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(?:primer[ao]?|1 ?(?:ra|ro|a|o|era|ero)|first)\b/, 0],
  [/\b(?:segund[ao]|2 ?(?:da|do|a|o)|second)\b/, 1],
  [/\b(?:tercer[ao]?|3 ?(?:ra|ro|era|ero)|third)\b/, 2],
  [/\b(?:ultim[ao]|last)\b/, -1],
]

export interface UnderstandOptions {
  /** The agent asked for the visitor's name: a bare "Ana López" is a name, not a search. */
  expectingName?: boolean
  /** The classifier's reading of the message. */
  classification?: Classification
  /** The conversation's language for this message (turn.ts); detected from the message alone when absent. */
  language?: Language
  /** The intents the agent knows (the built-in entries when absent). */
  book?: IntentBook
}

/**
 * The acts of one message, in order: what each part of it asks. Today one act, the whole
 * message; a message carrying several («hola, ¿tienen casas en Cumbres? y ¿cuánto cobran de
 * comisión?») is later split here into one per part, and the turn (turn.ts), which answers the
 * first act only for now, answers each in turn.
 */
export function understandActs(text: string, lexicon: Lexicon, now: Date, options: UnderstandOptions = {}): [Understanding, ...Understanding[]] {
  return [understand(text, lexicon, now, options)]
}

/** Understands one message as one act. */
export function understand(text: string, lexicon: Lexicon, now: Date, options: UnderstandOptions = {}): Understanding {
  const raw = typeof text === 'string' ? text.slice(0, 4000) : ''
  const urlSlug = propertySlugInText(foldText(raw))
  const withoutUrls = raw.replace(/\bhttps?:\/\/\S+/gi, ' ')
  const contact = extractContact(withoutUrls)
  // A name is not a search ("soy Ana López" must not read "lotes"): its words leave the text.
  let rest = contact.rest
  if (!contact.name && (contact.phone || contact.email || contact.invalidPhone || contact.invalidEmail || options.expectingName)) {
    contact.name = bareName(rest, lexicon.known)
    if (contact.name) rest = ' '
  }
  const folded = preprocess(rest)
  const norm = folded.replace(/[a-z]+/g, (w) => lexicon.correct(w))
  const full = tokenString(norm)
  const empty = !/[\p{L}\p{N}]/u.test(raw)

  const criteria: Criteria = {}
  let t = full

  // Development first: its name may contain zone words ("Torre Nativa Centro").
  const development = matchDevelopment(t, lexicon)
  if (development) {
    criteria.desarrollo = development.slug
    t = removeWords(t, development.phrase)
  }

  // Amenities (and "sin …" removals); their phrases leave the text ("casa club", "cuarto de servicio").
  const wanted = new Set<Amenity>()
  const unwanted = new Set<Amenity>()
  for (const [amenity, re, global] of AMENITY_MENTIONS) {
    if (!re.test(t)) continue // most messages name few: no copy of the RegExp for matchAll, no new text
    for (const match of t.matchAll(global)) {
      const before = t.slice(0, match.index)
      if (NEGATION_BEFORE.test(before)) unwanted.add(amenity)
      else wanted.add(amenity)
    }
    t = t.replace(global, ' ')
  }
  const order = (set: Set<Amenity>) => AMENITIES.filter((a) => set.has(a))
  if (wanted.size) criteria.amenidades = order(wanted)

  // Property type: the first one mentioned; "su oficina" is the agency's office.
  const typeText = t.replace(/\b(?:su|sus|la|tu|your|the) oficinas?\b(?! en)|\boficinas? de ustedes\b|\bhorarios? de oficinas?\b|\b(?:your|the) offices?\b|\boffice hours\b/g, ' ')
  let firstType: { type: PropertyType; index: number } | null = null
  for (const [type, re] of TYPE_PATTERNS) {
    const match = re.exec(typeText)
    if (match && (!firstType || match.index < firstType.index)) firstType = { type, index: match.index }
  }
  if (firstType) criteria.tipo = firstType.type

  // Operation: pre-sale wins over sale; sale and rent together mean either.
  const sells = /\b(?:vender|vendo|vendiendo) (?:mi|una|nuestra|nuestro|un|la)\b|\b(?:poner en renta|poner en venta) (?:mi|nuestra|nuestro)\b/.test(t)
  const ops = (Object.keys(OPERATION_PATTERNS) as Operation[]).filter((op) => OPERATION_PATTERNS[op].test(t))
  if (!sells) {
    if (ops.includes('preventa')) criteria.operacion = 'preventa'
    else if (ops.length === 1) criteria.operacion = ops[0]
  }

  // Zone.
  const beach = BEACH_RE.test(t)
  const zoneText = t.replace(BEACH_RE, ' ')
  const zonesNamed: Array<{ slug: string; index: number; saidNo: boolean; noAfter: boolean }> = []
  for (const { slug, re } of lexicon.zoneMatchers) {
    const match = re.exec(zoneText)
    if (!match) continue
    const after = zoneText.slice(match.index + match[0].length)
    zonesNamed.push({ slug, index: match.index, saidNo: ZONE_NEGATED_BEFORE.test(zoneText.slice(0, match.index)), noAfter: ZONE_NEGATED_AFTER.test(after) })
  }
  // «no en el centro»; «en la zona hotelera no, mejor en Huayacán» (a «no» after it counts only when another zone is named).
  const firstZone = zonesNamed
    .filter((z) => !z.saidNo && !(z.noAfter && zonesNamed.length > 1))
    .sort((a, b) => a.index - b.index)[0]
  if (firstZone) criteria.zona = firstZone.slug
  else if (beach && lexicon.beachZone) criteria.zona = lexicon.beachZone
  const leaveOutZone = firstZone || development ? null : (zonesNamed.find((z) => z.saidNo)?.slug ?? null)
  // The development decides the place: a zone said besides it (or inside its name) is dropped.
  if (development) delete criteria.zona

  // Bedrooms and bathrooms.
  const bedrooms = BEDROOMS_BEFORE.exec(t) ?? BEDROOMS_AFTER.exec(t)
  if (bedrooms?.[1]) {
    const n = numberOf(bedrooms[1])
    if (n !== null && n >= 1 && n <= 10) criteria.recamaras = n
  }
  const baths = BATHROOMS.exec(t)
  if (baths?.[1]) {
    const n = numberOf(baths[1])
    if (n !== null && n >= 1 && n <= 10) criteria.banos = n
  }

  // Size in m² («de al menos 120 m2»): on the text with punctuation («1,500 sq ft»); its number is no budget.
  const area = parseArea(norm)
  if (area?.min !== undefined) criteria.m2_min = area.min
  if (area?.max !== undefined) criteria.m2_max = area.max

  // Budget (on the text with punctuation: "$3,500,000", "4.5 mdp").
  const budget = parseBudget((area?.rest ?? norm).replace(/\b(?:\d{1,2})\s*(?:recamaras?|rec|habitaciones?|cuartos?|banos?)\b/g, ' '))
  if (budget) {
    if (budget.min !== undefined) criteria.precio_min = budget.min
    if (budget.max !== undefined) criteria.precio_max = budget.max
    criteria.moneda = budget.currency
    // A budget says the operation when the visitor does not (docs/behaviour.md#agent-money): a monthly sum is a rent, a total a purchase.
    if (!criteria.operacion) {
      const amount = toMxn(budget.max ?? budget.min ?? 0, budget.currency)
      if (MONTHLY.test(t) || amount <= MAX_MONTHLY_RENT_MXN) criteria.operacion = 'renta'
      else if (amount >= MIN_PURCHASE_MXN) criteria.operacion = 'venta'
    }
  }

  // «depa barato en renta», «cheap condos»: what is searched comes cheapest first (no cap is made up).
  if ((criteria.tipo || criteria.operacion) && CHEAP.test(t) && !pickOf(full)) criteria.orden = 'precio-asc'

  // Which intents the message carries: the entries' rules and the classifier, reconciled by the entries (acts/detect.ts).
  const { intents, topic } = readIntents(
    full,
    {
      hasCriteria: Object.keys(criteria).length > 0,
      onlyOperation: Object.keys(criteria).length === 1 && criteria.operacion !== undefined,
      empty,
      raw: typeof text === 'string' ? text : '',
      folded,
      givesContact: Boolean(contact.phone || contact.email),
      named: contact.name !== null,
      criteria,
    },
    options.classification,
    options.book ?? BUILT_IN_BOOK,
  )
  const general = intents.filter((intent) => (options.book ?? BUILT_IN_BOOK).entries.get(intent)?.general)
  // «un cuarto» read as one bedroom is the room asked for.
  if (intents.includes('room')) delete criteria.recamaras
  const pick = pickOf(full)
  const language = options.language ?? detectLanguage(raw, 'es')
  // «¿tienen casas en Tulum o Playa del Carmen?»: every place named, in the visitor's language.
  const outside = OUTSIDE_PLACES.filter(([re]) => re.test(full)).map(([, name]) => name)
  const outsidePlace = outside.length ? joinList(outside, language === 'en' ? 'and' : 'y') : null

  let ordinal: number | null = null
  for (const [re, index] of ORDINALS) {
    if (re.test(full)) {
      ordinal = index
      break
    }
  }
  const numbered = /\b(?:la|el|opcion|numero|num|no)\s+([1-9])\b(?!\s*(?:rec|hab|cuarto|mil|millon|de\b|k\b|m\b|banos?|pm|am|:))/.exec(full)
  // "a la 1" / "a las 2" is a time, not an option.
  const option = ordinal === null && numbered?.[1] && !/\ba $/.test(full.slice(0, numbered.index)) ? numbered : null
  if (option) ordinal = Number(option[1]) - 1
  // «el 2, el lunes a las 10»: with a weekday named, «el 2» is the option, not the 2nd of the month.
  const whenText = option && WEEKDAY.test(full) ? norm.replace(option[0], ' ') : norm

  return {
    criteria,
    removeAmenities: order(unwanted),
    clearPrice: /\b(?:sin limite(?: de precio)?|sin tope|no importa el precio|el precio no importa|precio no importa|cualquier precio|sin presupuesto|sin importar el precio|quita(?:le)? el precio|any price|no budget)\b/.test(full),
    clearZone:
      /\b(?:cualquier (?:zona|lado|parte|lugar)|no importa (?:la zona|donde)|la zona no importa|toda la ciudad|todo cancun|donde sea|todas las zonas|en todas partes|anywhere)\b/.test(full) ||
      // «¿y en Cancún?» after a place outside it: the whole city, every zone (none named).
      // A question about Cancún («¿puedo comprar en Cancún?») is answered, not searched.
      (/\b(?:en|in) cancun\b/.test(full) && (!topic || topic === 'search') && !general.length && criteria.zona === undefined && criteria.desarrollo === undefined),
    leaveOutZone,
    otherZone: /\b(?:otra zona|otras zonas|en otro lado|en otra parte|otro lugar|otra area|other area|another area)\b/.test(full),
    clearType: /\b(?:cualquier tipo|lo que sea|cualquier propiedad|no importa el tipo|de todo tipo)\b/.test(full),
    cheaper: /\b(?:mas barat[oa]s?|mas baratit[oa]s?|mas economic[oa]s?|menos car[oa]s?|mas accesibles?|mas bajo|precio mas bajo|menor precio|algo barato|algo economico|cheaper|less expensive)\b/.test(full),
    more: /\b(?:mas opciones|otras opciones|otra opcion|mas resultados|ver mas|muestrame mas|ensename mas|mandame mas|pasame mas|mas propiedades|que mas (?:tienes|tienen|hay)|siguientes|otras propiedades|alguna otra|more options|show me more|more(?! info| information| details))\b/.test(full),
    newSearch: /\b(?:ahora (?:busco|quiero|necesito|me interesa|un|una|unos|unas)|tambien busco|otra busqueda|nueva busqueda|busqueda nueva|empezar de nuevo|empecemos de nuevo|desde cero|olvidalo|olvida eso|olvida lo anterior|mejor busco|mejor quiero|cambiando de tema|y ahora)\b/.test(full),
    intents,
    contact,
    when: parseWhen(whenText, now, language),
    impossibleDate: impossibleDate(norm),
    ordinal,
    demonstrative: /\b(?:esa|ese|esta|este|esa casa|ese depa|ella|eso)\b/.test(full),
    propertySlug: urlSlug,
    english: language === 'en',
    language,
    topic,
    // A size asked for («de más de 200 m2») is a criterion, not a question about the metres of one.
    fact: factOf(area ? tokenString(area.rest) : full, criteria.amenidades) ?? (pick ? PICK_FACT[pick] : null),
    pick,
    asksBeach: BEACH_QUESTION.test(full),
    outsidePlace,
    unknownPlace: outsidePlace ? null : unknownPlaceOf(raw, folded, lexicon),
    empty,
    norm,
  }
}
