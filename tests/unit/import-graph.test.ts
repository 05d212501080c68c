// The shape of the code, read from its import statements (static, dynamic and type-only alike):
// no import cycle inside src/site, and the site and the server share code only through
// src/shared, src/catalogue and src/protocol.
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

describe('src/site', () => {
  it('has no import cycle', () => {
    expect(findCycles(within('site/'))).toEqual([])
  })

  it('keeps the heading id and the screen props in a module that imports nothing', () => {
    expect(graph.get('site/screens/props.ts')).toEqual([])
    expect(ts.preProcessFile(readFileSync(join(SRC, 'site/screens/props.ts'), 'utf8'), true, true).importedFiles).toEqual([])
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

  it.each(['site', 'server'])('src/%s reaches outside itself only into src/shared, src/catalogue and src/protocol (the server also renders the console\'s App, in one file)', (from) => {
    expect(leaving(from).filter((edge) => !allowed(edge))).toEqual([])
  })

  it('src/shared is used by both and depends on neither', () => {
    expect(leaving('site').some((edge) => edge.includes('-> shared/'))).toBe(true)
    expect(leaving('server').some((edge) => edge.includes('-> shared/'))).toBe(true)
    expect(leaving('shared').filter((edge) => !/-> (catalogue|protocol|domain)\//.test(edge))).toEqual([])
  })
})
