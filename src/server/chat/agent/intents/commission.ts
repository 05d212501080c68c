/** The agency's commission: for a seller, what they would pay comes first. */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** `seller`: the visitor wants to sell or rent out theirs: what they would pay comes first. */
    commission: (seller: boolean) =>
      seller
        ? 'Por vender o rentar tu propiedad, la comisión habitual es del **5 %** del precio de venta o **un mes de renta** (más IVA); un asesor te confirma las condiciones.'
        : 'Si compras o rentas con nosotros, **no te cobramos comisión**: la paga el propietario. ' +
          'Si quieres vender o rentar tu propiedad, la comisión habitual es del 5 % del precio de venta o un mes de renta (más IVA); un asesor te confirma las condiciones.',
  },
  en: {
    commission: (seller: boolean) =>
      seller
        ? 'To sell or rent out your property, the usual commission is **5 %** of the sale price or **one month of rent** (plus VAT); an agent confirms the terms.'
        : "If you buy or rent with us, **we don't charge you a commission**: the owner pays it. " +
          'If you want to sell or rent out your property, the usual commission is 5 % of the sale price or one month of rent (plus VAT); an agent confirms the terms.',
  },
}

export default defineIntent({
  name: 'commission',
  rank: 11,
  examples: {
    es: ['cuanto cobran', 'cual es su comision', 'cuanto me cobran por vender una casa', 'que comision cobran por rentar mi depa', 'cobran comision', 'cuanto es la comision por vender', 'el comprador paga comision', 'cuales son sus honorarios'],
    en: ['how much do you charge', 'what is your fee', 'do you charge commission', 'who pays the commission', 'what are your fees to sell'],
  },
  says: /\b(?:comision|comisiones|cuanto (?:cobran|cobras|cobrarian|me cobran)|que cobran|commission|commissions|your fees?)\b/,
  vetoes: ['sell', 'searchVerb', 'contact'],
  order: 120,
  answer: (c) => TEXT[c.language].commission(c.seller || c.asked('sell')),
})
