/** The visitor sells or rents out their own property (docs/behaviour.md#agent-sellers). */
import { defineIntent } from '../acts/entry'

/** «vendo mi casa», «soy dueño», «sell my…». */
export const SELLS = /\b(?:vender|vendo|vendiendo) (?:mi|una|nuestra|nuestro|un|la)\b|\b(?:rentar|poner en renta|poner en venta|rento|ofrecer) (?:mi|nuestra|nuestro)\b|\b(?:soy|somos) (?:propietari[oa]s?|duen[oa]s?)\b|\bsell my\b/

export default defineIntent({
  name: 'sell',
  rank: 15,
  examples: {
    es: [
      'quiero vender mi casita', 'quiero rentar mi departamento', 'tengo un terreno y lo quiero vender', 'me ayudan a vender mi depa',
      'quiero poner mi casa en renta', 'soy dueno de una casa y la quiero vender', 'pueden rentar mi propiedad', 'quiero que vendan mi casa',
      'cuanto vale mi casa', 'quiero publicar mi propiedad', 'tengo un depa para rentar',
    ],
    en: ['I would like to sell my home', 'can you rent out my condo', 'I have a property to sell', 'list my home', 'help me sell my apartment', 'what is my house worth'],
  },
  says: SELLS,
  // «price list?» asks for prices: «list» says a sale only as a verb.
  cue: /\b(?:mi|mis|nuestr[ao]s?|tengo|tenemos|duen[oa]s?|propietari[oa]s?|vender|vendo|venda|vendan|venderla|venderlo|vendemos|publicar|valuar|vale|my|our|i have|we have|owners?|sell|selling|rent out|(?<!price )list|worth)\b/,
  vetoes: ['searchVerb', 'contact'],
})
