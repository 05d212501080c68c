/**
 * esbuild plugin: minifies the CSS of template literals marked `/* css *\/` (the widget's
 * stylesheet, src/widget/styles.ts) with esbuild's own CSS minifier, so the source stays readable
 * and widget.js ships the short form. A `${…}` made only of the constants the file imports by
 * name (`${LAUNCHER_SIZE_PX}px`, `${TYPING_DOTS_CYCLE_MS / 3}ms`) is written into the CSS as its
 * value before minifying: esbuild inlines imported constants only after it has folded template
 * literals, so widget.js would carry `${60}px`. Any other `${…}` is kept: it stands in the CSS
 * as a slot word while the text around it is minified, then goes back in place.
 */
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { build, transform } from 'esbuild'

const MARK = '/* css */ `'
const slot = (index) => `__css_slot_${index}__`
const SLOT = /__css_slot_(\d+)__/g

/** The literal starting at `start` (just after its backtick): its text and `${…}` expressions, and where it ends. */
function readLiteral(source, start) {
  const parts = ['']
  const expressions = []
  let i = start
  while (source[i] !== '`') {
    if (i >= source.length) throw new Error('minify-css-literals: unterminated template literal')
    if (source[i] === '\\') throw new Error('minify-css-literals: escapes in a css literal are not supported')
    if (source.startsWith('${', i)) {
      let depth = 1
      let j = i + 2
      for (; depth > 0; j++) depth += source[j] === '{' ? 1 : source[j] === '}' ? -1 : 0
      expressions.push(source.slice(i + 2, j - 1))
      parts.push('')
      i = j
    } else parts[parts.length - 1] += source[i++]
  }
  return { parts, expressions, end: i + 1 }
}

/** The string and number values the file imports by name (`import { A, B } from './x'`), by local name. */
async function importedConstants(source, path) {
  const constants = {}
  for (const [, names, from] of source.matchAll(/^import \{([^}]*)\} from '([^']+)'/gm)) {
    const { outputFiles } = await build({
      stdin: { contents: `export * from ${JSON.stringify(from)}`, resolveDir: dirname(path), loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    })
    const module = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString('base64')}`)
    for (const name of names.split(',').map((n) => n.trim())) {
      const [imported, local = imported] = name.split(/\s+as\s+/)
      if (typeof module[imported] === 'number' || typeof module[imported] === 'string') constants[local] = module[imported]
    }
  }
  return constants
}

/** The value of an expression made only of those constants and arithmetic, as CSS text; undefined otherwise. */
function constantValue(expression, constants) {
  const names = expression.match(/[A-Za-z_$][\w$]*/g) ?? []
  if (!names.every((name) => Object.hasOwn(constants, name)) || !/^[\w$\s+\-*/().]+$/.test(expression)) return undefined
  const value = new Function(...Object.keys(constants), `return (${expression})`)(...Object.values(constants))
  return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string' ? String(value) : undefined
}

export function minifyCssLiterals(target) {
  return {
    name: 'minify-css-literals',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]widget[\\/][^\\/]+\.ts$/ }, async ({ path }) => {
        let source = await readFile(path, 'utf8')
        if (!source.includes(MARK)) return undefined
        const constants = await importedConstants(source, path)
        for (let at = source.indexOf(MARK); at !== -1; at = source.indexOf(MARK, at + 1)) {
          const { parts, expressions, end } = readLiteral(source, at + MARK.length)
          const css = parts.reduce((text, part, index) => text + (constantValue(expressions[index - 1], constants) ?? slot(index - 1)) + part)
          const { code } = await transform(css, { loader: 'css', minify: true, target })
          const minified = code.trim().replace(SLOT, (_, index) => `\${${expressions[Number(index)]}}`)
          if (minified.includes('`')) throw new Error('minify-css-literals: a backtick in the minified css')
          source = `${source.slice(0, at)}\`${minified}\`${source.slice(end)}`
        }
        return { contents: source, loader: 'ts' }
      })
    },
  }
}
