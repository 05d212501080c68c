import { build, transform } from 'esbuild'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: build scripts have no type declarations
import { minifyCssLiterals } from '../../scripts/minify-css-literals.mjs'
// @ts-expect-error: build scripts have no type declarations
import { BROWSER_BUILD } from '../../scripts/esbuild-browser.mjs'

/** src/widget/styles.ts bundled as build.mjs would (with or without the plugin), then evaluated. */
async function widgetCss(plugins: unknown[]): Promise<string> {
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
  return ((await import(`data:text/javascript;base64,${code}`)) as { WIDGET_CSS: string }).WIDGET_CSS
}

const minified = async (css: string) => (await transform(css, { loader: 'css', minify: true, target: BROWSER_BUILD.target })).code

describe('the widget stylesheet in widget.js', () => {
  it('is the source stylesheet, minified, with every ${…} value in place', async () => {
    const source = await widgetCss([])
    const shipped = await widgetCss([minifyCssLiterals(BROWSER_BUILD.target)])
    expect(shipped.length).toBeLessThan(source.length * 0.9)
    expect(shipped).not.toMatch(/__css_slot_|\n/)
    expect(shipped).toContain('z-index:2147483647!important')
    expect(await minified(shipped)).toBe(await minified(source))
  })
})
