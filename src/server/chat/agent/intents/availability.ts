/** Whether a property is still available (flows/facts.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'availability',
  rank: 3,
  examples: {
    es: [
      'sigue disponible', 'todavia la tienen', 'ya se vendio', 'ya la rentaron', 'aun esta en renta', 'esta disponible esa casa',
      'sigue a la venta', 'todavia esta libre', 'ya esta apartada', 'la siguen rentando',
    ],
    en: ['is it still available', 'has it been sold', 'is this still for rent', 'is it taken', 'is the house available', 'still on the market'],
  },
  vetoes: ['contact', 'visit', 'searchVerb', 'sell'],
  keepsSearching: true,
})
