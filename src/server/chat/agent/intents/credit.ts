/** Ways to pay: Infonavit, Fovissste, bank credit (docs/behaviour.md#agent-questions). Not for a rental; for a foreigner, the foreigner entry answers. */
import { defineIntent } from '../acts/entry'
import { PURCHASE, REQUIREMENTS } from './rentRequirements'

const CREDIT = /\b(?:credito|creditos|infonavit|fovissste|fovisste|cofinavit|cofinanciamiento|hipoteca|hipotecas|hipotecario|financiamiento|financiar|mortgage|formas de pago|como (?:puedo )?pagar|banco|bancos|bancario)\b/

const TEXT = {
  es: {
    creditBudget:
      'Con tu crédito como tope te muestro lo que hay; si sumas **recursos propios** o un **cofinanciamiento** con un banco (Cofinavit, Apoyo Infonavit) puedes llegar a más, y un asesor te ayuda a calcularlo.',
    creditForRental: (title: string) =>
      `**${title}** es en renta: un crédito Infonavit, Fovissste o bancario sirve para comprar, no para rentar. ` +
      'Si quieres comprar con crédito, dime la zona y tu presupuesto y te busco opciones en venta.',
  },
  en: {
    creditBudget:
      'Here is what there is with your loan as the limit; adding **your own funds** or **co-financing** with a bank (Cofinavit, Apoyo Infonavit) can take you further, and an agent can help you work it out.',
    creditForRental: (title: string) =>
      `**${title}** is for rent: an Infonavit, Fovissste or bank loan is for buying, not renting. ` +
      "If you'd like to buy with a loan, tell me the area and your budget and I'll look for homes for sale.",
  },
}

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read, and
// what it says instead about a rental or with a budget.
export default defineIntent({
  name: 'credit',
  rank: 7,
  // Requirements asked about a purchase («¿qué documentos piden para el crédito?») are the ways to buy.
  says: (t) => CREDIT.test(t) || (REQUIREMENTS.test(t) && PURCHASE.test(t)),
  // «¿acepta niños?» is not «¿aceptan Infonavit?»: a credit is named by a word of money (as written: «bancos» is no typo of «baños»).
  cue: /\b(?:credito|creditos|infonavit|fovissste|fovisste|cofinavit|hipotec\w*|financ\w*|bancos?|bancari\w*|prest\w*|pag(?:ar|o|os)|formas de pago|mensualidades|plazos|enganche|mortgages?|loans?|lenders?|bank|pay|payments?|installments?)\b/,
  vetoes: ['searchVerb'],
  order: 90,
  answer(c) {
    const text = TEXT[c.language]
    // A credit buys: asked about a rental, it says so instead of the ways to buy (and offers no adviser for it).
    if (c.property?.operation === 'renta') return { text: text.creditForRental(c.property.title), followUp: 'none' }
    if (c.asked('foreigner')) return null
    // «tengo 800 mil de crédito, ¿qué me alcanza?»: the search answers with that budget; the ways to add to it, in a line.
    if (c.u.criteria.precio_max !== undefined) return text.creditBudget
    return c.knowledge ?? null
  },
})
