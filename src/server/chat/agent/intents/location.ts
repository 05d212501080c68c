/** Where the agency's office is; answered by hours.ts's answer when hours are asked too. */
import { defineIntent } from '../acts/entry'
import { HOURS_AND_LOCATION } from './hours'

export default defineIntent({
  name: 'location',
  rank: 6,
  examples: {
    es: ['donde estan ubicados', 'cual es su direccion', 'direccion de la agencia', 'donde esta la inmobiliaria', 'ubicacion de su oficina', 'donde tienen sus oficinas', 'donde queda la oficina', 'como llego a su oficina', 'donde los encuentro'],
    en: ['where are you located', 'where is the office', 'how do I get to your office', 'what is the office address'],
  },
  says: (t) =>
    /\b(?:donde (?:estan|se encuentran|se ubican|quedan|los encuentro|esta (?:su|la) oficina|tienen (?:su )?oficina)|direccion|(?:su|sus|la|tu) oficinas?(?! en)|como llego|where are you|your office|address)\b/.test(t) ||
    (/\bubicacion\b/.test(t) && !/\bubicacion (?:de|del) (?:la|el|esa|ese|esta|este)? ?(?:casa|depa|propiedad|departamento|terreno|lote|local)\b/.test(t)),
  order: 21,
  answer: (c) =>
    c.asked('contactChannels') || c.asked('hours') ? null : HOURS_AND_LOCATION({ hours: false, location: true }, c),
})
