// The bundles read the intents folder as the tests do (scripts/esbuild-import-glob.mjs): the
// server bundled with NODE_BUILD holds every entry of src/server/chat/agent/intents/, in the
// same order as Vite's import.meta.glob gives them to the tests.
import { readdirSync } from 'node:fs'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: build scripts have no type declarations
import { NODE_BUILD } from '../../scripts/esbuild-node.mjs'
import { BUILT_IN_INTENTS } from '../../src/server/chat/agent/acts/builtin'

describe('import.meta.glob in the esbuild bundles', () => {
  it('bundles every intent file, in file-name order', async () => {
    const result = await build({
      ...NODE_BUILD,
      entryPoints: ['src/server/chat/agent/acts/builtin.ts'],
      outdir: 'dist/test-import-glob',
      metafile: true,
      write: false,
    })
    const bundled = Object.keys(result.metafile!.inputs).filter((input) => input.startsWith('src/server/chat/agent/intents/')).map((input) => input.split('/').pop())
    const folder = readdirSync('src/server/chat/agent/intents').filter((file) => file.endsWith('.ts'))
    expect(bundled.sort()).toEqual(folder.sort())
    expect(BUILT_IN_INTENTS.map((entry) => `${entry.name}.ts`)).toEqual([...folder].sort())
    const code = result.outputFiles!.map((file) => file.text).join('\n')
    expect(code).not.toContain('import.meta.glob')
  })
})
