import { describe, expect, it } from 'vitest'
import { MAX_PAYLOAD_DEPTH, withinShape } from '../../src/server/chat/payload-shape'
import { errorLine, rateLimitedLog, untrusted } from '../../src/server/safe-log'

describe('untrusted values in log lines', () => {
  it('are one quoted token: a newline or a line separator cannot start a line', () => {
    expect(untrusted('abc\n[chat] forjada')).toBe('"abc\\n[chat] forjada"')
    expect(untrusted('a\u2028b\rc')).toBe('"a\\u2028b\\rc"')
    expect(untrusted('x'.repeat(500)).length).toBeLessThan(130)
    expect(errorLine(new RangeError('línea\notra'))).toBe('"RangeError: línea\\notra"')
  })
})

describe('rate-limited log', () => {
  it('writes 20 lines of a kind per 10 s, then says how many it left out', () => {
    let now = 0
    const lines: string[] = []
    const log = rateLimitedLog({ warn: (line) => lines.push(line), error: (line) => lines.push(line) }, () => now)
    for (let i = 0; i < 50; i++) log.warn('refused', `line ${i}`)
    log.error('other', 'another kind')
    expect(lines).toHaveLength(21)
    now = 10_000
    log.warn('refused', 'after the window')
    expect(lines.slice(21)).toEqual(['[log] 30 more "refused" lines were left out in 10 s', 'after the window'])
  })
})

describe('payload shape', () => {
  const deep = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown
  it('accepts the real payloads and refuses deep or huge ones without recursion', () => {
    expect(withinShape({ idClient: 'x', clientLocation: { latitude: null }, utms: { utm_obj: { zones: ['a'] } } })).toBe(true)
    expect(withinShape(deep(MAX_PAYLOAD_DEPTH))).toBe(true)
    expect(withinShape(deep(MAX_PAYLOAD_DEPTH + 1))).toBe(false)
    expect(withinShape(deep(200_000))).toBe(false) // would overflow any recursive walk
    expect(withinShape({ many: Array.from({ length: 5000 }, () => 1) })).toBe(false)
    expect(withinShape('texto')).toBe(true)
  })
})
