/**
 * esbuild plugin for widget.js: the CommonJS modules named here are compiled by V8 on the thread
 * that streams the script in, like the code of the launcher's task, yet still evaluated only
 * where they are required (docs/behaviour.md#start-up).
 *
 * widget.js carries no file-wide compile hint, so V8 only pre-parses most of it before the
 * launcher's task, and compiles each function on the main thread the first time it runs. For
 * most functions that is a fraction of a millisecond; react-dom's client, though, is one 200 KB
 * module function, and compiling it on its first call took a task of about 20 ms (over 100 ms at
 * 4× CPU). V8 compiles a function off the main thread when it looks immediately invoked: a
 * parenthesised function in code that is itself compiled. esbuild wraps each module body in a
 * helper call instead, so here the body moves into a module of its own, imported by the entry,
 * as `(module => { … }).bind(…)`: parenthesised, bound (not called) at load. The
 * module's own file, when required, takes that function and calls it.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

const NAMESPACE = 'compile-while-streaming'
/** Imports the modules' bodies, then the build's own entry. */
const ENTRY = 'entry'
/** The bound bodies, by index, from the entry that binds them to the module files that call them. */
const REGISTRY = 'registry'
const BODY = 'body:'

/**
 * `entry`: the build's own entry file; `modules`: `[package, file in it]` of each module to
 * compile while streaming. The build's entry point is then `compileWhileStreaming.ENTRY`.
 */
export function compileWhileStreaming(entry, modules) {
  const resolveFrom = createRequire(import.meta.url)
  const files = modules.map(([name, file]) => join(dirname(resolveFrom.resolve(`${name}/package.json`)), file))
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const own = new RegExp(`^(${files.map(escape).join('|')})$`)
  const virtual = (path) => `${NAMESPACE}:${path}`
  return {
    name: NAMESPACE,
    setup(build) {
      // Every module named must be the one the bundle requires: a dependency that moved its
      // code elsewhere would otherwise be bundled twice, and compiled on the main thread again.
      const called = new Set()
      build.onEnd((result) => {
        const missed = files.filter((file) => !called.has(file))
        if (result.errors.length === 0 && missed.length) {
          return { errors: [{ text: `${NAMESPACE}: no module requires ${missed.join(', ')}: update the list in build.mjs` }] }
        }
      })
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, ({ path }) => ({ path: path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }))
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async ({ path }) => {
        if (path === ENTRY) {
          // Strict, as the TypeScript entry it stands for made the whole file (tsconfig's `strict`).
          const imports = [...files.map((file) => virtual(BODY + file)), resolve(entry)]
          const contents = ["'use strict'", ...imports.map((specifier) => `import ${JSON.stringify(specifier)}`)].join('\n')
          return { contents, loader: 'js', resolveDir: process.cwd() }
        }
        if (path === REGISTRY) {
          return { contents: 'const bodies = []\nexport const provide = (index, body) => void (bodies[index] = body)\nexport const take = (index) => bodies[index]()', loader: 'js' }
        }
        const file = path.slice(BODY.length)
        const source = await readFile(file, 'utf8')
        return {
          // One parameter, unparenthesised: V8 takes `(name => {` for an immediately invoked function, not `((a, b) => {`.
          contents: [
            `import { provide } from '${virtual(REGISTRY)}'`,
            `provide(${files.indexOf(file)}, (module => {`,
            'var exports = module.exports',
            source,
            'return module.exports',
            '}).bind(null, { exports: {} }))',
          ].join('\n'),
          loader: 'js',
          resolveDir: dirname(file),
        }
      })
      // The module's own file, evaluated where it is required: it calls its body.
      build.onLoad({ filter: own }, ({ path }) => {
        called.add(path)
        return { contents: `module.exports = require('${virtual(REGISTRY)}').take(${files.indexOf(path)})`, loader: 'js' }
      })
    },
  }
}

compileWhileStreaming.ENTRY = `${NAMESPACE}:${ENTRY}`
