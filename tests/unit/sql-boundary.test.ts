// The server stores one way: every SQL statement and every database call lives in a repository
// under src/server/storage/ (docs/storage.md). Read from the sources' syntax: string and template
// literals for statements, call expressions for database calls; comments and JSX text are not
// looked at, so prose that says "select" or "update" is no finding.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')
const STORAGE = 'server/storage/'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/**
 * A statement's shape: its verb, then (within the same literal) the clause that verb needs. A
 * template's substitutions count as text, so `SELECT ${columns} FROM ${table}` is one.
 */
const STATEMENT = /\b(?:select\b[\s\S]*\b(?:from|where)|insert\s+into\b[\s\S]*\b(?:values|select)|update\b[\s\S]*\bset|delete\s+from)\b/i
/** Upper-case verbs only in SQL; a literal's lower-case words are prose or code unless the whole shape matches in capitals too. */
const SQL_VERB = /\b(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/

/** A literal's text: a template's parts joined with a placeholder for each substitution. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => `x ${span.literal.text}`)].join('')
  return null
}

/** Receivers of `.query(` that are no database: Hono's request (`c.req.query()`) and socket.io's handshake. */
const NOT_A_DATABASE = /(?:\breq|\bhandshake)$/
/** The database's own calls (storage/database.ts) and its drivers'. */
const DATABASE_CALLS = new Set(['query', 'transaction', 'runTogether', 'execProtocol'])
const DRIVERS = new Set(['pg', '@electric-sql/pglite'])

interface Finding {
  file: string
  line: number
  what: string
}

/** Every SQL statement, database call and driver import in one file's source. */
function findings(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Finding[] = []
  const at = (node: ts.Node, what: string) => found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what })
  const visit = (node: ts.Node) => {
    const text = literalText(node)
    if (text !== null && SQL_VERB.test(text) && STATEMENT.test(text)) at(node, `SQL: ${text.replace(/\s+/g, ' ').slice(0, 80)}`)
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && DATABASE_CALLS.has(node.expression.name.text)) {
      const receiver = node.expression.expression.getText(sf)
      if (!NOT_A_DATABASE.test(receiver)) at(node, `database call: ${receiver}.${node.expression.name.text}(…)`)
    }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && DRIVERS.has(node.moduleSpecifier.text)) {
      at(node, `driver import: ${node.moduleSpecifier.text}`)
    }
    // A template's parts are read whole above, not again one by one.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit)
    else node.templateSpans.forEach((span) => visit(span.expression))
  }
  visit(sf)
  return found
}

const outsideStorage = sourceFiles(SRC).filter((file) => !relative(SRC, file).startsWith(STORAGE))

describe('the finder', () => {
  const find = (source: string) => findings('x.ts', source).map((f) => f.what.split(':')[0])

  it('finds statements in strings and templates, whatever their substitutions', () => {
    expect(find("db.query('SELECT * FROM leads WHERE id = $1', [id])")).toEqual(['database call', 'SQL'])
    expect(find('const s = `SELECT ${cols} FROM ${table} WHERE id = $1`')).toEqual(['SQL'])
    expect(find('const s = `INSERT INTO leads (id) VALUES ($1)`')).toEqual(['SQL'])
    expect(find("const s = 'UPDATE leads SET status = $2 WHERE id = $1'")).toEqual(['SQL'])
    expect(find('const s = `WITH gone AS (DELETE FROM ${t} WHERE ${w} RETURNING 1) SELECT count(*) FROM gone`')).toEqual(['SQL'])
    expect(find("const s = \"(id IN (SELECT lead_id FROM lead_visitors WHERE visitor_id = $1))\"")).toEqual(['SQL'])
  })

  it('finds database calls and driver imports', () => {
    expect(find('await tx.query(sql, [])')).toEqual(['database call'])
    expect(find('await storage.db.transaction(async (tx) => 1)')).toEqual(['database call'])
    expect(find("import pg from 'pg'")).toEqual(['driver import'])
  })

  it('leaves prose, comments, requests and regular expressions alone', () => {
    expect(find("const t = 'Selecciona una zona de la lista para filtrar'")).toEqual([])
    expect(find("const t = 'Select a zone from the list where you live'")).toEqual([])
    expect(find("const t = 'Actualiza (update) el estado: set it from the list'")).toEqual([])
    expect(find('// SELECT * FROM leads WHERE id = $1\nconst a = 1')).toEqual([])
    expect(find("const q = c.req.query('q'); const h = socket.handshake.query")).toEqual([])
    expect(find('const m = /^(\\d+)$/.exec(raw)')).toEqual([])
    expect(find("const css = 'select { width: 100%; } option:checked { color: red }'")).toEqual([])
  })
})

describe('src/ outside src/server/storage/', () => {
  it('holds no SQL statement, no database call and no database driver import', () => {
    const all = outsideStorage.flatMap((file) => findings(relative(SRC, file), readFileSync(file, 'utf8')))
    expect(all.map((f) => `${f.file}:${f.line} ${f.what}`)).toEqual([])
  })

  it('reads the real tree: storage itself is full of both', () => {
    const storage = sourceFiles(join(SRC, STORAGE)).flatMap((file) => findings(relative(SRC, file), readFileSync(file, 'utf8')))
    expect(storage.filter((f) => f.what.startsWith('SQL')).length).toBeGreaterThan(50)
    expect(storage.some((f) => f.what.startsWith('database call'))).toBe(true)
    expect(outsideStorage.length).toBeGreaterThan(100)
  })
})
