/**
 * Which language a visitor writes in (docs/behaviour.md#agent-language): Spanish or English, by
 * the words of the message; a message with no telling words ("ok", "3", "👍") keeps the
 * conversation's language. Pure.
 */
import { foldText } from '../../../domain/fold'

export type Language = 'es' | 'en'

/** Not «ok», «okay», «sale» (ok), «real» («agente real») nor «info»: Mexican Spanish uses them as its own, so they tell neither language. */
const ENGLISH = new Set(
  `the a an and or i im i'm you your we our is are was be do does did can could would will have has had what where when which who
  how much many please thanks thank hello hi hey goodbye looking for with want need like buy rent sell house houses home
  apartment apartments condo condos bedroom bedrooms bathroom bathrooms beach pool near any some show me my it this that there
  still available office hours open phone email number agent human person talk speak call contact furnished pets allowed big
  price cost land lot schedule visit viewing tour down payment closing costs fee fees commission foreigner foreigners mortgage
  loan anyone nobody answered answer waiting wait yes no sure nice day while been someone one first second last
  cheapest far close school safe so delivery delivered parking garage neighborhood under downtown zone
  at next tomorrow today morning afternoon evening noon monday tuesday wednesday thursday friday saturday sunday week
  good guys howdy cheap cheaper cheapest rentals rental ocean sea view more details information location property properties
  investment deal deals friendly pet studio beachfront size square meters feet biggest largest smallest dollars financing`.split(/\s+/),
)

const SPANISH = new Set(
  `a el la los las un una unos unas de del que en con para por y o es son esta este esto estos ese esa eso mi tu su sus me te se
  le lo al hay tiene tienen tienes quiero quisiera busco buscando necesito ocupo hola gracias adios porfa favor cuanto cuanta
  cuantos cuantas donde cuando como cual cuales sigue todavia ya casa casas depa depas departamento departamentos renta rentar
  venta vender comprar recamaras recamara banos alberca cerca escuela precio cuesta zona oficina horario abren asesor persona
  hablar nadie contesta esperando sabado domingo manana si no pero muy mas menos buenas buenos dias tardes noches credito
  enganche comision terreno terrenos amueblado mascotas estacionamiento entregan ustedes whatsapp telefono correo visita
  verla agendar disponible hasta luego oye bien entonces algo ahi aqui pues onda sera seria
  hoy tarde noche mediodia lunes martes miercoles jueves viernes proximo semana`.split(/\s+/),
)

/** The message's language, or `previous` when its words do not tell. */
export function detectLanguage(text: string, previous: Language): Language {
  const words = foldText(text).split(/[^a-z']+/).filter(Boolean)
  let en = 0
  let es = 0
  for (const word of words) {
    // Words both languages share ("no", "me", "a") count for neither.
    const inEn = ENGLISH.has(word)
    const inEs = SPANISH.has(word)
    if (inEn && !inEs) en++
    else if (inEs && !inEn) es++
  }
  if (en === es) return previous
  return en > es ? 'en' : 'es'
}
