/** Ways to pay: Infonavit, Fovissste, bank credit (docs/behaviour.md#agent-questions). Not for a rental; for a foreigner, foreigner.ts answers. */
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
    credit(foreigner: boolean): string {
      const lines = [
        'Puedes comprar con:',
        '- **Infonavit** o **Fovissste**, solos o en **cofinanciamiento** con un banco (Cofinavit, Apoyo Infonavit).',
        '- **Crédito bancario hipotecario** con los principales bancos.',
        '- **Recursos propios**, y en preventa con enganche y mensualidades directas con el desarrollador.',
      ]
      const trust =
        'Si eres **extranjero**, puedes comprar en Cancún mediante un **fideicomiso bancario** (Cancún está en la zona ' +
        'restringida cerca de la costa): el banco es fiduciario y tú conservas todos los derechos de uso, renta y venta.'
      if (foreigner) {
        return (
          `${trust}\nPara pagar: **recursos propios**, **crédito hipotecario** de algunos bancos mexicanos para extranjeros ` +
          '(suelen pedir residencia o ingresos comprobables) o financiamiento en tu país; en preventa, enganche y mensualidades con el desarrollador. ' +
          'Infonavit y Fovissste son solo para quienes cotizan en México. ¿Quieres que un asesor te explique tu caso?'
        )
      }
      lines.push(trust)
      lines.push('¿Quieres que un asesor te ayude a calcular tu crédito?')
      return lines.join('\n')
    },
  },
  en: {
    creditBudget:
      'Here is what there is with your loan as the limit; adding **your own funds** or **co-financing** with a bank (Cofinavit, Apoyo Infonavit) can take you further, and an agent can help you work it out.',
    creditForRental: (title: string) =>
      `**${title}** is for rent: an Infonavit, Fovissste or bank loan is for buying, not renting. ` +
      "If you'd like to buy with a loan, tell me the area and your budget and I'll look for homes for sale.",
    credit(foreigner: boolean): string {
      const trust =
        'If you are a **foreigner**, you can buy in Cancún through a **bank trust (fideicomiso)**, since Cancún is in the restricted zone near the coast: ' +
        'the bank holds the title as trustee and you keep every right to use, rent out and sell the property.'
      if (foreigner) {
        return (
          `${trust}\nTo pay: **your own funds**, a **mortgage** from some Mexican banks that lend to foreigners ` +
          '(they usually ask for residency or provable income) or financing in your home country; in pre-sale, a down payment and monthly payments with the developer. ' +
          'Infonavit and Fovissste are only for people who contribute to them in Mexico. Would you like an agent to go over your case?'
        )
      }
      return [
        'You can buy with:',
        '- **Infonavit** or **Fovissste**, alone or **co-financed** with a bank (Cofinavit, Apoyo Infonavit).',
        '- A **bank mortgage** from the main banks.',
        '- **Your own funds**, and in pre-sale with a down payment and monthly payments directly with the developer.',
        trust,
        'Would you like an agent to help you work out your loan?',
      ].join('\n')
    },
  },
}

/** Shared with foreigner.ts. */
export const CREDIT_TEXT = TEXT

export default defineIntent({
  name: 'credit',
  rank: 7,
  examples: {
    es: [
      'se puede con infonavit', 'puedo usar mi credito fovissste', 'trabajan con bancos', 'se puede con credito hipotecario',
      'aceptan cofinavit', 'tienen financiamiento', 'como puedo pagar', 'me prestan para comprar', 'aceptan creditos',
      'puedo sacar una hipoteca', 'que formas de pago aceptan', 'con mi infonavit me alcanza',
    ],
    en: [
      'do you take mortgages', 'can I finance the purchase', 'is bank financing possible', 'what payment options are there', 'do you work with lenders',
      'payment plans', 'can I pay in monthly installments',
    ],
  },
  // Requirements asked about a purchase («¿qué documentos piden para el crédito?») are the ways to buy.
  says: (t) => CREDIT.test(t) || (REQUIREMENTS.test(t) && PURCHASE.test(t)),
  // «¿acepta niños?» is not «¿aceptan Infonavit?»: a credit is named by a word of money (as written: «bancos» is no typo of «baños»).
  cue: /\b(?:credito|creditos|infonavit|fovissste|fovisste|cofinavit|hipotec\w*|financ\w*|bancos?|bancari\w*|prest\w*|pag(?:ar|o|os)|formas de pago|mensualidades|plazos|enganche|mortgages?|loans?|lenders?|bank|pay|payments?|installments?)\b/,
  vetoes: ['searchVerb'],
  order: 90,
  followUp: 'adviser',
  answer(c) {
    const text = TEXT[c.language]
    // A credit buys: asked about a rental, it says so instead of the ways to buy (and offers no adviser for it).
    if (c.property?.operation === 'renta') return { text: text.creditForRental(c.property.title), followUp: 'none' }
    if (c.asked('foreigner')) return null
    // «tengo 800 mil de crédito, ¿qué me alcanza?»: the search answers with that budget; the ways to add to it, in a line.
    if (c.u.criteria.precio_max !== undefined) return text.creditBudget
    return text.credit(false)
  },
})
