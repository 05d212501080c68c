/** A verb of looking for or wanting («busco», «quiero», «tienen»): with criteria, a search. */
import { defineIntent } from '../acts/entry'
import { SELLS } from './sell'

const VERB = /\b(?:busco|buscando|buscamos|quiero|quisiera|queremos|necesito|necesitamos|ocupo|me interesa|ando buscando|estoy buscando|tienen|tienes|hay|manejan|looking for|i want|i need|do you have)\b/

export default defineIntent({
  name: 'searchVerb',
  // «quiero rentar mi depa» is a seller's, not a search.
  says: (t, m) => VERB.test(t) && !(m.onlyOperation && SELLS.test(t)),
})
