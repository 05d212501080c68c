import { expect, it } from 'vitest'
import { deviceText } from '../../src/console/device-text'

it("names the widget's device codes as a Mexican agency says them, and keeps what it does not know", () => {
  expect(['mobile', 'tablet', 'desktop'].map(deviceText)).toEqual(['Celular', 'Tableta', 'Computadora'])
  expect(deviceText('Smart TV')).toBe('Smart TV')
  expect(deviceText(null)).toBeNull()
})
