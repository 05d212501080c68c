/** What an investment returns (figures of the blog guide to holiday rentals). */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** The figures of the blog's guide to holiday rentals in the Zona Hotelera (content/catalogue.json). */
    returns:
      'El rendimiento depende de la **ocupación**, los **costos** y las **reglas del condominio** (algunos no permiten renta vacacional). ' +
      'Como ejemplo ilustrativo: un depa de 2 recámaras de USD 450,000 en la Zona Hotelera, a USD 250 la noche y 65 % de ocupación, ' +
      'deja alrededor de **7 % neto al año** antes de impuestos: administración, limpieza, comisiones, mantenimiento, servicios, predial y seguro se llevan del 40 al 50 % del ingreso. ' +
      'Desconfía de rendimientos garantizados muy superiores al 10 % anual. A eso se suma la **plusvalía**, y en preventa la diferencia entre el precio de lanzamiento y el de entrega. ' +
      '¿Quieres que un asesor haga los números de una propiedad contigo?',
  },
  en: {
    returns:
      'The return depends on **occupancy**, **costs** and the **building\'s rules** (some do not allow holiday rentals). ' +
      'As an illustration: a USD 450,000 two-bedroom condo in the Hotel Zone, at USD 250 a night and 65 % occupancy, ' +
      'nets about **7 % a year** before taxes: management, cleaning, platform fees, maintenance, utilities, property tax and insurance take 40 to 50 % of the income. ' +
      'Be wary of guaranteed returns well above 10 % a year. On top of that comes **appreciation**, and in pre-sale the gap between the launch price and the price at delivery. ' +
      'Would you like an agent to run the numbers on a property with you?',
  },
}

export default defineIntent({
  name: 'returns',
  rank: 13,
  examples: {
    es: [
      'cuanto deja de ganancia rentar un depa', 'que rendimiento tiene una inversion', 'es buena inversion comprar en cancun',
      'cuanto se gana con renta vacacional', 'que retorno de inversion puedo esperar', 'cuanta plusvalia tienen las propiedades',
      'conviene comprar para rentar en airbnb', 'cuanto puedo ganar rentando por noches',
    ],
    en: [
      'return on investment', 'how much can I earn with short term rentals', 'is it a good investment',
      'rental yield', 'how much does an airbnb make', 'will the property appreciate',
    ],
  },
  says: /\b(?:rendimientos?|rentabilidad|retorno de (?:la )?inversion|plusvalia|roi|rental yield|return on (?:the )?investment)\b/,
  // «rentals?», «cheap rentals» are a search: what an investment returns is asked in words of gain.
  cue: /\b(?:gan\w*|rend\w*|rentab\w*|retorno|plusvalia|inversion|invertir|airbnb|vacacional|por noches?|conviene|return|returns|yield|earn\w*|make|profit\w*|invest\w*|income|appreciat\w*|roi|short term)\b/,
  vetoes: ['presale', 'searchVerb', 'rentRequirements'],
  order: 130,
  followUp: 'adviser',
  answer: { es: TEXT.es.returns, en: TEXT.en.returns },
})
