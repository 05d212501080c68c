import { describe, expect, it } from 'vitest'
import { pageText } from '../../src/console/page-text'

describe('pageText', () => {
  it("leaves out the campaign's parameters and keeps the rest of the query", () => {
    expect(pageText('/?utm_source=facebook&utm_campaign=verano')).toBe('/')
    expect(pageText('/venta-cancun?recamaras=2&gclid=abc&fbclid=x#fotos')).toBe('/venta-cancun?recamaras=2#fotos')
    expect(pageText('/propiedad/casa-sol')).toBe('/propiedad/casa-sol')
  })
  it('shows what is no path as it is, and nothing as nothing', () => {
    expect(pageText('https://otro.mx/?utm_source=x')).toBe('https://otro.mx/?utm_source=x')
    expect(pageText(null)).toBeNull()
  })
})
