import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { EMAIL_PATTERN, emailKey, isValidEmail } from '../../src/domain/email'
import { isValidEmail as agentReads } from '../../src/server/chat/agent/contact'

const VALID = ['ana@correo.mx', 'ana.lopez+casa@sub.dominio.com', ' Ana@Correo.MX ', "o'brien@mail.com"]
const INVALID = ['ana', 'ana@', '@correo.mx', 'ana@correo', 'ana..lopez@correo.mx', '.ana@correo.mx', 'ana@-correo.mx', 'ana@correo.m', 'ana lopez@correo.mx']

describe('the e-mail rule', () => {
  it('is zod\'s own pattern, so the form and the server never disagree', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source)
  })

  it.each(VALID)('takes %j, in the form and in the chat alike', (email) => {
    expect(isValidEmail(email)).toBe(true)
    expect(agentReads(email)).toBe(true)
  })

  it.each(INVALID)('refuses %j, in the form and in the chat alike', (email) => {
    expect(isValidEmail(email)).toBe(false)
    expect(agentReads(email)).toBe(false)
  })

  it('compares addresses trimmed and in lower case', () => {
    expect(emailKey(' Ana@Correo.MX ')).toBe('ana@correo.mx')
  })
})
