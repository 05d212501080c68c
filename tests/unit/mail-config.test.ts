// SMTP_URL and MAIL_FROM (docs/operations.md#environment, docs/email.md): unset, the e-mails wait
// in the outbox; a value that cannot work stops the server with one line naming the variable,
// never repeating an SMTP_URL that may hold a password.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readConfig } from '../../src/server/config'
import { SettingError } from '../../src/server/setting-error'
import { describeSendFailure } from '../../src/server/mail/transport'

describe('mail settings', () => {
  it('are unset by default and in .env.example', () => {
    expect(readConfig({}).mail).toEqual({ smtpUrl: undefined, from: undefined })
    const example = Object.fromEntries([...readFileSync('.env.example', 'utf8').matchAll(/^(SMTP_URL|MAIL_FROM)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]))
    expect(Object.keys(example)).toEqual(['SMTP_URL', 'MAIL_FROM'])
    expect(readConfig(example).mail).toEqual(readConfig({}).mail)
  })

  it('take an smtp:// or smtps:// URL and a sender, bare or with a name', () => {
    expect(readConfig({ SMTP_URL: 'smtps://hola%40agencia.mx:se%2Fcreta@smtp.agencia.mx:465', MAIL_FROM: 'Agencia <hola@agencia.mx>' }).mail).toEqual({
      smtpUrl: 'smtps://hola%40agencia.mx:se%2Fcreta@smtp.agencia.mx:465',
      from: 'Agencia <hola@agencia.mx>',
    })
    expect(readConfig({ MAIL_FROM: 'hola@agencia.mx' }).mail.from).toBe('hola@agencia.mx')
  })

  it('refuse what cannot work, naming the variable and never printing the password', () => {
    expect(() => readConfig({ SMTP_URL: 'http://smtp.agencia.mx' })).toThrow(SettingError)
    expect(() => readConfig({ SMTP_URL: 'http://smtp.agencia.mx' })).toThrow(/^SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
    expect(() => readConfig({ SMTP_URL: 'smtp://usuario:secreta@[smtp.agencia.mx' })).toThrow(/^SMTP_URL must be a URL/)
    expect(() => readConfig({ SMTP_URL: 'smtp://usuario:secreta@[smtp.agencia.mx' })).not.toThrow(/secreta/)
    expect(() => readConfig({ MAIL_FROM: 'Agencia' })).toThrow(/^MAIL_FROM must be an e-mail address/)
  })
})

describe('a failed send, as the console says it', () => {
  it('tells a server that cannot be reached, a refused login, a refused recipient and a busy server apart', () => {
    expect(describeSendFailure({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toEqual({
      message: 'No se pudo conectar con el servidor de correo (SMTP_URL) (connect ECONNREFUSED 127.0.0.1:2525).',
      permanent: false,
    })
    expect(describeSendFailure({ code: 'EAUTH', responseCode: 535, response: '535 Authentication failed' }).message).toBe(
      'El servidor de correo no aceptó el usuario o la contraseña de SMTP_URL (535 Authentication failed).',
    )
    expect(describeSendFailure({ code: 'EENVELOPE', responseCode: 550, response: '550 No such user' })).toEqual({
      message: 'El servidor de correo rechazó este mensaje o su destinatario (550 No such user).',
      permanent: true,
    })
    expect(describeSendFailure({ code: 'EENVELOPE', responseCode: 451, response: '451 Try later' })).toMatchObject({ permanent: false })
  })
})
