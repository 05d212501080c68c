// The shape of the code, read from its import statements (static, dynamic and type-only alike):
// no import cycle anywhere in src/, the site and the server share code only through src/shared,
// src/catalogue, src/protocol and src/domain, the console reaches the widget only through its public
// entry, src/domain stands on its own, and the rules of the real world are written in src/domain only
// (docs/domain.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')

type Graph = Map<string, string[]>

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The source file a relative specifier names, or null (a package, a stylesheet). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** Every file under src/ and the source files it imports, as paths relative to src/. */
function importGraph(): Graph {
  const graph: Graph = new Map()
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.flatMap(({ fileName }) => {
      const target = resolveSpecifier(file, fileName)
      return target ? [relative(SRC, target)] : []
    })
    graph.set(relative(SRC, file), [...new Set(targets)])
  }
  return graph
}

/** Every cycle of the graph, each as the path that closes it (found once per strongly connected group). */
function findCycles(graph: Graph): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return cycles
}

const graph = importGraph()
const area = (file: string) => file.split('/')[0]!
const within = (prefix: string): Graph =>
  new Map([...graph].filter(([file]) => file.startsWith(prefix)).map(([file, targets]) => [file, targets.filter((t) => t.startsWith(prefix))]))

describe('the cycle finder', () => {
  it('finds a cycle through a dynamic import and reports none in a tree', () => {
    const cyclic: Graph = new Map([
      ['screens/a.tsx', ['components/heading.tsx']],
      ['components/heading.tsx', ['app/screen.ts']],
      ['app/screen.ts', ['screens/a.tsx']],
    ])
    expect(findCycles(cyclic)).toEqual([['screens/a.tsx', 'components/heading.tsx', 'app/screen.ts', 'screens/a.tsx']])
    expect(findCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([])
  })

  it('reads the real tree: the registry reaches every screen view lazily', () => {
    expect(graph.get('site/screens/registry.ts')).toEqual(expect.arrayContaining(['site/screens/home/Home.tsx', 'site/screens/home/page.ts']))
  })
})

describe('src/', () => {
  it('has no import cycle anywhere', () => {
    expect(findCycles(graph)).toEqual([])
  })
})

describe('src/site', () => {
  it('has no import cycle', () => {
    expect(findCycles(within('site/'))).toEqual([])
  })

  it('keeps the heading id and the screen props in a module that imports only the type of the agency every page shows', () => {
    const imported = (file: string) => ts.preProcessFile(readFileSync(join(SRC, file), 'utf8'), true, true).importedFiles.map((f) => f.fileName)
    expect(imported('site/screens/props.ts')).toEqual(['../../shared/agency'])
    expect(readFileSync(join(SRC, 'site/screens/props.ts'), 'utf8')).toMatch(/^import type \{ SiteIdentity \} from '..\/..\/shared\/agency'$/m)
    // …which itself imports only a type: no cycle can close through it.
    expect(imported('shared/agency.ts')).toEqual(['./office-hours'])
    expect(readFileSync(join(SRC, 'shared/agency.ts'), 'utf8')).toMatch(/^import type \{ Hours \} from '.\/office-hours'$/m)
  })
})

describe('the seam between the site and the server', () => {
  const SHARED = new Set(['shared', 'catalogue', 'protocol', 'domain'])
  const leaving = (from: string) =>
    [...graph].flatMap(([file, targets]) => (area(file) === from ? targets.filter((t) => area(t) !== from).map((t) => `${file} -> ${t}`) : []))

  /**
   * The one door from the server into an app: the console's page is the console's own App rendered
   * on the server and hydrated in the browser (docs/behaviour.md#console-inbox), through this file only.
   */
  const CONSOLE_RENDER = 'server/console/render.tsx'
  const allowed = (edge: string) => {
    const [file, target] = edge.split(' -> ') as [string, string]
    return SHARED.has(area(target)) || (file === CONSOLE_RENDER && area(target) === 'console')
  }

  it.each(['site', 'server'])('src/%s reaches outside itself only into src/shared, src/catalogue, src/protocol and src/domain (the server also renders the console\'s App, in one file)', (from) => {
    expect(leaving(from).filter((edge) => !allowed(edge))).toEqual([])
  })

  /**
   * The server renders the site's pages at run time (docs/live-site.md) without importing a view:
   * the build bundles the renderer as its own module (dist/server/site-renderer.mjs), which the
   * server loads by path, and both sides speak the interface in src/shared/site-renderer.ts.
   */
  it('the server reaches the site\'s renderer only through its interface in src/shared, and nothing imports the renderer', () => {
    const RENDERER = 'site/render/renderer.tsx'
    const INTERFACE = 'shared/site-renderer.ts'
    expect(graph.get(RENDERER)).toContain(INTERFACE)
    expect(graph.get('server/catalogue/rendered-site.ts')).toContain(INTERFACE)
    expect([...graph].filter(([, targets]) => targets.includes(RENDERER)).map(([file]) => file)).toEqual([])
    expect(leaving('server').filter((edge) => edge.includes('-> site/'))).toEqual([])
  })

  it('src/shared is used by both and depends on neither', () => {
    expect(leaving('site').some((edge) => edge.includes('-> shared/'))).toBe(true)
    expect(leaving('server').some((edge) => edge.includes('-> shared/'))).toBe(true)
    expect(leaving('shared').filter((edge) => !/-> (catalogue|protocol|domain)\//.test(edge))).toEqual([])
  })
})

describe('the console and the widget', () => {
  /** What other apps may use of the widget: how it renders a message. */
  const WIDGET_ENTRY = 'widget/public.ts'

  it('the console imports nothing from the widget but its public entry', () => {
    const edges = [...graph].flatMap(([file, targets]) => (area(file) === 'console' ? targets.filter((t) => area(t) === 'widget').map((t) => `${file} -> ${t}`) : []))
    expect(edges.length).toBeGreaterThan(0)
    expect(edges.filter((edge) => !edge.endsWith(` -> ${WIDGET_ENTRY}`))).toEqual([])
  })
})

describe('src/domain', () => {
  it('imports nothing from the server, the site, the console or the widget', () => {
    const edges = [...graph].flatMap(([file, targets]) => (area(file) === 'domain' ? targets.map((t) => `${file} -> ${t}`) : []))
    expect(edges.filter((edge) => /-> (server|site|console|widget)\//.test(edge))).toEqual([])
  })
})

/**
 * The rules of the real world are written once, in src/domain (docs/domain.md). The code of every
 * other file under src/ (its comments left out: a comment may name a rule) must not spell one out.
 */
const DOMAIN_RULES: { rule: string; pattern: RegExp; copies: string[] }[] = [
  { rule: "the agency's time zone", pattern: /America\/Cancun/, copies: ["const TIME_ZONE = 'America/Cancun'"] },
  {
    rule: 'crediting a source or a campaign',
    pattern: /utm_(?:source|campaign)/,
    copies: ["NULLIF(COALESCE(v.utms->>'utm_source', v.utms->>'source'), '')", 'text(fields.utm_campaign) ?? text(campaign.campaign)'],
  },
  {
    rule: 'stripping a phone to its digits',
    pattern: /replace\(\s*\/(?:\\D|\[\^(?:\\d|0-9)\])\/g|regexp_replace\([\s\S]{0,80}?['"]\\+D['"]/,
    copies: ["const digits = phone.replace(/\\D/g, '')", "right(regexp_replace(coalesce(phone, ''), '\\\\D', '', 'g'), 10)", "text.replace(/[^0-9]/g, '')"],
  },
  {
    rule: 'an e-mail pattern',
    pattern: /@(?:\(\?:|\()?\[(?:A-Za-z|a-z|A-Z)/,
    copies: ["const EMAIL = /^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$/", 'const EMAIL_RE = /^[a-z0-9._%+-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/'],
  },
  {
    rule: 'a list of number words',
    pattern: /\b(?:dos\|tres|tres\|cuatro|two\|three|three\|four)\b|\b(?:dos:\s*2,\s*tres|two:\s*2,\s*three)\b/,
    copies: ["const WORD_NUMBER = '(?:un|una|uno|dos|tres|cuatro|cinco|medio)'", 'const NUMBER_WORDS = { uno: 1, dos: 2, tres: 3, cuatro: 4 }'],
  },
  { rule: "a property page's path", pattern: /\/propiedad\//, copies: ['href={`/propiedad/${property.slug}`}', 'new RegExp(`/propiedad/(${SLUG_WORDS})`)'] },
  {
    rule: 'folding text (lower case, accents off)',
    pattern: /\.normalize\(\s*['"]NFK?D['"]\s*\)/,
    copies: ["text.toLowerCase().normalize('NFD').replace(MARKS, '')", "const folded = (text: string) => text.normalize('NFD').replace(/\\p{M}/gu, '').toLowerCase()"],
  },
]

/** Files allowed to spell a rule out, each with its reason. */
const RULE_EXCEPTIONS: { file: string; rule: string; reason: string }[] = [
  {
    file: 'server/storage/migrations.ts',
    rule: 'crediting a source or a campaign',
    reason: 'migration 20 is released and never edited; migration 60 rebuilds its columns with the domain\'s SQL form',
  },
  {
    file: 'server/chat/agent/intents/rentTerm.ts',
    rule: 'a list of number words',
    reason: "the rental-term question's phrases pick their own words («por seis meses», \"for six months\"); they move with the agent's phrases into data",
  },
  {
    file: 'widget/profanity.ts',
    rule: 'folding text (lower case, accents off)',
    reason: 'its word key keeps the ñ: «coño» is not «cono»',
  },
]

const printer = ts.createPrinter({ removeComments: true })
/** Source text without its comments. */
const withoutComments = (name: string, text: string) =>
  printer.printFile(ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false, name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS))
const codes = new Map<string, string>()
/** A file's code without its comments (read once). */
function code(file: string): string {
  if (!codes.has(file)) codes.set(file, withoutComments(file, readFileSync(join(SRC, file), 'utf8')))
  return codes.get(file)!
}

describe('the rules of the real world', () => {
  const outside = [...graph.keys()].filter((file) => area(file) !== 'domain')

  it('catches the copies src/domain replaced, in code and not in a comment', () => {
    for (const { rule, pattern, copies } of DOMAIN_RULES) {
      for (const copy of copies) {
        expect(pattern.test(withoutComments('copy.tsx', copy)), `${rule}: ${copy}`).toBe(true)
        expect(pattern.test(withoutComments('copy.tsx', `// ${copy}\nexport {}`)), `${rule}: // ${copy}`).toBe(false)
      }
    }
  })

  it.each(DOMAIN_RULES.map((r) => [r.rule, r] as const))('%s is written only in src/domain', (_, { rule, pattern }) => {
    const allowed = new Set(RULE_EXCEPTIONS.filter((e) => e.rule === rule).map((e) => e.file))
    expect(outside.filter((file) => !allowed.has(file) && pattern.test(code(file)))).toEqual([])
  })

  it('keeps no stale exception', () => {
    for (const { file, rule } of RULE_EXCEPTIONS) expect(DOMAIN_RULES.find((r) => r.rule === rule)!.pattern.test(code(file)), `${file}: ${rule}`).toBe(true)
  })
})
