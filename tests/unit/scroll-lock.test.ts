// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { lockPageScroll } from '../../src/widget/scroll-lock'

const html = () => document.documentElement
const body = () => document.body
const overflow = (element: HTMLElement) => ['overflow-x', 'overflow-y'].map((name) => `${element.style.getPropertyValue(name)} ${element.style.getPropertyPriority(name)}`.trim())

describe('lockPageScroll', () => {
  beforeEach(() => {
    html().removeAttribute('style')
    body().removeAttribute('style')
  })

  it('hides overflow on <html> and <body> over any page rule, then leaves no style attribute behind', () => {
    const unlock = lockPageScroll(document)
    expect(overflow(html())).toEqual(['hidden important', 'hidden important'])
    expect(overflow(body())).toEqual(['hidden important', 'hidden important'])
    unlock()
    expect(html().hasAttribute('style')).toBe(false)
    expect(body().hasAttribute('style')).toBe(false)
  })

  it("puts back the page's own inline values, priorities and other styles exactly", () => {
    html().setAttribute('style', 'overflow-y: scroll !important; color: red')
    body().setAttribute('style', 'overflow: auto; margin: 0px')
    const before = [overflow(html()), overflow(body())]
    const unlock = lockPageScroll(document)
    unlock()
    expect([html().style.color, body().style.margin]).toEqual(['red', '0px'])
    expect([overflow(html()), overflow(body())]).toEqual(before)
    expect(overflow(html())).toEqual(['', 'scroll important'])
    expect(body().style.overflow).toBe('auto')
  })

  it('keeps an empty style attribute the page had', () => {
    body().setAttribute('style', '')
    lockPageScroll(document)()
    expect(body().getAttribute('style')).toBe('')
  })
})
