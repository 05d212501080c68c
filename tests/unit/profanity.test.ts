import { describe, expect, it } from 'vitest'
import {
  ENGLISH_PROFANITY,
  SPANISH_INSULTS,
  createProfanityFilter,
  foldWord,
} from '../../src/widget/profanity'

const filter = createProfanityFilter()
const clean = (s: string) => filter.clean(s)

describe('English words', () => {
  it('censors a word with one asterisk per character', () => {
    expect(clean('what the fuck')).toBe('what the ****')
    expect(clean('you motherfucker')).toBe('you ************')
    expect(clean('this is bullshit')).toBe('this is ********')
  })

  it('censors inflections', () => {
    expect(clean('fucking fucked fucker')).toBe('******* ****** ******')
    expect(clean('bitches')).toBe('*******')
  })
})

describe('Spanish words', () => {
  it('censors Mexican and general Spanish insults', () => {
    expect(clean('eres un pendejo')).toBe('eres un *******')
    expect(clean('no seas pinche culero')).toBe('no seas ****** ******')
    expect(clean('vete a la chingada')).toBe('vete a la ********')
    expect(clean('qué gilipollas')).toBe('qué **********')
    expect(clean('hijo de puta')).toBe('hijo de ****')
  })

  it('matches accented and unaccented forms alike', () => {
    expect(clean('cabrón')).toBe('******')
    expect(clean('cabron')).toBe('******')
    expect(clean('imbecil e imbécil')).toBe('******* e *******')
    expect(clean('PENDÉJO')).toBe('*******')
    expect(clean('estupida')).toBe('********')
  })

  it('counts characters of decomposed (NFD) input as composed characters', () => {
    const nfd = 'cabro\u0301n' // "cabrón" with a combining acute accent
    expect(nfd.length).toBe(7)
    expect(clean(`eres ${nfd}!`)).toBe('eres ******!')
  })
})

describe('case-insensitivity', () => {
  it('matches upper and mixed case', () => {
    expect(clean('FUCK')).toBe('****')
    expect(clean('ShIt')).toBe('****')
    expect(clean('Cabron')).toBe('******')
    expect(clean('MIERDA')).toBe('******')
  })
})

describe('whole words only', () => {
  it('does not censor words that merely contain a listed word', () => {
    const safe = [
      'Scunthorpe',
      'película',
      'computadora',
      'Dickens',
      'cocktail',
      'assessment',
      'class',
      'pass',
      'shitake', // not "shit" + boundary
      'disputa',
      'reputación',
      'vergüenza',
      'chingarlos', // a different (unlisted) word
    ]
    for (const word of safe) expect(clean(word)).toBe(word)
  })

  it('treats accents and ñ as letters, not boundaries', () => {
    // If "ó" were a boundary, "cabr" + "n" would be split; if "í" were, "pel" + "cula" would.
    expect(clean('películas')).toBe('películas')
    expect(clean('culó')).toBe('****') // "culo" with an accent is still the word "culo"
    expect(clean('culoñ')).toBe('culoñ')
    expect(clean('ñculo')).toBe('ñculo')
  })

  it('treats digits and underscore as part of a word', () => {
    expect(clean('fuck1')).toBe('fuck1')
    expect(clean('fuck_you')).toBe('fuck_you')
  })

  it('splits on apostrophes and hyphens', () => {
    expect(clean("fuckin'")).toBe("******'")
    expect(clean('puto-amo')).toBe('****-amo')
  })

  it('censors a standalone name that is also a listed word (whole-word means whole word)', () => {
    expect(clean('Dick Dickens')).toBe('**** Dickens')
  })
})

describe('ñ inside a word', () => {
  it('censors words containing ñ', () => {
    expect(clean('¡Coño!')).toBe('¡****!')
    expect(clean('COÑO')).toBe('****')
    expect(clean('qué puñetero')).toBe('qué ********')
  })

  it('keeps ñ distinct from n ("cono" is a cone, "año" is a year)', () => {
    expect(clean('un cono de helado')).toBe('un cono de helado')
    expect(clean('el año pasado, la peña')).toBe('el año pasado, la peña')
    expect(foldWord('Coño')).toBe('coño')
    expect(foldWord('CONO')).toBe('cono')
  })

  it('matches ñ written as n + combining tilde', () => {
    expect(clean('co\u006e\u0303o')).toBe('****')
  })

  it('works for extra words with ñ', () => {
    const f = createProfanityFilter({ extraWords: ['ñoño'] })
    expect(f.clean('qué ÑOÑO eres')).toBe('qué **** eres')
    expect(f.clean('nono')).toBe('nono')
  })
})

describe('punctuation, whitespace and emoji are preserved', () => {
  it('keeps punctuation around a word', () => {
    expect(clean('¡pendejo!')).toBe('¡*******!')
    expect(clean('¿Cabrón?')).toBe('¿******?')
    expect(clean('(shit), "fuck".')).toBe('(****), "****".')
  })

  it('keeps newlines, tabs and repeated spaces', () => {
    expect(clean('hola\npendejo\r\n\tmierda  adiós')).toBe('hola\n*******\r\n\t******  adiós')
  })

  it('keeps emoji and other symbols', () => {
    expect(clean('😡 pendejo 😡')).toBe('😡 ******* 😡')
    expect(clean('fuck🏠casa')).toBe('****🏠casa')
    expect(clean('👍🏽 bien')).toBe('👍🏽 bien')
  })
})

describe('multiple occurrences', () => {
  it('censors every occurrence and leaves the rest', () => {
    expect(clean('puta puta PUTA, no es puta')).toBe('**** **** ****, no es ****')
    expect(clean('shit, la casa es bonita, shit')).toBe('****, la casa es bonita, ****')
  })
})

describe('exclude list', () => {
  it('wins over built-in words', () => {
    const f = createProfanityFilter({ exclude: ['dick'] })
    expect(f.clean('Dick Tracy, pendejo')).toBe('Dick Tracy, *******')
    expect(f.isProfane('Dick')).toBe(false)
  })

  it('wins over extra words', () => {
    const f = createProfanityFilter({ extraWords: ['tonto', 'baboso'], exclude: ['tonto'] })
    expect(f.clean('tonto baboso')).toBe('tonto ******')
  })

  it('is folded (case and accents) the same way', () => {
    const f = createProfanityFilter({ exclude: ['CABRON', 'Idióta'] })
    expect(f.clean('cabrón Cabron idiota IDIOTA puto')).toBe('cabrón Cabron idiota IDIOTA ****')
  })

  it('only affects the excluded word', () => {
    const f = createProfanityFilter({ exclude: ['culo'] })
    expect(f.clean('culo culero')).toBe('culo ******')
  })
})

describe('placeholder', () => {
  it('defaults to "*"', () => {
    expect(createProfanityFilter({}).clean('shit')).toBe('****')
  })

  it('uses a custom single-character placeholder', () => {
    expect(createProfanityFilter({ placeholder: '#' }).clean('¡pendejo!')).toBe('¡#######!')
  })

  it('repeats a multi-character placeholder once per character', () => {
    expect(createProfanityFilter({ placeholder: '[x]' }).clean('a shit b')).toBe(
      'a [x][x][x][x] b',
    )
  })

  it('removes the word with an empty placeholder', () => {
    expect(createProfanityFilter({ placeholder: '' }).clean('no, pendejo!')).toBe('no, !')
  })

  it('inserts the placeholder literally (no replacement patterns)', () => {
    expect(createProfanityFilter({ placeholder: '$&' }).clean('shit')).toBe('$&$&$&$&')
  })
})

describe('extraWords', () => {
  it('adds words, folded for case and accents', () => {
    const f = createProfanityFilter({ extraWords: ['Baboso', 'menso', 'Tonté'] })
    expect(f.clean('BABOSO, menso y tonte')).toBe('******, ***** y *****')
    expect(f.isProfane('mensos')).toBe(false)
  })

  it('does not change the built-in lists for other filters', () => {
    createProfanityFilter({ extraWords: ['baboso'], exclude: ['fuck'] })
    expect(clean('baboso fuck')).toBe('baboso ****')
  })

  it('ignores empty and whitespace-only entries', () => {
    const f = createProfanityFilter({ extraWords: ['', '  ', ' menso '] })
    expect(f.clean('hola menso')).toBe('hola *****')
  })
})

describe('isProfane', () => {
  it('reports whether a text contains a profane word', () => {
    expect(filter.isProfane('eres un PENDEJO')).toBe(true)
    expect(filter.isProfane('what the fuck?')).toBe(true)
    expect(filter.isProfane('¡Coño!')).toBe(true)
    expect(filter.isProfane('Busco una casa con alberca en Cancún')).toBe(false)
    expect(filter.isProfane('Scunthorpe computadora película')).toBe(false)
    expect(filter.isProfane('')).toBe(false)
  })

  it('agrees with clean', () => {
    const samples = ['hola', 'hola pendejo', 'shitake', 'SHIT', '😡', 'cono', 'coño']
    for (const s of samples) expect(filter.isProfane(s)).toBe(clean(s) !== s)
  })
})

describe('ordinary real-estate words are never censored', () => {
  it('leaves ambiguous or mild words alone', () => {
    const text =
      'La casa con cola de patos, coma y cena a las 3 y pico; un bicho en la terraza. ' +
      'Concha Pérez, huevos, polla, capullo, hostia, pito, güey, Kike. ' +
      'What the hell, damn, crap, cum laude, homo sapiens. ' +
      'Hola, busco un departamento en Cancún con vista al mar, cerca de la playa. ' +
      'Hi, I am looking for a two-bedroom condo, is the price negotiable?'
    expect(clean(text)).toBe(text)
    expect(filter.isProfane(text)).toBe(false)
  })
})

describe('word lists', () => {
  const all = [...ENGLISH_PROFANITY, ...SPANISH_INSULTS]

  it('have a reasonable size', () => {
    expect(ENGLISH_PROFANITY.length).toBeGreaterThanOrEqual(60)
    expect(SPANISH_INSULTS.length).toBeGreaterThanOrEqual(60)
  })

  it('contain only lower-case single words, without duplicates after folding', () => {
    for (const w of all) {
      expect(w).toMatch(/^[\p{L}\p{M}\p{N}_]+$/u)
      expect(w).toBe(w.toLowerCase())
    }
    const folded = all.map(foldWord)
    expect(new Set(folded).size).toBe(folded.length)
  })

  it('every entry is censored by the default filter', () => {
    for (const w of all) expect(clean(w)).toBe('*'.repeat([...w].length))
  })

  it('are frozen', () => {
    expect(Object.isFrozen(ENGLISH_PROFANITY)).toBe(true)
    expect(Object.isFrozen(SPANISH_INSULTS)).toBe(true)
  })
})

describe('robustness', () => {
  it('returns an empty string for an empty string', () => {
    expect(clean('')).toBe('')
  })

  it('leaves text without words unchanged', () => {
    expect(clean('  ¡¿?! 123… 🏖️ \n')).toBe('  ¡¿?! 123… 🏖️ \n')
  })

  it('never throws on odd strings', () => {
    const odd = [
      '\uD800', // lone high surrogate
      'a\uDC00b shit', // lone low surrogate
      '\u0301\u0301shit', // combining marks with no base
      '\u0000fuck\u0000',
      'İSTANBUL ß ǅ',
      'x'.repeat(5000),
      '\u200Bfuck\u200B',
    ]
    for (const s of odd) {
      expect(() => clean(s)).not.toThrow()
      expect(() => filter.isProfane(s)).not.toThrow()
    }
    expect(clean('a\uDC00b shit')).toBe('a\uDC00b ****')
    expect(clean('\u0000fuck\u0000')).toBe('\u0000****\u0000')
    expect(clean('\u200Bfuck\u200B')).toBe('\u200B****\u200B')
  })

  it('processes a 20,000-character text correctly', () => {
    const chunk = 'Hola pendejo, la casa 🏠 es bonita. What the fuck?\n'
    const text = chunk.repeat(Math.ceil(20_000 / chunk.length)).slice(0, 20_000)
    expect(text.length).toBe(20_000)
    const out = clean(text)
    expect(out.length).toBe(text.length)
    expect(out).not.toMatch(/pendejo|fuck/)
    expect(out.split('*******').length - 1).toBe(text.split('pendejo').length - 1)
    expect(out.replace(/\*/g, '')).toBe(text.replace(/pendejo|fuck/g, ''))
    expect(filter.isProfane(text)).toBe(true)
  })
})
