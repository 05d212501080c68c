/**
 * A general question no listing answers: «¿cómo está el clima en Cancún?». «Clima» is also air conditioning in
 * Mexico, so a property's («casa con clima», «¿tiene clima?», «el clima de la casa») is an amenity, not this.
 */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'weather',
  says: /\b(?:(?:como|que tal) (?:esta |es )?el clima(?! (?:de|en) (?:la|el|esa|ese|esta|este|las|los) (?:casa|depa|departamento|propiedad|recamara|cuarto|local|oficina)s?\b)|el clima (?:en|de) (?:cancun|la ciudad|quintana roo|la region)|weather|hace (?:mucho )?(?:calor|frio)|temporada de (?:lluvias|huracanes))\b/,
  general: true,
  order: 60,
})
