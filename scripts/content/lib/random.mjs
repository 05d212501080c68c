/**
 * Seeded pseudo-random numbers, so that `generate.mjs` writes byte-identical output on every run.
 * mulberry32 for the stream, a string hash (FNV-1a) to derive independent seeds from names.
 */

/** FNV-1a 32-bit hash of a string; used to derive one seed per image or listing. */
export function hashString(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** A random source with the few helpers the generator needs. */
export function createRandom(seed) {
  let state = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const rnd = {
    /** Uniform in [0, 1). */
    next,
    /** Uniform float in [min, max). */
    float: (min, max) => min + (max - min) * next(),
    /** Uniform integer in [min, max] (both inclusive). */
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    /** True with probability p. */
    chance: (p) => next() < p,
    /** One element of a non-empty array. */
    pick: (items) => items[Math.floor(next() * items.length)],
    /** n distinct elements of an array, in random order. */
    sample: (items, n) => rnd.shuffle(items).slice(0, Math.min(n, items.length)),
    /** A shuffled copy (Fisher–Yates). */
    shuffle: (items) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j], copy[i]]
      }
      return copy
    },
    /** A child stream seeded from this one and a label, so adding draws elsewhere does not shift it. */
    fork: (label) => createRandom((hashString(label) ^ Math.floor(next() * 4294967296)) >>> 0),
  }
  return rnd
}
