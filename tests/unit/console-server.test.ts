import { describe, expect, it } from 'vitest'
import { newPresence, withAttribution, withMetrics, withPage, withTyping, latestTab } from '../../src/server/console/presence'
import { hashPassword, verifyPassword } from '../../src/server/console/passwords'
import { sessionCookie, tokenFromCookies, newSessionToken } from '../../src/server/console/sessions'
import { sameOrigin } from '../../src/server/console/origin'
import { sqlStatements } from '../../src/server/storage/migrations'
import { TEST_PASSWORD_COST } from '../support/server'

describe('console passwords', () => {
  it('verifies the password a hash was made from, and no other', async () => {
    const hash = await hashPassword('una-clave-larga', TEST_PASSWORD_COST)
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await verifyPassword('una-clave-larga', hash)).toBe(true)
    expect(await verifyPassword('una-clave-larg', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })
  it('salts each hash: the same password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPassword('misma-clave-123', TEST_PASSWORD_COST), hashPassword('misma-clave-123', TEST_PASSWORD_COST)])
    expect(a).not.toBe(b)
    expect(await verifyPassword('misma-clave-123', b)).toBe(true)
  })
  it('refuses malformed hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$abc$def', 'bcrypt$10$8$1$abc$def']) expect(await verifyPassword('x', stored)).toBe(false)
  })
})

describe('console session cookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to /consola, Secure only over https', () => {
    const token = newSessionToken()
    const cookie = sessionCookie(token, false)
    expect(cookie).toContain(`consola_sesion=${token}`)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/consola')
    expect(cookie).not.toContain('Secure')
    expect(sessionCookie(token, true)).toContain('Secure')
    expect(sessionCookie(null, false)).toContain('Max-Age=0')
  })
  it('reads the token back from a Cookie header, ignoring other cookies and junk', () => {
    const token = newSessionToken()
    expect(tokenFromCookies(`a=1; consola_sesion=${token}; b=2`)).toBe(token)
    expect(tokenFromCookies('consola_sesion=<script>')).toBeNull()
    expect(tokenFromCookies('otra=1')).toBeNull()
    expect(tokenFromCookies(undefined)).toBeNull()
  })
})

describe('console origin check', () => {
  it('accepts the server itself and PUBLIC_URL, nothing else', () => {
    expect(sameOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', undefined)).toBe(true)
    expect(sameOrigin('https://agencia.mx', 'interno:3000', 'https://agencia.mx')).toBe(true)
    expect(sameOrigin('https://evil.example', '127.0.0.1:3000', 'https://agencia.mx')).toBe(false)
    expect(sameOrigin(undefined, '127.0.0.1:3000', undefined)).toBe(false)
    expect(sameOrigin('null', '127.0.0.1:3000', undefined)).toBe(false)
  })
})

describe('live visitor presence', () => {
  it('folds page views, attribution, session info and typing', () => {
    let p = newPresence('v1', '2026-01-01T10:00:00.000Z')
    p = withPage(p, '/propiedad/casa', '2026-01-01T10:00:01.000Z')
    p = withPage(p, '/propiedad/casa', '2026-01-01T10:00:05.000Z') // the same page again: not a new view
    p = withPage(p, '/contacto', '2026-01-01T10:00:09.000Z')
    p = withAttribution(p, { utm_source: 'facebook', utm_campaign: 'verano', referrer: 'https://google.com/' })
    p = withMetrics(p, { deviceType: 'mobile', browser: 'Chrome', clientLocation: { city: 'Cancún', country: 'Unknown' } })
    p = withTyping(p, true)
    expect(p).toMatchObject({
      page: '/contacto',
      pageSince: '2026-01-01T10:00:09.000Z',
      pagesSeen: 2,
      source: 'facebook',
      campaign: 'verano',
      device: 'mobile',
      browser: 'Chrome',
      city: 'Cancún',
      country: null,
      typing: true,
      chatOpen: true,
    })
    expect(withAttribution(newPresence('v', 'x'), { referrer: 'https://www.google.com/search' }).source).toBe('www.google.com')
  })
  it('shows the tab the visitor used last', () => {
    const older = withPage(newPresence('v', '2026-01-01T10:00:00.000Z'), '/a', '2026-01-01T10:00:00.000Z')
    const newer = withPage(newPresence('v', '2026-01-01T10:00:00.000Z'), '/b', '2026-01-01T10:05:00.000Z')
    expect(latestTab([older, newer])?.page).toBe('/b')
  })
})

describe('migration statements', () => {
  it('splits at semicolons outside function bodies', () => {
    const sql = `CREATE TABLE a (x int);
      CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE a SET x = 1; RETURN NEW; END $$;
      CREATE INDEX i ON a (x)`
    const statements = sqlStatements(sql)
    expect(statements).toHaveLength(3)
    expect(statements[1]).toContain('UPDATE a SET x = 1; RETURN NEW;')
  })
})
