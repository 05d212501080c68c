// Built-in word lists for the profanity filter (docs/behaviour.md#profanity).
//
// Rules for editing these lists:
// - One whole word per entry (a run of letters/marks/digits/underscore). Entries are matched
//   case- and accent-insensitively (see `foldWord` in ./profanity), but `ñ` stays distinct from
//   `n`, so "coño" never matches "cono" (a cone). A common ñ-less spelling is listed explicitly
//   only when it is not an ordinary word itself (e.g. "puneta" yes, "cono" no).
// - No word that is ordinary in a real-estate conversation in either language, and no English
//   entry that is a normal Spanish word (or vice versa). Deliberately left out, among others:
//   casa, con, coma, cola, pico, bicho, concha, huevos, polla, capullo, hostia, pito, tarado,
//   güey, boludo, kike (Spanish nickname for Enrique), hell, damn, goddamn, crap, cum, tit, homo.

export const ENGLISH_PROFANITY: readonly string[] = Object.freeze([
  // fuck and forms
  'fuck', 'fucks', 'fucked', 'fucker', 'fuckers', 'fucking', 'fuckin', 'fuckface', 'fuckhead',
  'fuckwit', 'motherfucker', 'motherfuckers', 'motherfucking', 'clusterfuck', 'dumbfuck',
  // shit and forms
  'shit', 'shits', 'shitty', 'shitting', 'shithead', 'shitface', 'bullshit', 'horseshit', 'dipshit',
  // bitch and forms
  'bitch', 'bitches', 'bitching', 'bitchy', 'sonofabitch',
  // ass / arse
  'ass', 'asses', 'asshole', 'assholes', 'asshat', 'dumbass', 'jackass', 'arse', 'arsehole',
  // genitals / sexual
  'cunt', 'cunts', 'dick', 'dicks', 'dickhead', 'cock', 'cocks', 'cocksucker', 'pussy', 'pussies',
  'twat', 'prick', 'pricks', 'wank', 'wanker', 'wankers', 'bollocks', 'bellend', 'tits', 'titties',
  'jizz', 'dildo',
  // insults
  'bastard', 'bastards', 'slut', 'sluts', 'slutty', 'whore', 'whores', 'skank', 'douche',
  'douchebag', 'piss', 'pissed', 'pissing',
  // slurs
  'nigger', 'niggers', 'nigga', 'faggot', 'faggots', 'fag', 'fags', 'spic', 'chink', 'gook',
  'wetback', 'beaner', 'retard', 'retards', 'tranny',
])

export const SPANISH_INSULTS: readonly string[] = Object.freeze([
  // pendejo
  'pendejo', 'pendeja', 'pendejos', 'pendejas', 'pendejada', 'pendejadas',
  // cabrón
  'cabrón', 'cabrona', 'cabrones', 'cabronas',
  // chingar and forms
  'chingar', 'chinga', 'chingas', 'chingo', 'chingue', 'chinguen', 'chingando', 'chingada',
  'chingadas', 'chingado', 'chingados', 'chingadera', 'chingaderas',
  // pinche, puto/a
  'pinche', 'pinches', 'puto', 'puta', 'putos', 'putas', 'hijueputa', 'hijoputa', 'hijaputa',
  // verga, culero, mamón
  'verga', 'vergas', 'culero', 'culera', 'culeros', 'culeras', 'mamón', 'mamona', 'mamones',
  'mamonas', 'mamada', 'mamadas',
  // mierda, culo, coño, cojones
  'mierda', 'mierdas', 'culo', 'culos', 'coño', 'cojones',
  // homophobic slurs
  'joto', 'jotos', 'marica', 'maricas', 'maricón', 'maricones',
  // general insults
  'gilipollas', 'imbécil', 'imbéciles', 'idiota', 'idiotas', 'estúpido', 'estúpida', 'estúpidos',
  'estúpidas', 'cretino', 'cretina', 'huevón', 'huevona', 'huevones', 'huevonas', 'güevón', 'weón',
  'zorra', 'zorras', 'ojete', 'ojetes', 'bastardo', 'bastarda', 'bastardos', 'malparido',
  'malparida', 'malparidos', 'pelotudo', 'pelotuda', 'culiao', 'culiado', 'chupapollas',
  'mamahuevo', 'mamaguevo', 'naco',
  // joder, carajo
  'joder', 'jódete', 'jodido', 'jodida', 'jodidos', 'jodidas', 'carajo',
  // puñeta (with the common ñ-less spelling, which is not an ordinary word)
  'puñeta', 'puñetas', 'puñetero', 'puñetera', 'puneta', 'punetas', 'punetero', 'punetera',
])
