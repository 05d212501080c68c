/** A question about one property (answered from its data: flows/facts.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'propertyQuestion',
  rank: 2,
  examples: {
    es: [
      'de cuantas recamaras es', 'cuantos banos tiene', 'tiene cochera', 'cuantos cajones de estacionamiento tiene',
      'cuanto mide', 'cuantos metros de construccion tiene', 'de que tamano es el lote', 'cuanto cuesta esa', 'que precio tiene',
      'cuanto piden por ella', 'cuanto es de renta', 'cuenta con piscina', 'tiene jardin', 'se permiten mascotas', 'puedo tener perro ahi',
      'viene amueblada', 'tiene muebles', 'donde se ubica', 'en que colonia esta', 'cual es la direccion de esa casa',
      'para cuando la entregan', 'cual es la fecha de entrega', 'de que desarrollo es', 'tiene seguridad', 'tiene aire acondicionado',
      'cuanto es el mantenimiento', 'esta cerca de escuelas', 'hay hospitales cerca', 'que tan lejos esta del aeropuerto',
      'es segura la colonia', 'se inunda', 'hay transporte publico cerca', 'cuanto se paga de agua', 'tiene internet',
      'hay supermercados cerca', 'esta cerca de la playa', 'es ruidosa la zona', 'la tercera tiene cochera',
      'la primera cuantas recamaras tiene', 'y esa cuanto cuesta', 'cual sale mas economica', 'cual es la mas grande',
      'aceptan mascotas', 'y dejan tener gatos', 'a cuanto sale el metro cuadrado', 'cual es el precio por metro',
      'hay elevador', 'hay vigilancia en el edificio',
      'que amenidades tiene', 'cuantos niveles tiene', 'la ultima tiene alberca', 'y banos cuantos son',
    ],
    en: [
      'how many rooms are there', 'how many bathrooms', 'does it have a garage', 'how many parking spots', 'how big is it',
      'how many square meters', 'what is the lot size', 'how much does it cost', 'what is the rent', 'does it have a pool',
      'are dogs allowed', 'does it come furnished', 'where is it located', 'which neighborhood is it in', 'when will it be delivered',
      'which development is it in', 'is it near schools', 'are there hospitals nearby', 'how far is the beach', 'is the area safe',
      'does it flood', 'how much is the HOA fee', 'is there a supermarket nearby', 'what amenities does it have',
      'does the second one have parking', 'how much is the first one', 'which one is the cheapest', 'is the last one furnished',
      'do they accept pets', 'price per square meter',
    ],
  },
  // A question about a property or the agency is not a visit, a search or a sale.
  vetoes: ['contact', 'visit', 'presale', 'searchVerb', 'location', 'sell', 'credit'],
  keepsSearching: true,
})
