import { expect, it } from 'vitest'
import { ACCOUNT_LIMITS } from '../../src/protocol/console'
import { LEAD_FILTER_LIMITS, MAX_NOTE_LENGTH, VISIT_LIMITS, type LeadDetail } from '../../src/protocol/crm'
import { RANGE_REVERSED } from '../../src/protocol/numbers'
import { visitHoursOf, visitHoursText } from '../../src/shared/office-hours'
import { readAgency } from '../support/catalogue'

const VISIT_HOURS_TEXT = visitHoursText(visitHoursOf(readAgency().profile.hours))
import { addAdviser, consoleFetch, signIn } from '../support/console'
import { CONSOLE_VIEWPORTS, consoleSuite, signInToConsole } from './console-page'
import { SESSION_ENDED } from '../../src/console/screens/SignIn'
import { isolatedContext, watchPage } from './harness'

// The console's forms as a hurried person uses them: a double click sends once, and a field stops
// where the server's limit is instead of letting a long text be typed and refused.

const suite = consoleSuite()

/** A visitor's conversation with their first message, open in the console of a signed-in agent. */
async function openConversation(visitorId: string, content: string, options?: Parameters<typeof isolatedContext>[1]) {
  const { server, browser } = suite
  await server.storage.chat.append(visitorId, { role: 'user', content })
  const context = await isolatedContext(browser, options)
  const agent = await context.newPage()
  const errors = watchPage(agent)
  await signInToConsole(agent, server.url)
  await agent.goto(`${server.url}/consola#/conversaciones/${visitorId}`)
  return { server, context, agent, errors }
}

it('a double click on «Guardar nota» stores the note once, and the note stops at its limit', async () => {
  const { server, browser } = suite
  const lead = await server.storage.leads.insert({ name: 'Rosa Doble', email: null, phone: '9981112233', message: 'Busco casa', source: 'contacto', propertySlug: null, attribution: null })
  const context = await isolatedContext(browser)
  const agent = await context.newPage()
  const errors = watchPage(agent)
  await signInToConsole(agent, server.url)
  await agent.goto(`${server.url}/consola#/prospectos/${lead.id}`)
  const note = agent.getByLabel('Nueva nota (solo la ve el equipo)')
  await note.fill('Llamar el lunes por la mañana')
  await agent.getByRole('button', { name: 'Guardar nota' }).dblclick()
  await agent.locator('.notes li', { hasText: 'Llamar el lunes' }).first().waitFor()
  await expect.poll(() => note.inputValue()).toBe('')
  const cookie = await signIn(server.url)
  const { notes } = (await (await consoleFetch(server.url, `/leads/${lead.id}`, { cookie })).json()) as LeadDetail
  expect(notes.map((n) => n.body)).toEqual(['Llamar el lunes por la mañana'])
  expect(await agent.locator('.notes li').count()).toBe(1)

  await note.fill('x'.repeat(MAX_NOTE_LENGTH + 50))
  expect((await note.inputValue()).length).toBe(MAX_NOTE_LENGTH)
  expect(errors.errors).toEqual([])
  await context.close()
})

it('a double click on «Crear cuenta» makes the account once and says so, without «Ya existe»; the name stops at its limit; «Eliminar» asks first', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser)
  const admin = await context.newPage()
  const errors = watchPage(admin)
  await signInToConsole(admin, server.url)
  await admin.goto(`${server.url}/consola#/cuentas`)
  const form = admin.locator('form.account-form')
  await form.getByLabel('Nombre').fill('x'.repeat(ACCOUNT_LIMITS.name + 20))
  expect((await form.getByLabel('Nombre').inputValue()).length).toBe(ACCOUNT_LIMITS.name)
  await form.getByLabel('Nombre').fill('Ana López')
  await form.getByLabel('Correo').fill('ana.doble@pruebas.mx')
  await form.getByLabel(/Contraseña/).fill('clave-de-ana-123')
  await form.getByRole('button', { name: 'Crear cuenta' }).dblclick()
  await admin.getByRole('status').filter({ hasText: 'Ana López (Asesor) ya puede entrar con ana.doble@pruebas.mx' }).waitFor()
  await admin.locator('.account-list li', { hasText: 'ana.doble@pruebas.mx' }).waitFor()
  expect(await form.getByRole('alert').count()).toBe(0)
  expect((await server.storage.accounts.list()).filter((a) => a.email === 'ana.doble@pruebas.mx')).toHaveLength(1)

  // «Eliminar» asks first, naming the person; «Cancelar» (focused first) keeps the account.
  const row = admin.locator('.account-list li', { hasText: 'ana.doble@pruebas.mx' })
  await row.getByRole('button', { name: /Eliminar/ }).click()
  const confirm = admin.getByRole('dialog', { name: '¿Eliminar la cuenta de Ana López?' })
  await confirm.waitFor()
  expect(await confirm.getByRole('button', { name: 'Cancelar' }).evaluate((button) => button === document.activeElement)).toBe(true)
  await confirm.getByRole('button', { name: 'Cancelar' }).click()
  expect((await server.storage.accounts.list()).some((a) => a.email === 'ana.doble@pruebas.mx')).toBe(true)
  await row.getByRole('button', { name: /Eliminar/ }).click()
  await confirm.getByRole('button', { name: 'Sí, eliminar cuenta' }).click()
  await admin.getByRole('status').filter({ hasText: 'Se eliminó la cuenta de Ana López.' }).waitFor()
  await row.waitFor({ state: 'detached' })
  expect((await server.storage.accounts.list()).some((a) => a.email === 'ana.doble@pruebas.mx')).toBe(false)
  expect(errors.errors).toEqual([])
  await context.close()
})

it('Cifras: a «Hasta» before «Desde» is said at once, the figures say which days they are (not the fields\' days), and the preset shown is marked', async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser)
  const admin = await context.newPage()
  const errors = watchPage(admin)
  const asked: string[] = []
  admin.on('request', (request) => {
    if (new URL(request.url()).pathname === '/consola/api/numbers') asked.push(request.url())
  })
  await signInToConsole(admin, server.url)
  await admin.goto(`${server.url}/consola#/cifras`)
  const period = admin.locator('.numbers__period')
  await period.waitFor()
  const shown = await period.innerText()
  expect(shown).toMatch(/^Cifras del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}\.$/)
  asked.length = 0
  await admin.getByLabel('Desde').fill('30/11/2026')
  await admin.getByLabel('Hasta').fill('01/11/2026')
  await admin.getByRole('button', { name: 'Ver cifras' }).click()
  await admin.getByRole('alert').filter({ hasText: RANGE_REVERSED }).waitFor()
  expect(await period.innerText()).toBe(shown)
  expect(asked).toEqual([])
  // The preset whose days are shown is marked: the first 30 days, then the one pressed.
  const preset = (days: number) => admin.getByRole('button', { name: `Últimos ${days} días` })
  expect(await preset(30).getAttribute('aria-pressed')).toBe('true')
  await preset(7).click()
  await expect.poll(() => preset(7).getAttribute('aria-pressed')).toBe('true')
  expect(await preset(30).getAttribute('aria-pressed')).toBe('false')
  expect(errors.errors).toEqual([])
  await context.close()
})

it('«Cancelar visita» asks first (the visitor is told), with «No, conservarla» focused; a move outside the visit hours is said; a move can be dropped with «No mover»', async () => {
  const { server, browser } = suite
  const cookie = await signIn(server.url)
  const at = new Date(Date.now() + 3 * 86_400_000).toISOString()
  const booked = await consoleFetch(server.url, '/visits', { method: 'POST', cookie, body: { visitorId: '0000ffff-0000-4000-8000-000000000001', at, name: 'Rosa Cancela' } })
  expect(booked.status).toBe(201)
  const { visit } = (await booked.json()) as { visit: { id: string } }
  const statusNow = async () => ((await (await consoleFetch(server.url, '/visits', { cookie })).json()) as { items: { id: string; status: string }[] }).items.find((v) => v.id === visit.id)?.status

  const context = await isolatedContext(browser)
  const agent = await context.newPage()
  const errors = watchPage(agent)
  await signInToConsole(agent, server.url)
  await agent.goto(`${server.url}/consola#/visitas`)
  await agent.getByRole('button', { name: 'Lista' }).click()
  const card = agent.locator('.visit-list .visit', { hasText: 'Rosa Cancela' })
  await card.waitFor()

  // 03:00 (typed for 15:00) is said beside the field, with the hours; a Monday at 11:00 is not.
  await card.getByRole('button', { name: 'Mover visita' }).click()
  const moveTo = card.getByLabel('Nueva fecha y hora (Cancún)')
  await moveTo.fill('01/03/2027 03:00')
  const notice = card.getByRole('status').filter({ hasText: 'fuera del horario de visitas' })
  await notice.waitFor()
  expect(await notice.innerText()).toContain(VISIT_HOURS_TEXT)
  await moveTo.fill('01/03/2027 11:00')
  await notice.waitFor({ state: 'detached' })
  await card.getByRole('button', { name: 'No mover' }).click()
  expect(await card.getByLabel('Nueva fecha y hora (Cancún)').count()).toBe(0)

  await card.getByRole('button', { name: 'Cancelar visita' }).click()
  const confirm = agent.getByRole('dialog', { name: /^¿Cancelar la visita del / })
  await confirm.waitFor()
  const keep = confirm.getByRole('button', { name: 'No, conservarla' })
  expect(await keep.evaluate((button) => button === document.activeElement)).toBe(true)
  await keep.click()
  expect(await statusNow()).toBe('confirmada')

  await card.getByRole('button', { name: 'Cancelar visita' }).click()
  await confirm.getByRole('button', { name: 'Sí, cancelar visita' }).click()
  await expect.poll(statusNow).toBe('cancelada')
  expect(errors.errors).toEqual([])
  await context.close()
})

it('a reply being typed survives opening another conversation, going back and reloading; sending it empties it', async () => {
  const visitorId = '0000ffff-0000-4000-8000-000000000002'
  const { server, context, agent, errors } = await openConversation(visitorId, 'Hola, ¿siguen disponibles los terrenos?')
  await agent.locator('.conversation__status', { hasText: 'La atiende el asistente automático' }).waitFor()
  await agent.getByRole('button', { name: 'Tomar conversación' }).click()
  await agent.locator('.conversation__status', { hasText: 'La atiendes tú' }).waitFor()
  const reply = agent.getByLabel('Respuesta al visitante')
  await reply.fill('Sí, tenemos tres en Tulum; te paso')
  await agent.goto(`${server.url}/consola#/conversaciones`)
  await agent.getByText('Elige una conversación para verla.').waitFor()
  await agent.goBack()
  await expect.poll(() => reply.inputValue()).toBe('Sí, tenemos tres en Tulum; te paso')
  await agent.reload()
  await expect.poll(() => reply.inputValue()).toBe('Sí, tenemos tres en Tulum; te paso')
  await agent.getByRole('button', { name: 'Enviar' }).click()
  await agent.locator('.message', { hasText: 'Sí, tenemos tres en Tulum' }).waitFor()
  await expect.poll(() => reply.inputValue()).toBe('')
  await agent.reload()
  await reply.waitFor()
  expect(await reply.inputValue()).toBe('')
  expect(errors.errors).toEqual([])
  await context.close()
})

it("the leads' property filter is a whole row at both widths, so its placeholder is read whole", async () => {
  const { server, browser } = suite
  const context = await isolatedContext(browser)
  const agent = await context.newPage()
  await signInToConsole(agent, server.url)
  await agent.goto(`${server.url}/consola#/prospectos`)
  const property = agent.getByLabel('Propiedad')
  await property.waitFor()
  // The search stops at the server's limit (past it the list was refused in the validator's words).
  await agent.getByLabel('Buscar').fill('x'.repeat(LEAD_FILTER_LIMITS.q + 20))
  expect((await agent.getByLabel('Buscar').inputValue()).length).toBe(LEAD_FILTER_LIMITS.q)
  await agent.getByLabel('Buscar').fill('')
  for (const viewport of CONSOLE_VIEWPORTS) {
    await agent.setViewportSize(viewport)
    const fits = await property.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input)
      const context2d = document.createElement('canvas').getContext('2d')!
      context2d.font = style.font
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      return context2d.measureText(input.placeholder).width <= room
    })
    expect(fits, `placeholder whole at ${viewport.width} px`).toBe(true)
  }
  await context.close()
})

it("a visit's name and note stop at the server's limits as the person types", async () => {
  const visitorId = '0000ffff-0000-4000-8000-000000000003'
  const { server, context, agent, errors } = await openConversation(visitorId, 'Quiero ver la casa el sábado')
  const side = agent.locator('.visitor-panel')
  await side.getByRole('button', { name: 'Agendar visita' }).click()
  const form = side.getByRole('form', { name: 'Agendar visita' })
  for (const [label, limit] of [['Nombre', VISIT_LIMITS.name], ['Nota', VISIT_LIMITS.note]] as const) {
    await form.getByLabel(label).fill('x'.repeat(limit + 30))
    expect((await form.getByLabel(label).inputValue()).length, label).toBe(limit)
  }
  expect(errors.errors).toEqual([])
  await context.close()
})

it('in an English browser a visit\'s day and hour are typed and shown as the agency writes them (dd/mm/aaaa, 24 hours), and a past time is refused in Spanish', async () => {
  const visitorId = '0000ffff-0000-4000-8000-000000000004'
  const { server, context, agent, errors } = await openConversation(visitorId, 'Quiero ver la casa', { locale: 'en-US' })
  const side = agent.locator('.visitor-panel')
  await side.getByRole('button', { name: 'Agendar visita' }).click()
  const form = side.getByRole('form', { name: 'Agendar visita' })
  const when = form.getByLabel('Fecha y hora (Cancún)')
  expect(await when.getAttribute('placeholder')).toBe('dd/mm/aaaa hh:mm')
  await when.fill('01/02/2020 10:00')
  await form.getByRole('button', { name: 'Confirmar visita' }).click()
  await form.getByRole('alert').filter({ hasText: 'Esa hora ya pasó: elige una fecha y hora futuras.' }).waitFor()
  await when.fill('3/15/2027 4:30 PM')
  await form.getByRole('button', { name: 'Confirmar visita' }).click()
  await form.getByRole('alert').filter({ hasText: 'Escribe la fecha y la hora como dd/mm/aaaa hh:mm (24 horas)' }).waitFor()
  await when.fill('01/03/2027 16:30')
  await form.getByRole('button', { name: 'Confirmar visita' }).click()
  const card = side.locator('.visit', { hasText: 'Confirmada' })
  await card.waitFor()
  expect(await card.locator('time').innerText()).toBe('1 mar 2027, 16:30')
  await card.getByRole('button', { name: 'Mover visita' }).click()
  expect(await card.getByLabel('Nueva fecha y hora (Cancún)').inputValue()).toBe('01/03/2027 16:30')
  expect(errors.errors).toEqual([])
  await context.close()
})

it('an admin gives an adviser a new password, shown once, which ends their session; the adviser changes it in «Mi cuenta»', async () => {
  const { server, browser } = suite
  const cookie = await signIn(server.url)
  const first = 'clave-de-lupe-123'
  await addAdviser(server.url, cookie, { email: 'lupe@pruebas.mx', name: 'Lupe Ruiz', password: first })
  const lupeContext = await isolatedContext(browser)
  const lupe = await lupeContext.newPage()
  const signInAs = async (password: string) => {
    await lupe.goto(`${server.url}/consola`)
    await lupe.getByLabel('Correo').fill('lupe@pruebas.mx')
    await lupe.getByLabel('Contraseña').fill(password)
    await lupe.getByRole('button', { name: 'Entrar' }).click()
    await lupe.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
  }
  await signInAs(first)

  const context = await isolatedContext(browser)
  const admin = await context.newPage()
  const errors = watchPage(admin)
  await signInToConsole(admin, server.url)
  await admin.goto(`${server.url}/consola#/cuentas`)
  const row = admin.locator('.account-list li', { hasText: 'lupe@pruebas.mx' })
  await row.getByRole('button', { name: /Nueva contraseña/ }).click()
  await admin.getByRole('dialog', { name: '¿Dar una contraseña nueva a Lupe Ruiz?' }).getByRole('button', { name: 'Sí, dar contraseña nueva' }).click()
  const shown = admin.getByRole('status').filter({ hasText: 'Nueva contraseña de Lupe Ruiz:' })
  await shown.waitFor()
  const password = /: (\S+) —/.exec(await shown.innerText())![1]!
  expect(password.length).toBeGreaterThanOrEqual(ACCOUNT_LIMITS.passwordMin)
  // Her open console is signed out, and says why; the old password no longer works, the new one does.
  await lupe.getByRole('button', { name: 'Entrar' }).waitFor()
  expect(await lupe.getByRole('status').innerText()).toBe(SESSION_ENDED)
  await signInAs(password)

  await lupe.getByRole('navigation').getByRole('link', { name: 'Mi cuenta' }).click()
  const form = lupe.getByRole('form', { name: 'Cambiar mi contraseña' })
  await form.getByLabel('Contraseña actual').fill('no-es-la-clave')
  await form.getByLabel(/Nueva contraseña/).fill('clave-nueva-de-lupe')
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await form.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta.' }).waitFor()
  await form.getByLabel('Contraseña actual').fill(password)
  // While the server works (hashing takes a second or more), the button says so.
  let answer = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  await lupe.route('**/consola/api/me/password', async (route) => {
    await held
    await route.continue()
  })
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click()
  const pending = form.getByRole('button', { name: 'Cambiando…' })
  await pending.waitFor()
  expect(await pending.isDisabled()).toBe(true)
  answer()
  await form.getByRole('status').filter({ hasText: 'Listo: tu contraseña cambió.' }).waitFor()
  expect(await form.getByRole('button', { name: 'Cambiar contraseña' }).isEnabled()).toBe(true)
  expect(await form.getByLabel('Contraseña actual').inputValue()).toBe('')
  await signIn(server.url, 'lupe@pruebas.mx', 'clave-nueva-de-lupe')
  expect(errors.errors).toEqual([])
  await Promise.all([context.close(), lupeContext.close()])
})

it('a person saves what the visitor told them in the chat as a lead: a refusal keeps what was typed, the lead shows in the panel', async () => {
  const visitorId = '0000ffff-0000-4000-8000-000000000021'
  const { server, context, agent, errors } = await openConversation(visitorId, 'Soy Carlos Ruiz, mi teléfono es 998 765 4321')
  const panel = agent.locator('.visitor-panel')
  await panel.getByRole('button', { name: 'Guardar como prospecto' }).click()
  const form = panel.getByRole('form', { name: 'Guardar como prospecto' })
  await form.getByLabel('Nombre').fill('Carlos Ruiz')
  await form.getByLabel('Nota (qué busca)').fill('Depa en Cumbres')
  await form.getByRole('button', { name: 'Guardar prospecto' }).click()
  await form.getByRole('alert').filter({ hasText: 'Escribe un teléfono o un correo del cliente.' }).waitFor()
  expect(await form.getByLabel('Nombre').inputValue()).toBe('Carlos Ruiz')
  await form.getByLabel('Teléfono').fill('998 765 4321')
  const title = agent.locator('#conversation-title')
  expect(await title.innerText()).not.toContain('Carlos Ruiz')
  await form.getByRole('button', { name: 'Guardar prospecto' }).click()
  await panel.getByRole('link', { name: 'Carlos Ruiz' }).waitFor()
  // The conversation is named by its new lead at once, not on the next load.
  await expect.poll(() => title.innerText()).toBe('Carlos Ruiz')
  expect(await panel.locator('.visitor-leads').innerText()).toContain('Chat')
  const [stored] = (await server.storage.leads.recent(5)).filter((lead) => lead.name === 'Carlos Ruiz')
  expect(stored).toMatchObject({ phone: '998 765 4321', message: 'Depa en Cumbres', source: 'chat', visitorId })
  expect(errors.errors).toEqual([])
  await context.close()
})

it('the lead form fills in the details the conversation learns while it is open, and keeps what the person typed', async () => {
  const visitorId = '0000ffff-0000-4000-8000-000000000022'
  const { server, context, agent, errors } = await openConversation(visitorId, 'Hola, busco depa')
  const panel = agent.locator('.visitor-panel')
  await panel.getByRole('button', { name: 'Guardar como prospecto' }).click()
  const form = panel.getByRole('form', { name: 'Guardar como prospecto' })
  await form.getByLabel('Nombre').fill('Marina')
  await form.getByLabel('Nota (qué busca)').fill('Depa en Cumbres')

  // The automated agent learns her name and phone in the chat, and stores her lead.
  const said = await server.storage.chat.append(visitorId, { role: 'user', content: 'Soy Marina Sol, 998 777 6655' })
  await server.storage.journal.storeTurn({ visitorId, answers: said.id, replies: ['Gracias, Marina'], state: { contact: { name: 'Marina Sol', phone: '9987776655' } } })
  await server.storage.leads.insert({ name: 'Marina Sol', email: null, phone: '9987776655', message: '', source: 'chat', propertySlug: null, attribution: null, visitorId })

  await expect.poll(() => form.getByLabel('Teléfono').inputValue()).toBe('9987776655')
  expect(await form.getByLabel('Nombre').inputValue()).toBe('Marina') // typed: kept
  expect(await form.getByLabel('Nota (qué busca)').inputValue()).toBe('Depa en Cumbres')
  await expect.poll(() => agent.locator('#conversation-title').innerText()).toBe('Marina Sol')
  await panel.getByRole('link', { name: 'Marina Sol' }).waitFor() // her new lead, listed at once
  expect(errors.errors).toEqual([])
  await context.close()
})
