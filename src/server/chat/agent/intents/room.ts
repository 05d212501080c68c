/**
 * A general question no listing answers: a room («busco un cuarto en renta», «¿y cuartos?», «habitación para
 * estudiante»), not a property; a count of rooms («depa de 2 cuartos») is bedrooms and is left out (`unless`).
 */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'room',
  says: /^(?!.*\b(?:casas?|depas?|departamentos?|deptos?|terrenos?|locales?|oficinas?|bodegas?|houses?|apartments?|condos?)\b).*\b(?:(?:un|una|el|la|y|rentan?|rentas|renta de|busco|buscando|hay|tienen) (?:cuartos?|habitacion(?:es)?|recamaras?)(?! (?:de|con|y|o) )|(?:cuartos?|habitacion(?:es)?) (?:en renta|para rentar|para (?:un )?estudiantes?|para una persona|amueblad[oa]s?)|roomies?|roommates?|rooms? for rent|rent a room)\b/,
  general: true,
  // «depa de 2 cuartos» read as a room is bedrooms.
  unless: (m) => m.criteria.recamaras !== undefined && m.criteria.recamaras > 1,
  order: 70,
})
