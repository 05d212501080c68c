/**
 * The utterances the intent classifier is trained on at start-up (docs/behaviour.md#agent-understanding),
 * in Mexican Spanish and English, per intent. Written for training only: the held-out evaluation
 * (eval/agent) never shares a sentence with them. Add phrasings here, not keyword rules.
 */

export const TOPICS = [
  'search', 'propertyQuestion', 'availability', 'contactChannels', 'hours', 'location', 'credit', 'downPayment',
  'foreigner', 'closingCosts', 'commission', 'presale', 'returns', 'rentRequirements', 'sell', 'handoff', 'waiting', 'contactMe',
  'visit', 'greeting', 'thanks', 'goodbye', 'who', 'help',
] as const
export type Topic = (typeof TOPICS)[number]

type Corpus = Record<Topic | 'none', { es: readonly string[]; en: readonly string[] }>

export const CORPUS: Corpus = {
  /** Filler and fragments that say nothing the agent can act on: the classifier learns to say so (topic null). */
  none: {
    es: [
      'mmm no se', 'ok pues', 'a ver', 'bueno', 'aja', 'y luego', 'que', 'jaja', 'eso', 'lo que te dije', 'el otro dia',
      'lo mismo', 'ese asunto', 'asdf', 'pues nada', 'ahorita', 'este', 'oye', 'lo que platicamos', 'como te decia',
      // A name alone is contact data the contact flow reads, not a request to be called.
      'me llamo luis', 'mi nombre es ana',
      // Questions about anything but properties: no property question, whatever their «cuál es…».
      'cual es la capital de italia', 'quien gano el partido de ayer', 'cuentame un chiste', 'cual es tu comida favorita',
      'recomiendame una pelicula', 'como se prepara un pastel', 'cuanto es dos mas dos', 'quien es el mejor futbolista',
    ],
    en: [
      'umm', 'well', 'so', 'whatever', 'what I said before', 'the other thing', 'lol', 'hmm', 'like I told you', 'anyway',
      'what is the capital of italy', 'tell me a joke', 'who won the game last night', 'what is your favorite food',
    ],
  },
  search: {
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
  propertyQuestion: {
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
  availability: {
    es: [
      'sigue disponible', 'todavia la tienen', 'ya se vendio', 'ya la rentaron', 'aun esta en renta', 'esta disponible esa casa',
      'sigue a la venta', 'todavia esta libre', 'ya esta apartada', 'la siguen rentando',
    ],
    en: ['is it still available', 'has it been sold', 'is this still for rent', 'is it taken', 'is the house available', 'still on the market'],
  },
  contactChannels: {
    es: [
      'cual es su whatsapp', 'me das su numero', 'pasame su telefono', 'tienen email', 'a que correo les escribo',
      'como los contacto', 'a donde les llamo', 'tienen numero de whatsapp', 'me compartes el telefono de la inmobiliaria',
      'cual es el correo de ustedes', 'por donde me comunico', 'me pasas el numero', 'pasame el whats de ustedes', 'su whatsapp cual es',
      'me compartes su correo', 'me regalas su telefono', 'a que telefono puedo marcar', 'a que numero les escribo', 'tienen whats', 'numero de contacto',
    ],
    en: [
      'what is your phone number', 'can I have your whatsapp', 'how do I reach you', 'do you have an email', 'your contact number',
      'how can I get in touch with you', 'which number can I call', 'what email can I write to', 'your e-mail please',
    ],
  },
  hours: {
    es: ['a que hora cierran', 'que horario tienen', 'trabajan los domingos', 'estan abiertos hoy', 'hasta que hora atienden', 'abren el fin de semana'],
    en: ['what time do you open', 'what are your hours', 'are you open on sunday', 'when do you close', 'opening hours'],
  },
  location: {
    es: ['donde estan ubicados', 'cual es su direccion', 'direccion de la agencia', 'donde esta la inmobiliaria', 'ubicacion de su oficina', 'donde tienen sus oficinas', 'donde queda la oficina', 'como llego a su oficina', 'donde los encuentro'],
    en: ['where are you located', 'where is the office', 'how do I get to your office', 'what is the office address'],
  },
  credit: {
    es: [
      'se puede con infonavit', 'puedo usar mi credito fovissste', 'trabajan con bancos', 'se puede con credito hipotecario',
      'aceptan cofinavit', 'tienen financiamiento', 'como puedo pagar', 'me prestan para comprar', 'aceptan creditos',
      'puedo sacar una hipoteca', 'que formas de pago aceptan', 'con mi infonavit me alcanza',
    ],
    en: [
      'do you take mortgages', 'can I finance the purchase', 'is bank financing possible', 'what payment options are there', 'do you work with lenders',
      'payment plans', 'can I pay in monthly installments',
    ],
  },
  downPayment: {
    es: [
      'cuanto tengo que dar de enganche', 'de cuanto es el enganche', 'que enganche piden', 'cuanto necesito para el enganche',
      'cuanto debo tener ahorrado para dar el enganche', 'el enganche es del 10 por ciento', 'cuanto hay que pagar al inicio',
    ],
    en: ['how much down payment', 'what is the deposit to buy', 'how much do I need upfront', 'what percentage down', 'minimum down payment'],
  },
  foreigner: {
    es: [
      'soy extranjero puedo comprar', 'los extranjeros pueden comprar', 'que es un fideicomiso', 'como funciona el fideicomiso',
      'soy americano puedo tener una casa', 'no soy mexicano puedo comprar', 'un canadiense puede ser dueno',
      'siendo estadounidense puedo adquirir un depa en la playa', 'un europeo puede comprar casa cerca del mar', 'soy de canada puedo comprar',
    ],
    en: ['can a foreigner buy', 'can americans own property', 'what is a fideicomiso', 'bank trust for foreigners', 'I am canadian can I buy', 'can non mexicans buy a house'],
  },
  closingCosts: {
    es: [
      'cuanto son los gastos notariales', 'cuanto cuesta la escrituracion', 'que impuestos se pagan al comprar', 'cuanto cobra el notario',
      'gastos de cierre', 'cuanto es el isai', 'que gastos hay ademas del precio',
    ],
    en: ['how much are closing costs', 'what taxes do I pay when buying', 'notary fees', 'extra costs besides the price', 'transfer tax'],
  },
  commission: {
    es: ['cuanto cobran', 'cual es su comision', 'cuanto me cobran por vender una casa', 'que comision cobran por rentar mi depa', 'cobran comision', 'cuanto es la comision por vender', 'el comprador paga comision', 'cuales son sus honorarios'],
    en: ['how much do you charge', 'what is your fee', 'do you charge commission', 'who pays the commission', 'what are your fees to sell'],
  },
  presale: {
    es: ['como funciona comprar en preventa', 'que es una preventa', 'es seguro comprar en preventa', 'que riesgos tiene la preventa', 'como es el proceso de preventa', 'que pasa si se retrasa la obra'],
    en: ['how does pre-sale work', 'what does presale mean', 'is buying off plan safe', 'what is the pre construction process'],
  },
  returns: {
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
  rentRequirements: {
    es: ['que piden para rentar', 'requisitos para rentar', 'necesito aval', 'piden fiador', 'cuanto es el deposito', 'que documentos necesito para rentar', 'aceptan poliza juridica'],
    en: ['what are the requirements to rent', 'what do landlords ask for', 'documents required for renting a condo', 'do I need a guarantor', 'how much is the security deposit', 'what documents do I need to rent'],
  },
  sell: {
    es: [
      'quiero vender mi casita', 'quiero rentar mi departamento', 'tengo un terreno y lo quiero vender', 'me ayudan a vender mi depa',
      'quiero poner mi casa en renta', 'soy dueno de una casa y la quiero vender', 'pueden rentar mi propiedad', 'quiero que vendan mi casa',
      'cuanto vale mi casa', 'quiero publicar mi propiedad', 'tengo un depa para rentar',
    ],
    en: ['I would like to sell my home', 'can you rent out my condo', 'I have a property to sell', 'list my home', 'help me sell my apartment', 'what is my house worth'],
  },
  handoff: {
    es: [
      'necesito hablar con una asesora', 'pasame con una persona', 'quiero hablar con un humano', 'comunicame con alguien',
      'hay alguien real', 'quiero atencion personal', 'me atiende un agente', 'no quiero hablar con un bot',
      // A visitor fed up with the bot is better served by a person.
      'no sirves para nada', 'eres inutil', 'que mal atiendes',
    ],
    en: [
      'I want to talk to a person', 'let me speak with an agent', 'could I talk with someone from your team', 'can I speak to a realtor',
      'connect me to a human', 'can a real person help me', 'I want a real agent', 'you are useless', 'this bot is useless',
    ],
  },
  waiting: {
    es: [
      'nadie me contesta', 'sigo esperando', 'ya llevo mucho esperando', 'hay alguien ahi', 'cuando me van a atender',
      'no me han respondido', 'ya pasaron varios minutos', 'el asesor no llega', 'cuanto tengo que esperar',
    ],
    en: ['nobody is answering', 'I am still waiting', 'is anyone there', 'no one has replied yet', 'how long do I have to wait', 'still no answer'],
  },
  contactMe: {
    es: [
      'que me llamen', 'quiero que me contacten', 'me pueden marcar', 'llamame por favor', 'me interesa, quiero informes',
      'me gusta esa', 'me interesa la primera', 'quiero mas informacion de esa casa', 'mandenme informacion', 'escribanme al whatsapp',
    ],
    en: ['please call me', 'have someone contact me', 'I am interested in that one', 'send me more information', 'I like the first one', 'can someone reach me'],
  },
  visit: {
    es: [
      'me gustaria ir a verlo', 'puedo visitarla', 'agendame una cita', 'quiero conocer la casa', 'cuando la puedo ver', 'quiero agendar un recorrido',
      'podemos ir el sabado', 'me gustaria visitar el depa', 'quiero verla en persona', 'agenda una visita para manana',
    ],
    en: ['I want to see it', 'can I visit the house', 'schedule a tour', 'book a showing', 'can we see it tomorrow', 'I would like to visit'],
  },
  greeting: {
    es: ['hola buen dia', 'holaa', 'buenos dias', 'buenas tardes', 'que tal', 'holi', 'buenas', 'hola que tal'],
    en: ['hi there', 'hello', 'good morning', 'hey there', 'good afternoon'],
  },
  thanks: {
    es: ['gracias amigo', 'muchisimas gracias', 'te agradezco', 'gracias por la ayuda', 'muy amable'],
    en: ['thank you so much', 'thanks', 'thanks for the help', 'much appreciated'],
  },
  goodbye: {
    es: ['adios', 'hasta luego', 'nos vemos', 'bye', 'eso es todo', 'me despido'],
    en: ['goodbye', 'bye', 'see you', 'that is all', 'have a good day'],
  },
  who: {
    es: ['quien eres', 'eres un robot', 'eres persona', 'con quien hablo', 'eres una inteligencia artificial'],
    en: ['who are you', 'are you a bot', 'am I talking to a human', 'are you real'],
  },
  help: {
    es: ['que puedes hacer', 'en que me ayudas', 'ayuda', 'como funciona esto', 'que servicios tienen'],
    en: ['what can you do', 'help', 'how does this work', 'what services do you offer'],
  },
}
