/** What landlords ask for to rent (asked about a purchase, it is credit.ts). */
import { defineIntent } from '../acts/entry'
import { SELLING } from './sellDocuments'

/** Words of requirements, documents and guarantees. */
export const REQUIREMENTS = /\b(?:requisitos?|documentos|documentacion|papeles|papeleria|que (?:necesito|piden|se necesita|me piden) para rentar|aval|fiador|poliza juridica|deposito en garantia|deposito|what do (?:i|we) need to rent|requirements (?:to|for) rent\w*|documents? (?:to|for) rent\w*)\b/
/** Words of buying: requirements then are a credit's. */
export const PURCHASE = /\b(?:compra|comprar|credito|infonavit|hipoteca|fovissste)\b/

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'rentRequirements',
  rank: 14,
  says: (t) => REQUIREMENTS.test(t) && !PURCHASE.test(t) && !SELLING.test(t),
  cue: /\b(?:requisitos?|requerimientos?|documentos?|documentacion|papeles|papeleria|aval|fiador|poliza|deposito|garantia|piden|pide|que (?:necesito|necesita|se necesita|ocupo)|requirements?|required|require|documents?|guarantor|cosigner|deposit|landlords?|what do (?:i|you|we) need|ask for)\b/,
  order: 30,
})
