/** A search of the catalogue, in words the classifier learns (the criteria themselves are entities: understand.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'search',
  rank: 1,
  examples: {
    es: [
      'busco casa en renta', 'quiero comprar un departamento', 'tienen casas en venta', 'departamentos en renta en el centro',
      'casa de tres recamaras en venta', 'busco depa amueblado', 'terrenos en venta', 'algo en preventa', 'casas con alberca',
      'necesito rentar un depa de dos recamaras', 'me interesa comprar casa en huayacan', 'ando buscando un local comercial',
      'oficinas en renta', 'una bodega en venta', 'que opciones tienen en puerto cancun', 'depas cerca de la playa',
      'casa en renta hasta 20 mil', 'departamento en venta menos de 3 millones', 'quiero un lote para construir',
      'muestrame casas en el poligono sur', 'busco donde vivir con mi familia', 'hay departamentos con gimnasio',
      'que tienen en la zona hotelera', 'casa que acepte perros en renta', 'depto con vista al mar', 'casas nuevas en preventa',
      'busco algo economico para rentar', 'tienen penthouse', 'opciones de inversion en departamentos', 'mas opciones',
      'algo mas barato', 'y en alquiler', 'y en venta', 'mejor en otra zona', 'con alberca', 'de cuatro recamaras',
    ],
    en: [
      'looking for a house to buy', 'do you have apartments for rent', 'I want to rent a condo', 'houses for sale near the beach',
      'show me two bedroom apartments', 'any land for sale', 'I need an office for rent', 'condos in the hotel zone',
      'I am searching for a home for my family', 'apartments with a gym', 'something cheaper', 'show me more options',
      'a furnished place to rent', 'investment condos in pre-sale', 'three bedroom house with a pool', 'what do you have downtown',
    ],
  },
  keepsSearching: true,
})
