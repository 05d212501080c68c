/** The agency's commission: for a seller, what they would pay comes first. */
import { defineIntent } from '../acts/entry'

/** To a visitor who sells or rents out theirs, what they would pay comes first (the stored answer is a buyer's or a tenant's). */
const SELLER = {
  es: 'Por vender o rentar tu propiedad, la comisión habitual es del **5 %** del precio de venta o **un mes de renta** (más IVA); un asesor te confirma las condiciones.',
  en: 'To sell or rent out your property, the usual commission is **5 %** of the sale price or **one month of rent** (plus VAT); an agent confirms the terms.',
}

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read, and
// what a seller hears instead.
export default defineIntent({
  name: 'commission',
  rank: 11,
  says: /\b(?:comision|comisiones|cuanto (?:cobran|cobras|cobrarian|me cobran)|que cobran|commission|commissions|your fees?)\b/,
  vetoes: ['sell', 'searchVerb', 'contact'],
  order: 120,
  answer: (c) => (c.seller || c.asked('sell') ? SELLER[c.language] : c.knowledge ?? null),
})
