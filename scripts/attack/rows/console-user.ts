/**
 * Row 5, `npm run console:user` beside the running server, on its data folder. Holds when the
 * command either refuses with one line and a non-zero exit or makes an account that signs in at
 * once; when it made one, `-- password` refuses the old password and ends its session; and after
 * a kill -9 the server starts again on the same folder (the database opens) with the account.
 * Ends the server it was given: the last row of the run.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { consoleApi, signInFrom, type Row } from '../context'
import { CookieJar } from '../http'
import { startServer } from '../server'

/** The command bundles itself first (esbuild), then opens the storage. */
const COMMAND_MS = 90_000

interface Run {
  code: number | null
  lines: string[]
  timedOut: boolean
}

/** `npm run console:user -- …args` with the server's storage settings; its output lines. */
function consoleUser(env: NodeJS.ProcessEnv, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // Its own process group: on a time-out, npm and the node it started end together.
    const child = spawn('npm', ['run', '--silent', 'console:user', '--', ...args], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    let timedOut = false
    const timer = setTimeout(() => ((timedOut = true), process.kill(-child.pid!, 'SIGKILL')), COMMAND_MS)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, timedOut, lines: output.split('\n').map((l) => l.trim()).filter(Boolean) })
    })
  })
}

const said = (run: Run) => (run.timedOut ? `no end within ${COMMAND_MS / 1000} s` : `exit ${run.code}: «${run.lines.join(' / ').slice(0, 160)}»`)

export const consoleUserRow: Row = {
  name: 'console-user',
  limitMs: 360_000,
  async run(ctx) {
    const email = `x-${randomBytes(4).toString('hex')}@ataque.mx`
    const [first, second] = [`primera-${randomBytes(6).toString('hex')}`, `segunda-${randomBytes(6).toString('hex')}`]
    const problems: string[] = []
    const facts: string[] = []

    const add = await consoleUser(ctx.server.env, ['add', '--email', email, '--name', 'X', '--role', 'asesor', '--password', first])
    const refused = !add.timedOut && add.code !== 0 && add.lines.length === 1
    let made = false
    let password = first
    if (refused) facts.push(`add refused: ${said(add)}`)
    else if (add.timedOut || add.code !== 0) problems.push(`add neither refused in one line nor made the account: ${said(add)}`)
    else {
      const signedIn = await signInFrom(ctx, email, first, { from: '127.0.5.1' })
      made = signedIn.status === 200
      if (!made) problems.push(`add said ${said(add)} but the account's sign-in answered ${signedIn.status}`)
      else {
        facts.push('add made an account that signs in at once')
        const session = new CookieJar().keep(signedIn)
        const change = await consoleUser(ctx.server.env, ['password', '--email', email, '--password', second])
        if (change.timedOut || change.code !== 0) problems.push(`password failed: ${said(change)}`)
        else {
          password = second
          const old = (await signInFrom(ctx, email, first, { from: '127.0.5.1' })).status
          const me = (await consoleApi(ctx, '/me', { cookie: session.header() })).status
          if (old === 200) problems.push('the old password still signs in')
          if (me !== 401) problems.push(`the old session still answers GET /me with ${me}`)
          if (old !== 200 && me === 401) facts.push('password refused the old password and ended its session')
        }
      }
    }

    const measuredUntil = Date.now()
    await ctx.server.kill9()
    try {
      ctx.server = await startServer(ctx.server.root)
      facts.push('the server started again after kill -9')
      if (made) {
        const after = (await signInFrom(ctx, email, password, { from: '127.0.5.2' })).status
        if (after === 200) facts.push('the account still signs in')
        else problems.push(`after the restart the account's sign-in answered ${after}`)
      }
    } catch (error) {
      problems.push(`after kill -9 the server did not start again: ${(error as Error).message.slice(0, 200)}`)
    }
    return {
      attempts: `console:user add${made ? ' and password' : ''} beside the server on its folder, then kill -9 and a start`,
      held: problems.length === 0,
      detail: [...problems, ...facts].join('; '),
      measuredUntil,
    }
  },
}
