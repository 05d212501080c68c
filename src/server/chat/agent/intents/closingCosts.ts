/** What buying costs besides the price: deeds, notary, taxes. */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    closingCosts:
      'Los **gastos de escrituración** en Quintana Roo suelen sumar entre el **5 y el 8 %** del precio: el impuesto sobre adquisición de inmuebles (ISAI, alrededor del 3 %), ' +
      'los honorarios del notario, el avalúo y el registro. Con crédito se agregan los gastos del banco (comisión por apertura y avalúo). ' +
      'El notario te da la cifra exacta; un asesor te puede hacer el cálculo para la propiedad que te guste.',
  },
  en: {
    closingCosts:
      'The **closing costs** in Quintana Roo usually add up to **5 to 8 %** of the price: the property acquisition tax (ISAI, about 3 %), ' +
      "the notary's fees, the appraisal and the registration. With a mortgage, the bank's fees are added (opening fee and appraisal). " +
      'The notary gives you the exact figure; an agent can work it out for the property you like.',
  },
}

export default defineIntent({
  name: 'closingCosts',
  rank: 10,
  examples: {
    es: [
      'cuanto son los gastos notariales', 'cuanto cuesta la escrituracion', 'que impuestos se pagan al comprar', 'cuanto cobra el notario',
      'gastos de cierre', 'cuanto es el isai', 'que gastos hay ademas del precio',
    ],
    en: ['how much are closing costs', 'what taxes do I pay when buying', 'notary fees', 'extra costs besides the price', 'transfer tax'],
  },
  // «¿cuánto cuesta la más barata?» asks a price, not what a purchase costs besides it; «¿tiene escrituras?» asks about the title deeds.
  cue: /\b(?:(?<!(?:tiene|tienen|con|sus|las) )escritur\w*|notari[oa]s?|notary|gastos?|impuestos?|isai|avaluo|registro|cierre|closing|fees?|tax(?:es)?|deed)\b/,
  vetoes: ['presale', 'credit', 'searchVerb'],
  order: 110,
  answer: { es: TEXT.es.closingCosts, en: TEXT.en.closingCosts },
})
