/**
 * Attributes on the widget's tag that look like a misspelt widget attribute (docs/behaviour.md#embed):
 * `data-apikey`, `data-agent-id`, `data-postion`, `api-key` without `data-`. A browser keeps
 * them without a word, so without this the widget would just not see the value.
 */

/** Attributes a <script> tag has for itself: never a misspelt widget attribute. */
const SCRIPT_ATTRIBUTES = new Set([
  'src', 'async', 'defer', 'type', 'nonce', 'crossorigin', 'integrity', 'referrerpolicy', 'charset',
  'fetchpriority', 'nomodule', 'blocking', 'language', 'id', 'class', 'style', 'title',
])

/** Edits allowed between a written name and a widget attribute's (letters only): one slip per short word. */
const maxEdits = (length: number) => (length >= 6 ? 2 : 1)

const words = (name: string) => name.toLowerCase().replace(/^data-/, '').split(/[-_\s]+/).filter(Boolean)
const letters = (name: string) => words(name).join('')

/**
 * Each of `written` that is not one of `known` but looks like one: `[written name, the widget
 * attribute it was probably meant to be]`. Unrelated attributes (a consent manager's
 * `data-cookieconsent`, a CDN's `data-cfasync`) are left alone.
 */
export function misspeltAttributes(written: readonly string[], known: readonly string[]): [string, string][] {
  const found: [string, string][] = []
  for (const name of written) {
    const lower = name.toLowerCase()
    if (known.includes(lower) || SCRIPT_ATTRIBUTES.has(lower)) continue
    const meant = closest(name, known)
    if (meant) found.push([name, meant])
  }
  return found
}

/** The one of `known` that `name` (an attribute's name or a value) was probably meant to be, if any. */
export function closest(name: string, known: readonly string[]): string | undefined {
  const own = words(name)
  if (own.length === 0) return undefined
  const sameLetters = known.find((k) => letters(k) === letters(name)) // data-apikey, data-name_space
  const sameWords = known.find((k) => sameSet(words(k), own)) // data-agent-id
  const nearLetters = known.find((k) => editDistance(letters(k), letters(name)) <= maxEdits(letters(k).length)) // data-postion
  const partOf = known.find((k) => own.every((w) => words(k).includes(w))) // data-socket, data-instance
  return sameLetters ?? sameWords ?? nearLetters ?? partOf
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((w) => b.includes(w))

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    row = next
  }
  return row[b.length]!
}
