/**
 * The first-run setup (issue 33, docs/agency.md#first-run): a fresh database has no console
 * account, and instead of printing a generated password the server keeps a one-time setup code
 * (printed as a link by `npm start`) and the console opens a short wizard: the agency, its
 * contact, its hours and a closure, the first admin, and whether the demo catalogue stays.
 * Everything is stored in one transaction, or nothing; once an account exists the wizard is gone.
 *
 * Why a code and not «whoever comes first»: a server reachable from a network would let a stranger
 * who finds it before its owner claim it (the first admin can do everything). A link printed where
 * only the person starting the server sees it is the usual answer (Jenkins, Grafana's first login).
 *
 * For automated installs the same answers come from the environment (`setupFromEnvironment`):
 * CONSOLE_ADMIN_EMAIL and CONSOLE_ADMIN_PASSWORD, AGENCY_* and DEMO_CATALOGUE (.env.example).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { isValidEmail } from '../../domain/email'
import type { AgencyProfile, Closure } from '../../shared/agency'
import { agencyProfileSchema } from '../../shared/agency-profile'
import type { Hours } from '../../shared/office-hours'
import type { AgencyWrites, Storage } from '../storage'
import type { ConsoleAccount } from '../../protocol/console'
import { SettingError } from '../setting-error'
import { environmentAnswers } from './first-run-environment'
import { hashPassword, passwordProblem, type PasswordCost } from './passwords'

/** The setup code's length in bytes (base64url: 16 characters), as long as a generated password. */
const CODE_BYTES = 12

const required = (what: string, max = 120) => z.string(`Escribe ${what}.`).trim().min(1, `Escribe ${what}.`).max(max, `${capital(what)}: ${max} caracteres como máximo.`)
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The profile's own checks (src/shared/agency-profile.ts): the wizard asks a few of its fields. */
const PROFILE = agencyProfileSchema.shape
const ADDRESS = PROFILE.address.shape

export const setupSchema = z.object({
  code: z.string().max(100),
  agency: z.object({
    name: PROFILE.name,
    phone: PROFILE.phone,
    /** Empty: the phone is also the WhatsApp line. */
    whatsapp: z.union([z.literal(''), PROFILE.whatsapp]).default(''),
    email: PROFILE.email,
    street: ADDRESS.street,
    locality: ADDRESS.locality,
    region: ADDRESS.region,
    /** Empty: not known yet. */
    postalCode: z.union([z.literal(''), ADDRESS.postalCode]).default(''),
  }),
  hours: PROFILE.hours.refine((days) => days.some(Boolean), 'Indica al menos un día abierto.'),
  closures: PROFILE.closures.default([]),
  admin: z.object({
    name: required('tu nombre', 80),
    email: required('tu correo', 200).refine(isValidEmail, 'Escribe un correo válido, por ejemplo laura@agencia.mx.'),
    password: z.string().max(500).superRefine((password, ctx) => {
      const problem = passwordProblem(password)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  }),
  demo: z.enum(['keep', 'remove'], 'Elige si conservas o quitas las propiedades de demostración.'),
})
export type SetupInput = z.output<typeof setupSchema>

/** The footer's line while demo listings stay: the agency is real, the listings are not. */
export const DEMO_LISTINGS_NOTICE = 'Propiedades de demostración: los anuncios, sus precios e imágenes son ficticios.'

/** The profile the answers make, over what the database had (colours, social links… stay until edited). */
export function profileFrom(before: AgencyProfile, input: Pick<SetupInput, 'agency' | 'hours' | 'closures' | 'demo'>): AgencyProfile {
  const { agency } = input
  return {
    ...before,
    name: agency.name,
    phone: agency.phone,
    whatsapp: agency.whatsapp || agency.phone,
    email: agency.email,
    // One address for every message until the agency names another in its profile.
    privacyEmail: agency.email,
    address: { ...before.address, street: agency.street, locality: agency.locality, region: agency.region, postalCode: agency.postalCode, lat: null, lng: null },
    // A new agency's own social links are not the demo's.
    social: [],
    hours: input.hours as Array<Hours | null>,
    closures: input.closures as Closure[],
    notice: input.demo === 'keep' ? DEMO_LISTINGS_NOTICE : null,
  }
}

export type SetupResult = { ok: true; account: ConsoleAccount } | { ok: false; status: 403 | 409; error: string }

export const SETUP_ERRORS = {
  done: 'La configuración inicial ya se hizo: inicia sesión.',
  code: 'El código de configuración no es correcto: usa el enlace que mostró el servidor al iniciar.',
} as const

/** Everything the answers change, in one transaction: the admin, the profile, the demo's listings and team. */
async function store({ accounts, agency }: AgencyWrites, answers: Pick<SetupInput, 'agency' | 'hours' | 'closures' | 'demo'> | null, admin: SetupInput['admin'], passwordHash: string): Promise<ConsoleAccount | null> {
  // Another setup finished first (two tabs, two people): this one changes nothing.
  if ((await accounts.count()) > 0) return null
  const account = await accounts.insert({ email: admin.email, name: admin.name, role: 'admin', passwordHash })
  if (!account) return null
  if (answers) {
    const profile = await agency.document<AgencyProfile>('profile')
    await agency.save('profile', profileFrom(profile.body, answers), { revision: profile.revision, by: admin.email })
    if (answers.demo === 'remove') {
      const team = await agency.document('team')
      await agency.save('team', [], { revision: team.revision, by: admin.email })
      await agency.removeDemoListings()
    }
  }
  await agency.forgetSetupCode()
  return account
}

export interface FirstRun {
  /** Whether the wizard is open: no console account yet. */
  pending(): Promise<boolean>
  /** The code `npm start` prints while the wizard is open (kept in the database: every process and restart shows the same). */
  code(): Promise<string | null>
  complete(input: SetupInput): Promise<SetupResult>
}

export function firstRun(storage: Storage, options: { passwordCost?: PasswordCost; changed: () => Promise<void> }): FirstRun {
  const pending = async () => (await storage.accounts.count()) === 0
  return {
    pending,
    async code() {
      if (!(await pending())) return null
      return storage.agency.setupCode(randomBytes(CODE_BYTES).toString('base64url'))
    },
    async complete(input) {
      if (!(await pending())) return { ok: false, status: 409, error: SETUP_ERRORS.done }
      const expected = await storage.agency.setupCode(null)
      if (!expected || !sameCode(expected, input.code)) return { ok: false, status: 403, error: SETUP_ERRORS.code }
      // Hashed before the transaction: a transaction on the embedded database holds back every other request.
      const passwordHash = await hashPassword(input.admin.password, options.passwordCost)
      const account = await storage.agencyTransaction((tx) => store(tx, input, input.admin, passwordHash))
      if (!account) return { ok: false, status: 409, error: SETUP_ERRORS.done }
      // The site, the widget and the agent show the new agency (the live catalogue's reload). What
      // was stored stays stored if that fails: the person is signed in, the poll retries the reload.
      await options.changed().catch((error: unknown) => console.error('[first-run] the site did not reload:', error))
      return { ok: true, account }
    },
  }
}

/**
 * An automated install (no wizard): on a fresh database, the admin from CONSOLE_ADMIN_EMAIL and
 * CONSOLE_ADMIN_PASSWORD and, with AGENCY_NAME set, the agency from the AGENCY_* variables
 * (./first-run-environment.ts), checked as the wizard checks them: a bad value stops the start
 * with its Spanish message. Returns the admin made, or null (accounts exist, or no admin is set).
 */
export async function installFromEnvironment(
  storage: Storage,
  settings: { email?: string; password?: string; env: Record<string, string | undefined> },
  passwordCost?: PasswordCost,
): Promise<{ email: string } | null> {
  if (!settings.email || !settings.password || (await storage.accounts.count()) > 0) return null
  const answers = environmentAnswers(settings.env)
  const admin = { name: 'Administrador', email: settings.email, password: settings.password }
  const parsed = setupSchema.omit({ code: true }).partial({ agency: true, hours: true, closures: true, demo: true }).safeParse({ ...answers, admin })
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw new SettingError(`${issue?.path[0] === 'admin' ? 'CONSOLE_ADMIN_EMAIL / CONSOLE_ADMIN_PASSWORD' : 'AGENCY_*'}: ${issue?.message}`)
  }
  const passwordHash = await hashPassword(admin.password, passwordCost)
  const { agency, hours, closures, demo } = parsed.data
  const account = await storage.agencyTransaction((tx) => store(tx, agency && hours && closures && demo ? { ...parsed.data, agency, hours, closures, demo } : null, parsed.data.admin, passwordHash))
  // Another process made the first admin at the same moment: that one is the first admin.
  return account ? { email: account.email } : null
}

function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given.trim())
  return a.length === b.length && timingSafeEqual(a, b)
}
