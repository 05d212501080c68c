import { describe, expect, it } from 'vitest'
import { readConfig } from '../../src/server/config'

/** The address budgets of issue 30 are read from the environment under these exact names (docs/operations.md, .env.example). */
describe('chat address budget settings', () => {
  it('reads the new-visitor and stored-bytes budgets, and leaves them to the defaults when unset', () => {
    expect(readConfig({ CHAT_NEW_VISITORS_PER_ADDRESS_PER_HOUR: '120', CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE: '32768' }).chatLimits).toEqual({
      newVisitorsPerAddressPerHour: 120,
      storedBytesPerAddressPerMinute: 32768,
    })
    expect(readConfig({}).chatLimits).toEqual({})
  })

  it('stops the server naming the variable for a value that is no positive number', () => {
    expect(() => readConfig({ CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE: 'mucho' })).toThrow(/CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE must be a positive number/)
  })
})
