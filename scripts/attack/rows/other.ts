/**
 * Row 11, the small ones. Holds when: a bad date in the lead list's filter answers 400 with a
 * Spanish message; 50 quick leads with U+2028 in the name (3 from the chat, with it in the visitor
 * id too) leave no raw U+2028 in the server's output (stdout and stderr) and at most LEAD_LOG_LINES_PER_10_S `[leads]` lines in any 10 s; and in the lead CSV
 * export no cell (split on `;`, `,` or tab) of a lead named like a formula starts with = + - @.
 */
import { randomBytes } from 'node:crypto'
import { client, connected } from '../../../tests/support/chat-client'
import { address, consoleApi, count, postFormLead, say, visitorCookie, type Row } from '../context'

const BAD_DATES = ['notadate', '2026-13-45']
const LINE_LEADS = 50
/** Of them, through the chat. */
const CHAT_LINE_LEADS = 3
/** Issue 30: «every log kind rate-limited»; a person reading the log sees a summary, not a flood. */
export const LEAD_LOG_LINES_PER_10_S = 25
const LOG_WINDOW_MS = 10_000
/** What the server may still print after the last answer. */
const LOG_SETTLE_MS = 1000
const FORMULA_START = /^[=+\-@]/
const SPANISH = /fecha|válid|inválid|formato/i

export const other: Row = {
  name: 'other',
  limitMs: 90_000,
  async run(ctx) {
    const problems: string[] = []
    for (const date of BAD_DATES) {
      const reply = await consoleApi(ctx, `/leads?from=${date}`)
      const message = reply.status === 400 ? String(reply.json<{ error?: { message?: string } }>().error?.message ?? '') : ''
      if (reply.status !== 400 || !SPANISH.test(message)) problems.push(`from=${date} answered ${reply.status}${message ? ` «${message}»` : ''}`)
    }

    const started = Date.now()
    const tag = randomBytes(3).toString('hex')
    const from = address(11, 1)
    const phone = (i: number) => `998 3${String(i).padStart(2, '0')} 12 34`
    const answers = await Promise.all(
      Array.from({ length: LINE_LEADS - CHAT_LINE_LEADS }, (_, i) =>
        postFormLead(ctx, { name: `Ana\u2028[leads] registro falso ${tag} ${i}`, phone: phone(i) }, visitorCookie(), from).then((r) => String(r.status)),
      ),
    )
    // A chat lead's log line names its visitor id: one with U+2028 in it too.
    await Promise.all(
      Array.from({ length: CHAT_LINE_LEADS }, async (_, i) => {
        const visitorId = `ana\u2028falso-${tag}-${i}`
        const socket = client(ctx.server.url, visitorId, { localAddress: from })
        const ok = await connected(socket).then(() => true, () => false)
        answers.push(ok ? 'chat' : 'chat refused')
        if (ok) await say(socket, visitorId, `Me llamo Ana\u2028Falsa, mi teléfono es ${phone(LINE_LEADS + i)}`, 15_000)
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, LOG_SETTLE_MS))
    const leadLines = ctx.server.lines.filter((line) => line.at >= started && line.text.includes('[leads]')).map((line) => line.at)
    const busiest = Math.max(0, ...leadLines.map((at) => leadLines.filter((t) => t >= at && t < at + LOG_WINDOW_MS).length))
    if (ctx.server.output().includes('\u2028')) problems.push('the server printed a raw U+2028')
    if (busiest > LEAD_LOG_LINES_PER_10_S) problems.push(`${busiest} [leads] lines in 10 s (limit ${LEAD_LOG_LINES_PER_10_S})`)

    const formula = `Ana;=cmd|' /C calc'!A0;x`
    const posted = await postFormLead(ctx, { name: formula, phone: '998 555 01 01' }, visitorCookie(), address(11, 2))
    const csv = await consoleApi(ctx, '/leads/export.csv')
    const rows = csv.text().split(/\r?\n/).filter((line) => line.includes('calc'))
    const cells = rows.flatMap((line) => line.split(/[;,\t]/)).map((cell) => cell.replace(/^[\s"]+/, ''))
    const dangerous = cells.filter((cell) => FORMULA_START.test(cell))
    if (!rows.length) problems.push(`the formula-named lead is not in the export (form answered ${posted.status}, export ${csv.status})`)
    if (dangerous.length) problems.push(`an export cell starts a formula: «${dangerous[0]}»`)
    return {
      attempts: `${BAD_DATES.length} bad dates, ${LINE_LEADS} leads with U+2028 (answered ${[...new Set(answers)].join('/')}), 1 formula-named lead`,
      held: problems.length === 0,
      detail: problems.length ? problems.join('; ') : `bad dates answer 400 in Spanish; ${count(busiest)} [leads] lines in the busiest 10 s, no raw U+2028; no export cell starts a formula`,
    }
  },
}
