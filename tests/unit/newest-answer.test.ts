import { describe, expect, it } from 'vitest'
import { newestOnly } from '../../src/console/newest-answer'

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

describe('a list screen shows the answer to its newest request only', () => {
  it('ignores the whole list asked first when it lands after the filtered one', async () => {
    const newest = newestOnly()
    const shown: string[] = []
    void newest(later(40, 'all 5 leads')).then((list) => shown.push(list))
    const filtered = newest(later(5, '2 leads of the search')).then((list) => shown.push(list))
    await filtered
    await later(60, null)
    expect(shown).toEqual(['2 leads of the search'])
  })

  it('passes on the newest request\'s failure, not an older one\'s', async () => {
    const newest = newestOnly()
    const failures: string[] = []
    void newest(later(5, null).then(() => Promise.reject(new Error('old')))).catch((e: Error) => failures.push(e.message))
    await newest(later(20, null).then(() => Promise.reject(new Error('new')))).catch((e: Error) => failures.push(e.message))
    expect(failures).toEqual(['new'])
  })
})
