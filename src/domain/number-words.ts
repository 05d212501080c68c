/**
 * Numbers said in words (docs/domain.md#number-words), once: what the chat agent reads in
 * «tres recámaras», «dos millones», «a las cinco» or "three bedrooms". Folded (lower case, no
 * accents), one to twelve (twelve for clock hours). Pure.
 */

/** Spanish, in the order a pattern must try them («un» before «una» and «uno» is what the agent always did). */
export const NUMBER_WORDS_ES: Readonly<Record<string, number>> = Object.freeze({
  un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
})

export const NUMBER_WORDS_EN: Readonly<Record<string, number>> = Object.freeze({
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
})

/** Both languages, Spanish first; «once» is eleven (the English word "once" is not a number). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = Object.freeze({ ...NUMBER_WORDS_ES, ...NUMBER_WORDS_EN })

/** The number a folded word names ("tres" → 3, "three" → 3), else null. */
export const numberWord = (word: string): number | null => NUMBER_WORDS[word] ?? null

/**
 * The words for the numbers from `from` to `to`, as a regular-expression alternation ("dos|tres|two|three"),
 * Spanish first, each language in its order.
 */
export function numberWordsPattern(from: number, to: number, languages: readonly ('es' | 'en')[] = ['es', 'en']): string {
  const table = { es: NUMBER_WORDS_ES, en: NUMBER_WORDS_EN }
  return languages.flatMap((language) => Object.entries(table[language]).filter(([, n]) => n >= from && n <= to).map(([word]) => word)).join('|')
}
