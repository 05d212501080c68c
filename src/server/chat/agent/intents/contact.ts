/** The visitor wants to be contacted or to know more about a property (flows/contact.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'contact',
  rank: 18,
  examples: {
    es: [
      'que me llamen', 'quiero que me contacten', 'me pueden marcar', 'llamame por favor', 'me interesa, quiero informes',
      'me gusta esa', 'me interesa la primera', 'quiero mas informacion de esa casa', 'mandenme informacion', 'escribanme al whatsapp',
    ],
    en: ['please call me', 'have someone contact me', 'I am interested in that one', 'send me more information', 'I like the first one', 'can someone reach me'],
  },
  says: (t, m) =>
    /\b(?:contactenme|contactame|contactarme|me contacten|me contacte|contactenos|me llamen|me llame|llamenme|llamame|marquenme|me marquen|marcame|me marcan|me escriban|escribanme|escribeme|quiero (?:mas )?informes|mas informacion|mas info|more info|more information|pedir informes|cotizacion|cotizar|call me|contact me|la quiero|lo quiero|quiero apartar|(?:me )?(?:la|lo) (?:apartas|apartan|aparta|aparten|reservas|reservan|puedes apartar|pueden apartar|puedes reservar|pueden reservar)|apartamela|apartamelo|apartala|apartalo|apartarla|apartarlo|reservarla|reservarlo|reservamela|reservamelo|hold it for me|reserve it|quiero comprarla|quiero comprarlo|quiero rentarla|quiero rentarlo)\b/.test(t) ||
    (!m.hasCriteria && /\b(?:me interesa|me interesan|me encanto|me gusto|me gusta|me late|informes|informacion)\b/.test(t)),
  // «hola, me llamo Ana y busco casa» introduces the visitor; «me interesa Huayacán, casa hasta 5 millones» says what to
  // search: being contacted is asked for in words the rule reads («llámenme»).
  distrust: (m) => !m.ruled.has('contact') && (m.named || m.hasCriteria),
  keepsSearching: true,
})
