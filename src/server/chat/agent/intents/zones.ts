/** A general question no listing answers: «¿qué zonas manejan?», «¿cuál es la mejor zona para vivir con niños?», «which areas do you cover?»: the zones, compared. */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** The zones the agency covers, each in a line (from the zone pages of the site). */
    zones:
      'Trabajamos en cinco zonas de Cancún:\n' +
      '- **Huayacán**: el corredor residencial que más crece; fraccionamientos cerrados con vigilancia, casa club y áreas verdes, escuelas y hospitales cerca. La preferida de las familias.\n' +
      '- **Puerto Cancún**: marina, campo de golf y torres frente al mar; la oferta de lujo, muy buscada por compradores extranjeros.\n' +
      '- **Zona Hotelera**: la franja de playa entre la laguna y el mar; condominios con la playa a unos pasos, a menudo en dólares (revisa cuotas de mantenimiento y reglas de renta vacacional).\n' +
      '- **Centro**: supermanzanas con todo cerca y transporte público; los precios más accesibles para un primer depa, un local u oficina.\n' +
      '- **Polígono Sur**: fraccionamientos consolidados y nuevos cerca del aeropuerto; casas, departamentos de precio medio y terrenos, con buena plusvalía.\n' +
      '¿Qué buscas y para qué (vivir, rentar o invertir)? Te muestro opciones en la zona que prefieras.',
  },
  en: {
    zones:
      'We work in five areas of Cancún:\n' +
      '- **Huayacán**: the fastest-growing residential corridor; gated communities with security, clubhouse and green areas, schools and hospitals nearby. Families’ favourite.\n' +
      '- **Puerto Cancún**: marina, golf course and oceanfront towers; the luxury market, much sought after by foreign buyers.\n' +
      '- **Hotel Zone** (Zona Hotelera): the strip of beach between the lagoon and the sea; condos with the beach a few steps away, often priced in dollars (check HOA fees and the rules on vacation rentals).\n' +
      '- **Downtown** (Centro): city blocks with everything nearby and public transport; the most affordable prices for a first apartment, a shop or an office.\n' +
      '- **Polígono Sur**: established and new communities near the airport; houses, mid-priced apartments and lots, with good appreciation.\n' +
      'What are you looking for, and for what (to live in, to rent out or to invest)? I can show you options in the area you prefer.',
  },
}

export default defineIntent({
  name: 'zones',
  says: /\b(?:(?:que|cuales|en que) zonas|zonas? (?:manejan|tienen|trabajan|cubren|recomiendas?|recomiendan|me recomiendas?)|(?:mejor|mejores|recomiendas?|recomiendan|conviene) (?:zona|zonas|colonia|area)|(?:which|what) (?:areas|zones|neighbou?rhoods)|best (?:area|zone|neighbou?rhood)|areas do you (?:cover|work))\b/,
  general: true,
  order: 80,
  answer: { es: TEXT.es.zones, en: TEXT.en.zones },
})
