// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { lockPageScroll, pageScrollLocked } from '../../src/widget/scroll-lock'

const html = () => document.documentElement
const overflow = (element: HTMLElement) => ['overflow-x', 'overflow-y'].map((name) => `${element.style.getPropertyValue(name)} ${element.style.getPropertyPriority(name)}`.trim())

describe('lockPageScroll', () => {
  beforeEach(() => {
    html().removeAttribute('style')
    document.body.removeAttribute('style')
  })

  it('hides overflow on <html> over any page rule, leaves <body> alone, then no style attribute behind', () => {
    const unlock = lockPageScroll(document)
    expect(overflow(html())).toEqual(['hidden important', 'hidden important'])
    expect(document.body.hasAttribute('style')).toBe(false)
    unlock()
    expect(html().hasAttribute('style')).toBe(false)
  })

  it("puts back the page's own inline values, priorities and other styles exactly", () => {
    html().setAttribute('style', 'overflow-y: scroll !important; color: red')
    const unlock = lockPageScroll(document)
    unlock()
    expect(overflow(html())).toEqual(['', 'scroll important'])
    expect(html().style.color).toBe('red')
    html().setAttribute('style', 'overflow: auto')
    lockPageScroll(document)()
    expect(html().style.overflow).toBe('auto')
  })

  it('keeps an empty style attribute the page had', () => {
    html().setAttribute('style', '')
    lockPageScroll(document)()
    expect(html().getAttribute('style')).toBe('')
  })

  it('knows when the lock is gone from <html> (a framework reset its styles) and when it holds', () => {
    html().setAttribute('style', 'overflow-y: hidden')
    expect(pageScrollLocked(document)).toBe(false)
    const unlock = lockPageScroll(document)
    expect(pageScrollLocked(document)).toBe(true)
    html().removeAttribute('style')
    expect(pageScrollLocked(document)).toBe(false)
    unlock()
  })
})
