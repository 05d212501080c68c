/** The down payment: for resale or pre-sale, by the property discussed. */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    downPayment(kind: 'preventa' | 'venta' | null): string {
      const resale =
        'Para una propiedad **terminada** (reventa), el enganche suele ser de al menos el **10 %** del precio con crédito bancario ' +
        '(muchos bancos piden del 10 al 20 %); con Infonavit o Fovissste puede ser menor, según tu precalificación. El resto lo cubre el crédito al firmar la escritura.'
      const presale =
        'En **preventa** el enganche suele ser del **20 al 30 %** al firmar el contrato, y el resto se paga en mensualidades durante la obra o al recibir la propiedad (con recursos propios o crédito).'
      const ask = '¿Quieres que un asesor te haga una corrida con tu caso?'
      if (kind === 'venta') return `${resale}\n${ask}`
      if (kind === 'preventa') return `${presale}\n${ask}`
      return `${resale}\n${presale}\n${ask}`
    },
  },
  en: {
    downPayment(kind: 'preventa' | 'venta' | null): string {
      const resale =
        'For a **finished** (resale) property, the down payment is usually at least **10 %** of the price with a bank mortgage (many banks ask 10 to 20 %); ' +
        'with Infonavit or Fovissste it can be lower, depending on your pre-approval. The loan covers the rest when the deed is signed.'
      const presale =
        'In **pre-sale** the down payment is usually **20 to 30 %** when signing the contract, and the rest is paid monthly during construction or on delivery (own funds or a mortgage).'
      const ask = 'Would you like an agent to run the numbers for your case?'
      if (kind === 'venta') return `${resale}\n${ask}`
      if (kind === 'preventa') return `${presale}\n${ask}`
      return `${resale}\n${presale}\n${ask}`
    },
  },
}

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read, and
// its part for a finished property or one in pre-sale when one is discussed.
export default defineIntent({
  name: 'downPayment',
  rank: 8,
  vetoes: ['presale', 'credit', 'searchVerb'],
  order: 100,
  answer: (c) => (c.property ? TEXT[c.language].downPayment(c.property.operation === 'preventa' ? 'preventa' : 'venta') : c.knowledge ?? null),
})
