import { describe, expect, it } from 'vitest'
import { blogPath, parsePropertyPath, propertyPath, propertySlugInText } from '../../src/domain/site-paths'

describe('site paths', () => {
  it('builds a property page and a post from their slugs', () => {
    expect(propertyPath('casa-en-huayacan')).toBe('/propiedad/casa-en-huayacan')
    expect(blogPath('comprar-en-cancun')).toBe('/blog/comprar-en-cancun')
  })

  it('reads a property page back, and nothing else', () => {
    expect(parsePropertyPath(propertyPath('casa-x-3'))).toBe('casa-x-3')
    expect(parsePropertyPath('/propiedad/casa-x?foto=2#mapa')).toBe('casa-x')
    expect(parsePropertyPath('/propiedad/Casa-X')).toBeNull()
    expect(parsePropertyPath('/propiedad/casa-x/fotos')).toBeNull()
    expect(parsePropertyPath('/blog/casa-x')).toBeNull()
  })

  it('finds the property a pasted link names', () => {
    expect(propertySlugInText('mira https://example.mx/propiedad/Casa-En-Huayacan?x=1')).toBe('casa-en-huayacan')
    expect(propertySlugInText('casa-en-huayacan')).toBeNull()
  })
})
