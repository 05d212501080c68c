/**
 * Text helpers of the agent: folding, a rough Spanish phonetic key, edit distance, number words,
 * name casing. Pure.
 */
import { foldText } from '../../../domain/fold'
import { NUMBER_WORDS, numberWord } from '../../../domain/number-words'

/** Number words, folded (src/domain/number-words.ts). */
export { NUMBER_WORDS }

/** "3" → 3, "tres" → 3, anything else → null. */
export function numberOf(word: string): number | null {
  if (/^\d+(?:\.\d+)?$/.test(word)) return Number(word)
  return numberWord(word)
}

/**
 * A rough phonetic key for typo-tolerant matching of Spanish words: "kiero" = "quiero",
 * "huayakan" = "huayacan", "alverca" = "alberca", "pisina" = "piscina".
 */
export function phonetic(word: string): string {
  return word
    .replace(/ch/g, 'x')
    .replace(/qu/g, 'k')
    .replace(/sc(?=[ei])/g, 's')
    .replace(/c(?=[ei])/g, 's')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/ll/g, 'y')
    .replace(/w/g, 'u')
    .replace(/h/g, '')
    .replace(/(.)\1+/g, '$1')
}

/**
 * Edit distance with adjacent transpositions ("rneta" → "renta" is one edit), giving up
 * (returning max + 1) once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1)
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length] ?? max + 1
}

/**
 * A typo corrector over a vocabulary of folded words: a known word stays; a word with the same
 * phonetic key as a target word becomes it; otherwise one edit is tolerated from five letters on
 * and two from eight on, towards a target word. Short words are never corrected (too ambiguous).
 * `keep` words are only protected (ordinary Spanish that must not turn into a keyword: "pisos"
 * is not "pesos").
 */
export function createCorrector(targets: Iterable<string>, keep: Iterable<string> = []): (word: string) => string {
  const words = new Set<string>()
  const byKey = new Map<string, string>()
  for (const word of targets) {
    if (!word || /[^a-z]/.test(word)) continue
    words.add(word)
    const key = phonetic(word)
    if (!byKey.has(key)) byKey.set(key, word)
  }
  const candidates = [...words].filter((w) => w.length >= 5).map((w) => ({ word: w, key: phonetic(w) }))
  for (const word of keep) words.add(word)
  const cache = new Map<string, string>()
  return (word: string) => {
    if (word.length < 4 || words.has(word) || /[^a-z]/.test(word)) return word
    const cached = cache.get(word)
    if (cached !== undefined) return cached
    const key = phonetic(word)
    let best = byKey.get(key) ?? word
    if (best === word && word.length >= 5) {
      const allowed = word.length >= 8 ? 2 : 1
      let bestDistance = allowed + 1
      for (const candidate of candidates) {
        const distance = Math.min(editDistance(key, candidate.key, allowed), editDistance(word, candidate.word, allowed))
        if (distance < bestDistance) {
          bestDistance = distance
          best = candidate.word
        }
      }
    }
    if (cache.size < 2000) cache.set(word, best)
    return best
  }
}

const NAME_PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'van', 'von'])

/** "ana lópez" → "Ana López", "MARÍA DE LA LUZ" → "María de la Luz". */
export function titleCase(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      const lower = word.toLocaleLowerCase('es-MX')
      if (index > 0 && NAME_PARTICLES.has(lower)) return lower
      return lower.replace(/(^|[-'’])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toLocaleUpperCase('es-MX'))
    })
    .join(' ')
}

/** Rounds down to two significant figures: 2,728,000 → 2,700,000; 16,000 → 16,000. */
export function floorNice(amount: number): number {
  return roundNice(amount, Math.floor)
}

function roundNice(amount: number, round: (n: number) => number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(amount)) - 1)
  return round(amount / magnitude) * magnitude
}

/**
 * How far either side of an approximate figure («unos 200 metros», «around 6 million») the search
 * reaches (docs/behaviour.md#agent-search): the visitor gave a rough figure, not a limit.
 */
export const APPROXIMATE_MARGIN = 0.15

/** Words that make the figure after them rough: «unos», «alrededor de», «around» (folded text, at its end). */
export const APPROXIMATE_BEFORE = /\b(?:unos|unas|alrededor de|aproximadamente|aprox|cerca de|como|mas o menos|around|about|approximately|approx|roughly|some)\s*(?:de\s*)?$/
/** Words that make the figure before them rough: «6 millones más o menos», «200 m2 aprox», «6 million or so». */
export const APPROXIMATE_AFTER = /^\s*(?:mas o menos|aprox(?:imadamente)?|or so|give or take|approximately|ish)\b/

/** The range around an approximate figure: ± APPROXIMATE_MARGIN, widened to two significant figures (6,000,000 → 5,100,000 to 6,900,000; 120 → 100 to 140). */
export function aroundRange(figure: number): { min: number; max: number } {
  return { min: roundNice(figure * (1 - APPROXIMATE_MARGIN), Math.floor), max: roundNice(figure * (1 + APPROXIMATE_MARGIN), Math.ceil) }
}

/** Joins Spanish list items: "a", "a y b", "a, b y c". */
export function joinY(items: string[]): string {
  return joinList(items, 'y')
}

/** Joins Spanish alternatives: "a", "a o b", "a, b o c". */
export function joinO(items: string[]): string {
  return joinList(items, 'o')
}

/** Joins a list with the last item after a conjunction: "a, b and c". */
export function joinList(items: readonly string[], conjunction: string): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`
}

/** Text safe inside markdown link/image brackets: no brackets, no line breaks. */
export function markdownLabel(text: string): string {
  return text.replace(/[[\]\r\n]+/g, ' ').replace(/\s+/g, ' ').trim()
}
