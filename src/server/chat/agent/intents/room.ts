/**
 * A general question no listing answers: a room («busco un cuarto en renta», «¿y cuartos?», «habitación para
 * estudiante»), not a property; a count of rooms («depa de 2 cuartos») is bedrooms and is left out (`unless`).
 */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** «busco un cuarto en renta»: the catalogue has whole properties only. */
    room:
      'No rentamos cuartos ni habitaciones sueltas: nuestro catálogo tiene propiedades completas (departamentos, casas, locales…). ' +
      'Si te sirve un departamento, dime tu presupuesto y zona y te muestro los más económicos en renta.',
  },
  en: {
    room:
      "We don't rent out single rooms: our catalogue has whole properties (apartments, houses, commercial spaces…). " +
      'If an apartment works for you, tell me your budget and area and I will show you the most affordable rentals.',
  },
}

export default defineIntent({
  name: 'room',
  says: /^(?!.*\b(?:casas?|depas?|departamentos?|deptos?|terrenos?|locales?|oficinas?|bodegas?|houses?|apartments?|condos?)\b).*\b(?:(?:un|una|el|la|y|rentan?|rentas|renta de|busco|buscando|hay|tienen) (?:cuartos?|habitacion(?:es)?|recamaras?)(?! (?:de|con|y|o) )|(?:cuartos?|habitacion(?:es)?) (?:en renta|para rentar|para (?:un )?estudiantes?|para una persona|amueblad[oa]s?)|roomies?|roommates?|rooms? for rent|rent a room)\b/,
  general: true,
  // «depa de 2 cuartos» read as a room is bedrooms.
  unless: (m) => m.criteria.recamaras !== undefined && m.criteria.recamaras > 1,
  order: 70,
  answer: { es: TEXT.es.room, en: TEXT.en.room },
})
