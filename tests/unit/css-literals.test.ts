import { build, transform } from 'esbuild'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: build scripts have no type declarations
import { minifyCssLiterals } from '../../scripts/minify-css-literals.mjs'
// @ts-expect-error: build scripts have no type declarations
import { BROWSER_BUILD } from '../../scripts/esbuild-browser.mjs'

/** src/widget/styles.ts bundled as build.mjs would (with or without the plugin), then evaluated: its exports. */
async function widgetCss(plugins: unknown[]): Promise<typeof import('../../src/widget/styles')> {
  const result = await build({
    entryPoints: ['src/widget/styles.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins: plugins as never,
  })
  const code = Buffer.from(result.outputFiles[0]!.contents).toString('base64')
  return (await import(`data:text/javascript;base64,${code}`)) as typeof import('../../src/widget/styles')
}

const minified = async (css: string) => (await transform(css, { loader: 'css', minify: true, target: BROWSER_BUILD.target })).code

describe('the widget stylesheet in widget.js', () => {
  it('is the source stylesheet, minified, with every ${…} value in place', async () => {
    const source = (await widgetCss([])).WIDGET_CSS
    const shipped = (await widgetCss([minifyCssLiterals(BROWSER_BUILD.target)])).WIDGET_CSS
    expect(shipped.length).toBeLessThan(source.length * 0.9)
    expect(shipped).not.toMatch(/__css_slot_|\n/)
    expect(shipped).toContain('z-index:2147483647!important')
    expect(await minified(shipped)).toBe(await minified(source))
  })

  it('keeps the placement rule: the same declarations for the corner and offsets the tag gives', async () => {
    const placement = { position: 'bottom-right', offsetX: 24, offsetY: 30 } as const
    const source = (await widgetCss([])).placementCss(placement)
    const shipped = (await widgetCss([minifyCssLiterals(BROWSER_BUILD.target)])).placementCss(placement)
    expect(shipped).toContain('--chat-right: 24px')
    expect(await minified(shipped)).toBe(await minified(source))
  })
})
