/** A general question no listing answers: «por 6 meses, ¿se puede?», «¿rentan por 6 meses?», «plazo mínimo»: how long a rental lasts. */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** «¿rentan por 6 meses?»: the listings hold no rental term. */
    /** `searching`: the visitor already said what they look for (kept); otherwise the agent asks. */
    /** `next`: what follows — results on screen, the search of this same message, or nothing yet to search. */
    rentTerm: (next: 'shown' | 'searching' | 'ask') =>
      'El plazo del contrato lo fija cada propietario y nuestras fichas no lo indican, así que no quiero inventarte uno: ' +
      'un asesor te confirma si la propiedad que te guste acepta el plazo que necesitas.' +
      { shown: ' Sigo con tu búsqueda: ¿quieres agendar una visita o ajustamos algo?', searching: ' Mientras, esto es lo que tengo:', ask: ' ¿Qué buscas en renta: casa o depa, y en qué zona?' }[next],
  },
  en: {
    rentTerm: (next: 'shown' | 'searching' | 'ask') =>
      "Each owner sets the lease term and our listings don't state it, so I'd rather not guess: " +
      'an agent can confirm whether the property you like accepts the term you need.' +
      { shown: ' Back to your search: would you like to book a visit or change something?', searching: " Meanwhile, here's what I have:", ask: ' What are you looking to rent: a house or an apartment, and in which area?' }[next],
  },
}

export default defineIntent({
  name: 'rentTerm',
  says: /^(?!.*\b(?:enganche|mensualidades|credito|preventa|entrega|intereses|plazos|rend\w*|rentab\w*|retorno|returns?|yield|roi|invest\w*|inversion|deja|dejaria)\b).*\b(?:(?:por|de|a) (?:\d{1,2}|un|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|medio) (?:mes|meses|ano|anos)\b|plazo (?:minimo|forzoso)|contrato (?:minimo|forzoso)|minimo de (?:renta|contrato|meses)|corto plazo|renta temporal|renta vacacional|por (?:una|1|dos|2) semanas?|por (?:unos|unas|\d{1,2}) (?:dias|noches)|for (?:\d{1,2}|one|two|three|six|twelve) months?|for (?:a|one|two|\d) (?:weeks?|nights?|days)|vacation rentals?|holiday rentals?|minimum (?:lease|term|stay|rental)|short[ -]term)\b/,
  general: true,
  order: 40,
  // «depa en renta en Puerto Cancún por 6 meses» is searched in the same turn: what to look for is not asked.
  answer: (c) => TEXT[c.language].rentTerm(c.u.criteria.tipo !== undefined || c.u.criteria.zona !== undefined ? 'searching' : c.searching ? 'shown' : 'ask'),
})
