/**
 * Small Spanish text helpers for the catalogue generator: slugs, numbers in words, lists,
 * template filling and a minimal front-matter reader for the blog sources.
 */

/** "Casa en Huayacán, 3 recámaras" -> "casa-en-huayacan-3-recamaras" (lower-case ASCII kebab). */
export function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const NUMBER = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 })
/** 1250 -> "1,250"; 92.5 -> "92.5" (es-MX grouping). */
export const formatNumber = (n) => NUMBER.format(n)

const WORDS = ['cero', 'una', 'dos', 'tres', 'cuatro', 'cinco', 'seis']
/** Small counts in words (feminine: "una", "dos"...), for "casa de dos niveles". */
export const numberWord = (n) => WORDS[n] ?? String(n)

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']
/** "2027-06" -> "junio de 2027". */
export function monthYear(yyyyMm) {
  const [year, month] = yyyyMm.split('-').map(Number)
  return `${MONTHS[month - 1]} de ${year}`
}

/** ["a", "b", "c"] -> "a, b y c". */
export function listJoin(items) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`
}

export const bedroomsText = (n) => (n === 1 ? '1 recámara' : `${n} recámaras`)

/** 2.5 -> "2 baños completos y medio baño"; 1 -> "1 baño completo". */
export function bathroomsText(n) {
  const full = Math.floor(n)
  const half = n - full >= 0.5
  const fullText = full === 1 ? '1 baño completo' : `${full} baños completos`
  if (full === 0) return half ? 'medio baño' : 'sin baño'
  return half ? `${fullText} y medio baño` : fullText
}

/** Replace {name} placeholders; throws on a placeholder with no value, so no "{x}" leaks out. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    const value = values[key]
    if (value === undefined || value === null) throw new Error(`No value for {${key}} in "${template}"`)
    return String(value)
  })
}

/** Templates are strings or { t, when, unless }; keep those whose conditions hold for `flags`. */
export function eligible(templates, flags) {
  return templates
    .map((tpl) => (typeof tpl === 'string' ? { t: tpl } : tpl))
    .filter((tpl) => (tpl.when ?? []).every((f) => flags.has(f)) && !(tpl.unless ?? []).some((f) => flags.has(f)))
    .map((tpl) => tpl.t)
}

/**
 * A markdown file with a front matter block of `key: value` lines between two `---` lines.
 * Values stay strings except `tags`, which is a comma-separated list.
 */
export function parseFrontMatter(source, file) {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source)
  if (!match) throw new Error(`${file}: missing front matter`)
  const meta = {}
  for (const line of match[1].split('\n')) {
    if (!line.trim()) continue
    const i = line.indexOf(':')
    if (i < 0) throw new Error(`${file}: bad front matter line "${line}"`)
    meta[line.slice(0, i).trim()] = line.slice(i + 1).trim()
  }
  if (meta.tags) meta.tags = meta.tags.split(',').map((t) => t.trim()).filter(Boolean)
  return { meta, body: match[2].trim() }
}

/** Words in a markdown-light body (for the length check of the blog posts). */
export const wordCount = (text) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
