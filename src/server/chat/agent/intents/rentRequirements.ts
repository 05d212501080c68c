/** What landlords ask for to rent (asked about a purchase, it is credit.ts). */
import { defineIntent } from '../acts/entry'

/** Words of requirements, documents and guarantees. */
export const REQUIREMENTS = /\b(?:requisitos?|documentos|documentacion|papeles|papeleria|que (?:necesito|piden|se necesita|me piden) para rentar|aval|fiador|poliza juridica|deposito en garantia|deposito|what do (?:i|we) need to rent|requirements (?:to|for) rent\w*|documents? (?:to|for) rent\w*)\b/
/** Words of buying: requirements then are a credit's. */
export const PURCHASE = /\b(?:compra|comprar|credito|infonavit|hipoteca|fovissste)\b/

const TEXT = {
  es: {
    rentRequirements:
      'Para rentar normalmente se pide:\n' +
      '- **Identificación oficial** (INE o pasaporte).\n' +
      '- **Comprobantes de ingresos** de los últimos 3 meses, que sumen unas **3 veces la renta**.\n' +
      '- **Aval** con propiedad o una **póliza jurídica**.\n' +
      '- **Depósito en garantía** de 1 a 2 meses de renta, además del primer mes.\n' +
      'Cada propietario puede pedir algo adicional; el asesor te confirma los requisitos exactos de la propiedad que te guste.',
  },
  en: {
    rentRequirements:
      'To rent, landlords usually ask for:\n' +
      '- **Official ID** (passport or INE).\n' +
      '- **Proof of income** for the last 3 months, adding up to about **3 times the rent**.\n' +
      '- A **guarantor** (aval) who owns property, or a **legal rental policy** (póliza jurídica).\n' +
      '- A **security deposit** of 1 to 2 months of rent, plus the first month.\n' +
      'Each owner may ask for something else; the agent confirms the exact requirements of the property you like.',
  },
}

export default defineIntent({
  name: 'rentRequirements',
  rank: 14,
  examples: {
    es: ['que piden para rentar', 'requisitos para rentar', 'necesito aval', 'piden fiador', 'cuanto es el deposito', 'que documentos necesito para rentar', 'aceptan poliza juridica'],
    en: ['what are the requirements to rent', 'what do landlords ask for', 'documents required for renting a condo', 'do I need a guarantor', 'how much is the security deposit', 'what documents do I need to rent'],
  },
  says: (t) => REQUIREMENTS.test(t) && !PURCHASE.test(t),
  cue: /\b(?:requisitos?|requerimientos?|documentos?|documentacion|papeles|papeleria|aval|fiador|poliza|deposito|garantia|piden|pide|que (?:necesito|necesita|se necesita|ocupo)|requirements?|required|require|documents?|guarantor|cosigner|deposit|landlords?|what do (?:i|you|we) need|ask for)\b/,
  order: 30,
  answer: { es: TEXT.es.rentRequirements, en: TEXT.en.rentRequirements },
})
