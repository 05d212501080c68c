/**
 * esbuild plugin and post-build step for widget.js: the CommonJS modules named here are compiled
 * by V8 on the thread that streams the script in, like the code of the launcher's task, yet still
 * evaluated only where they are required (docs/behaviour.md#start-up).
 *
 * widget.js carries no file-wide compile hint, so V8 only pre-parses most of it before the
 * launcher's task, and compiles each function on the main thread the first time it runs. For
 * most functions that is a fraction of a millisecond; react-dom's client, though, is one 200 KB
 * module function, and compiling it on its first call took a task of about 20 ms (over 100 ms at
 * 4× CPU). V8 compiles a function off the main thread when it looks immediately invoked: a
 * parenthesised function in code that is itself compiled. esbuild wraps each CommonJS module in
 * a helper call, `__commonJS(exports => { … })`; once the bundle is written, `parenthesise` turns
 * each named module's wrapper into `__commonJS((exports => { … }))`, which is still only called
 * when the module is required.
 *
 * The plugin marks where each named module starts and ends with a call to an undeclared global
 * (which the minifier keeps, in place); `parenthesise` finds the marks, adds the parentheses,
 * removes the marks and shifts the source map to match. Leaving the modules to esbuild's own
 * CommonJS wrapper (rather than moving each body into a function of our own) keeps the bundle's
 * short names as esbuild gives them to CommonJS modules: 1.5 KB less gzip in widget.js.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const NAME = 'compile-while-streaming'
const mark = (edge, index) => `__compileWhileStreaming_${edge}${index}__()`
/** A CommonJS file's directive prologue (licence comments, then "use strict"), which must stay first. */
const PROLOGUE = /^(?:\s*\/\*[\s\S]*?\*\/|\s*\/\/[^\n]*)*\s*(?:(["'])use strict\1;?)?/

/**
 * `modules`: `[package, file in it]` of each module to compile while streaming; each must be the
 * one the bundle requires (a dependency that moved its code elsewhere would otherwise be compiled
 * on the main thread again, silently). After the build, call `parenthesise` on the written file.
 */
export function compileWhileStreaming(modules) {
  const resolveFrom = createRequire(import.meta.url)
  const files = modules.map(([name, file]) => join(dirname(resolveFrom.resolve(`${name}/package.json`)), file))
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const own = new RegExp(`^(${files.map(escape).join('|')})$`)
  const plugin = {
    name: NAME,
    setup(build) {
      const marked = new Set()
      build.onEnd((result) => {
        const missed = files.filter((file) => !marked.has(file))
        if (result.errors.length === 0 && missed.length) {
          return { errors: [{ text: `${NAME}: no module requires ${missed.join(', ')}: update the list in build.mjs` }] }
        }
      })
      build.onLoad({ filter: own }, async ({ path }) => {
        marked.add(path)
        const source = await readFile(path, 'utf8')
        const index = files.indexOf(path)
        const prologue = source.match(PROLOGUE)[0]
        return { contents: `${prologue}\n${mark('start', index)};\n${source.slice(prologue.length)}\n;${mark('end', index)};\n`, loader: 'js' }
      })
    },
  }
  return { plugin, parenthesise: (file) => parenthesise(file, files) }
}

/** Edits of widget.js: at `at`, `remove` characters replaced by `insert`. */
function edits(code, files) {
  const found = []
  const find = (pattern, what) => {
    const matches = [...code.matchAll(pattern)]
    if (matches.length !== 1) throw new Error(`${NAME}: expected one ${what} in the bundle, found ${matches.length}`)
    return matches[0]
  }
  for (let index = 0; index < files.length; index++) {
    // `helper(exports => {"use strict";MARK;` or `MARK,` (the minifier may join it to what follows).
    const start = find(new RegExp(`\\(([\\w$]+=>\\{(?:"use strict";)?)${escapeMark(mark('start', index))}[;,]`, 'g'), `\`helper(exports => {\` starting ${files[index]} (V8 takes a function with one unparenthesised parameter for an immediately invoked one)`)
    found.push({ at: start.index + 1, remove: 0, insert: '(' })
    found.push({ at: start.index + 1 + start[1].length, remove: start[0].length - 1 - start[1].length, insert: '' })
    // `;MARK}` or `,MARK}`: the end of the wrapped function, whose `}` the parenthesis closes after.
    const end = find(new RegExp(`[;,]?${escapeMark(mark('end', index))};?\\}`, 'g'), `end of ${files[index]}`)
    found.push({ at: end.index, remove: end[0].length, insert: '})' })
  }
  return found.sort((a, b) => a.at - b.at)
}

const escapeMark = (text) => text.replace(/[()$]/g, '\\$&')

/** Applies the edits to widget.js and shifts its source map's generated columns to match. */
async function parenthesise(file, files) {
  const code = await readFile(file, 'utf8')
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'))
  const changes = edits(code, files)
  let out = ''
  let from = 0
  for (const { at, remove, insert } of changes) {
    out += code.slice(from, at) + insert
    from = at + remove
  }
  out += code.slice(from)
  // Each edit's line and column in the original, and how far later columns on that line move.
  const lineStarts = [0]
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const lineOf = (offset) => {
    let line = 0
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++
    return line
  }
  const shifts = changes.map(({ at, remove, insert }) => ({ line: lineOf(at), column: at - lineStarts[lineOf(at)], end: at + remove - lineStarts[lineOf(at)], delta: insert.length - remove }))
  map.mappings = shiftColumns(map.mappings, shifts)
  await writeFile(file, out)
  await writeFile(`${file}.map`, JSON.stringify(map))
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function decodeVlq(segment) {
  const values = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = shift = 0
    }
  }
  return values
}

function encodeVlq(values) {
  let text = ''
  for (const value of values) {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1
    do {
      const digit = rest & 31
      rest >>>= 5
      text += BASE64[rest > 0 ? digit | 32 : digit]
    } while (rest > 0)
  }
  return text
}

/**
 * The generated column of every mapping after an edit moves by the edit's length change; a
 * mapping inside removed text moves to where the removal starts. Other fields are relative to
 * the previous segment and untouched.
 */
function shiftColumns(mappings, shifts) {
  return mappings
    .split(';')
    .map((line, index) => {
      const here = shifts.filter((shift) => shift.line === index)
      if (here.length === 0 || line === '') return line
      let column = 0
      let written = 0
      return line
        .split(',')
        .map((segment) => {
          const [relative, ...rest] = decodeVlq(segment)
          column += relative
          let moved = column
          for (const shift of here) {
            if (column >= shift.end) moved += shift.delta
            else if (column > shift.column) moved += shift.column - column
          }
          const encoded = encodeVlq([moved - written, ...rest])
          written = moved
          return encoded
        })
        .join(',')
    })
    .join(';')
}
