/**
 * A size asked for in m² (docs/behaviour.md#agent-search): «de al menos 120 m2», «más de 200
 * metros», «hasta 90 m²», «entre 100 y 150 metros cuadrados», «at least 1,500 sq ft»; a size with
 * no limit word («de unos 200 metros», «de 120 m2») is rough: a range around it. Pure; works on
 * folded text (lower case, no accents, «m²» already «m2»).
 */
import { aroundRange } from './text'

export interface AreaRange {
  min?: number
  max?: number
  /** The text without the size phrase (so a budget is not read in «más de 200 metros»). */
  rest: string
}

/** Square feet in a square metre: an English visitor's «2,000 sq ft» is searched in m². */
const SQFT_PER_M2 = 10.7639

const NUMBER = '(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)'
const UNIT = '(m ?2|mts? ?2?|mtrs?|metros?(?: cuadrados)?|sqm|square met(?:er|re)s?|sq ?ft|square f(?:ee|oo)t|ft2)(?![a-z0-9])'
const AT_LEAST = '(?:al menos|minimo(?: de)?|por lo menos|(?:de )?mas de|arriba de|mayor(?:es)? (?:a|de)|desde|at least|more than|over|minimum(?: of)?|min)'
const AT_MOST = '(?:hasta|maximo(?: de)?|(?:de )?menos de|no mas de|up to|under|less than|at most|maximum(?: of)?|max)'

const RANGE = new RegExp(`(?:entre|de|between|from)\\s+${NUMBER}\\s*(?:${UNIT})?\\s+(?:y|a|and|to)\\s+${NUMBER}\\s*${UNIT}`)
const BOUNDED = new RegExp(`(?:(${AT_LEAST})|(${AT_MOST}))\\s+(?:unos\\s+|about\\s+|around\\s+)?${NUMBER}\\s*\\+?\\s*${UNIT}`)
/** «120+ m2», «120 m2 o más»: the least size wanted; «de 120 m2», «unos 120 m2»: about that size. */
const PLAIN = new RegExp(`${NUMBER}\\s*(\\+?)\\s*${UNIT}(\\s+(?:o|or) (?:mas|more))?`)

function metres(numberText: string | undefined, unit: string | undefined): number | null {
  if (!numberText) return null
  const n = Number(numberText.replace(/,/g, ''))
  if (!Number.isFinite(n) || n <= 0) return null
  return /ft|f(?:ee|oo)t/.test(unit ?? '') ? Math.round(n / SQFT_PER_M2) : n
}

/** The size range a message asks for, or null when it names no size with a unit of area. */
export function parseArea(text: string): AreaRange | null {
  const range = RANGE.exec(text)
  if (range) {
    const low = metres(range[1], range[4] ?? range[2])
    const high = metres(range[3], range[4])
    if (low !== null && high !== null) {
      return { min: Math.min(low, high), max: Math.max(low, high), rest: text.replace(range[0], ' ') }
    }
  }
  const bounded = BOUNDED.exec(text)
  if (bounded) {
    const m2 = metres(bounded[3], bounded[4])
    if (m2 !== null) return { ...(bounded[1] ? { min: m2 } : { max: m2 }), rest: text.replace(bounded[0], ' ') }
  }
  const plain = PLAIN.exec(text)
  const m2 = metres(plain?.[1], plain?.[3])
  if (!plain || m2 === null) return null
  const rest = text.replace(plain[0], ' ')
  return plain[2] || plain[4] ? { min: m2, rest } : { ...aroundRange(m2), rest }
}
