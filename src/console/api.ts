/** The console's JSON API (/consola/api): same origin, the session cookie goes with every request. */
import type { FirstRunAnswers } from '../protocol/first-run'
import { CONSOLE_API_PATH, type Availability, type ConsoleAccount, type ConversationDetail, type InboxFilter, type InboxPage, type PropertyPick, type WeekHours } from '../protocol/console'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field -> Spanish message, when the server checked a form. */
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

/** What a form refuses before asking the server, said in Spanish (useSubmit shows it at the form). */
export class FormError extends Error {}

/** A failure as the console says it: the server's or the form's Spanish reason, else a Spanish fallback (a network error speaks the browser's language). */
export const errorText = (failure: unknown): string =>
  failure instanceof ApiError || failure instanceof FormError ? failure.message : 'No pudimos completar la solicitud. Revisa tu conexión e intenta de nuevo.'

export async function request<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${CONSOLE_API_PATH}${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body !== undefined ? { 'Content-Type': 'application/json' } : {},
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })
  const data = (await response.json().catch(() => ({}))) as { error?: { message?: string; fields?: Record<string, string> } }
  if (!response.ok) throw new ApiError(response.status, data.error?.message ?? 'No pudimos completar la solicitud.', data.error?.fields)
  return data as T
}

export const api = {
  me: () => request<{ account: ConsoleAccount }>('/me'),
  signIn: (email: string, password: string) => request<{ account: ConsoleAccount }>('/session', { method: 'POST', body: { email, password } }),
  signOut: () => request('/session', { method: 'DELETE' }),
  /** Whether the first-run wizard is open (no account yet). */
  setup: () => request<{ pending: boolean }>('/setup'),
  completeSetup: (answers: FirstRunAnswers) => request<{ account: ConsoleAccount }>('/setup', { method: 'POST', body: answers }),
  inbox: (filter: InboxFilter, q: string, before?: string) =>
    request<InboxPage>(`/inbox?${new URLSearchParams({ filter, ...(q ? { q } : {}), ...(before ? { before } : {}) })}`),
  conversation: (visitorId: string) => request<ConversationDetail>(`/conversations/${encodeURIComponent(visitorId)}`),
  properties: (q: string) => request<{ items: PropertyPick[] }>(`/properties?${new URLSearchParams({ q })}`),
  accounts: () => request<{ items: ConsoleAccount[] }>('/accounts'),
  addAccount: (account: { email: string; name: string; role: string; password: string }) => request<{ account: ConsoleAccount }>('/accounts', { method: 'POST', body: account }),
  resetPassword: (id: string) => request<{ password: string }>(`/accounts/${encodeURIComponent(id)}/password`, { method: 'POST' }),
  changePassword: (current: string, password: string) => request('/me/password', { method: 'PUT', body: { current, password } }),
  /** One's own displayed name and photo («Mi cuenta»; protocol/accounts.ts checks them first). */
  saveProfile: (profile: { name: string; photo: string | null }) => request<{ account: ConsoleAccount }>('/me', { method: 'PUT', body: profile }),
  /** Another account's displayed name («Cuentas», admins). */
  renameAccount: (id: string, name: string) => request<{ account: ConsoleAccount }>(`/accounts/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } }),
  /** An adviser's permission to publish in «Catálogo» (admins always may). */
  setCanPublish: (id: string, canPublish: boolean) => request<{ account: ConsoleAccount }>(`/accounts/${encodeURIComponent(id)}`, { method: 'PUT', body: { canPublish } }),
  removeAccount: (id: string) => request(`/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** One's status in the header (docs/console.md#routing). */
  setAvailability: (availability: Availability) => request<{ account: ConsoleAccount }>('/me/availability', { method: 'PUT', body: { availability } }),
  /** Duty hours (null: the agency's office hours): one's own, or another person's (admins). */
  setDutyHours: (dutyHours: WeekHours | null, id?: string) =>
    request<{ account: ConsoleAccount }>(id ? `/accounts/${encodeURIComponent(id)}/duty-hours` : '/me/duty-hours', { method: 'PUT', body: { dutyHours } }),
}
