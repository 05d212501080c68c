/**
 * The first-run wizard's answers, as the console sends them to POST /consola/api/setup
 * (src/server/console/first-run.ts checks them): strings as typed, hours in minutes from midnight
 * by weekday from Sunday (null: closed), closures as agency dates.
 */
export interface FirstRunAnswers {
  code: string
  agency: { name: string; phone: string; whatsapp: string; email: string; street: string; locality: string; region: string; postalCode: string }
  hours: Array<[number, number] | null>
  closures: Array<{ from: string; to: string; label: string }>
  admin: { name: string; email: string; password: string }
  demo: 'keep' | 'remove' | ''
}
