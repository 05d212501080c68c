/**
 * A general question no listing answers: «¿cómo está el clima en Cancún?». «Clima» is also air conditioning in
 * Mexico, so a property's («casa con clima», «¿tiene clima?», «el clima de la casa») is an amenity, not this.
 */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** «¿cómo está el clima en Cancún?»: the city's weather, briefly; the agent's data is the catalogue. */
    weather:
      'Cancún tiene clima cálido y húmedo todo el año; la temporada de lluvias va de junio a octubre y coincide con la de huracanes. ' +
      'Por eso muchas propiedades tienen aire acondicionado: si quieres, te busco con «clima».',
  },
  en: {
    weather:
      'Cancún is warm and humid all year; the rainy season runs from June to October, which is also hurricane season. ' +
      'That is why many properties have air conditioning: I can search with it if you like.',
  },
}

export default defineIntent({
  name: 'weather',
  says: /\b(?:(?:como|que tal) (?:esta |es )?el clima(?! (?:de|en) (?:la|el|esa|ese|esta|este|las|los) (?:casa|depa|departamento|propiedad|recamara|cuarto|local|oficina)s?\b)|el clima (?:en|de) (?:cancun|la ciudad|quintana roo|la region)|weather|hace (?:mucho )?(?:calor|frio)|temporada de (?:lluvias|huracanes))\b/,
  general: true,
  order: 60,
  answer: { es: TEXT.es.weather, en: TEXT.en.weather },
})
