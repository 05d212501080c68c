/** A general question no listing answers: «¿puedo pagar en dólares?», «can I pay in dollars?». */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    /** «¿puedo pagar en dólares?»: what the catalogue says about currencies. */
    currency:
      'Cada propiedad se publica con su precio en **pesos (MXN)** o en **dólares (USD)**, según su propietario o desarrollador, ' +
      'y te muestro el equivalente aproximado en la otra moneda. En qué moneda se paga se acuerda en cada operación: un asesor te confirma si la que te guste acepta dólares.',
  },
  en: {
    currency:
      'Each property is listed with its price in **Mexican pesos (MXN)** or **US dollars (USD)**, as its owner or developer sets it, ' +
      'and I show you the approximate amount in the other currency. The currency you pay in is agreed for each deal: an agent can confirm whether the one you like accepts dollars.',
  },
}

export default defineIntent({
  name: 'currency',
  says: /\b(?:pag(?:ar|o|ue|an|amos)? (?:en|con) (?:dolares|usd|pesos|mxn|euros?)|(?:aceptan|reciben|toman|manejan) (?:dolares|usd|euros?)|pay (?:in|with) (?:dollars|usd|pesos|euros?)|(?:accept|take) (?:dollars|usd|euros?)|en que moneda|which currency|what currency)\b/,
  general: true,
  order: 50,
  answer: { es: TEXT.es.currency, en: TEXT.en.currency },
})
