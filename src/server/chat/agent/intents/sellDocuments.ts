/** The papers a seller needs. */
import { defineIntent } from '../acts/entry'

const PAPERS = /\b(?:documentos?|documentacion|papeles|papeleria|paperwork|documents?)\b/
/** Shared with rentRequirements.ts: requirements asked about a sale are not a tenant's. */
export const SELLING = /\b(?:vender|vendo|venta|sell|selling|seller)\b/

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'sellDocuments',
  // Read in words of papers and of selling, whatever the classifier says.
  says: (t) => PAPERS.test(t) && SELLING.test(t),
  // Documents for selling: a word of papers and one of selling (renting's are rentRequirements).
  cue: /^(?=.*\b(?:documentos?|documentacion|papeles|papeleria|requisitos?|necesito|documents?|paperwork)\b)(?=.*\b(?:vender|vendo|venta|sell|selling)\b)/,
  vetoes: ['sell', 'searchVerb', 'rentRequirements', 'credit'],
  order: 116,
})
