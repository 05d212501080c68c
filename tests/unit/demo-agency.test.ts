// Who the demo agency is lives in its seed (content/agency.json) and nowhere in src/: an agency
// that installs the product is itself without changing code (issue 33, docs/agency.md).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { phoneDigits } from '../../src/domain/phone-shape'
import { readAgency } from '../support/catalogue'

const SRC = 'src'
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })

/** Every way the demo agency's facts could be written: its name, its phones in the usual shapes, its e-mails and their domain, its advisors. */
function demoFacts() {
  const { profile, team } = readAgency()
  const national = (e164: string) => phoneDigits(e164).slice(-10)
  const spaced = (digits: string) => `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
  const phones = [profile.phone, profile.whatsapp].flatMap((e164) => [national(e164), spaced(national(e164)), phoneDigits(e164)])
  const domain = profile.email.split('@')[1]!
  return [profile.name, ...new Set(phones), profile.email, profile.privacyEmail, domain, ...team.map((member) => member.name)]
}

describe('the demo agency', () => {
  it('is named nowhere in src/ (name, phone, e-mail, advisors): only in its seed', () => {
    const facts = demoFacts()
    expect(facts).toContain('Cancún Propiedades') // the oracle reads the real seed
    const found = files(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return facts.filter((fact) => text.includes(fact)).map((fact) => `${file}: ${fact}`)
    })
    expect(found).toEqual([])
  })
})
