/**
 * Procedural SVG "photos" for the demo catalogue: simple drawn scenes (façades, towers, beach,
 * pool, palms, interiors, lots, storefronts) at a real photo size. No text, no rasters, no
 * external references, no scripts: every file is a few kilobytes of plain shapes.
 *
 * Every scene is `(rnd, options) => svgString`, where `rnd` is a seeded random source from
 * random.mjs; the same seed always draws the same picture.
 */

export const PHOTO_WIDTH = 1600
export const PHOTO_HEIGHT = 1067
const W = PHOTO_WIDTH
const H = PHOTO_HEIGHT

// ---------------------------------------------------------------------------------------------
// Colours

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v))

function parseHex(hex) {
  const v = parseInt(hex.slice(1), 16)
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
}

function toHex([r, g, b]) {
  return '#' + [r, g, b].map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, '0')).join('')
}

/** Linear mix of two hex colours (t = 0 gives a, t = 1 gives b). */
export function mix(a, b, t) {
  const ca = parseHex(a)
  const cb = parseHex(b)
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t))
}

/** Lighten (t > 0, towards white) or darken (t < 0, towards black). */
export function shade(color, t) {
  return t >= 0 ? mix(color, '#ffffff', t) : mix(color, '#000000', -t)
}

/** Nudge a colour a little, so palettes drawn from the same list still differ. */
function jitter(rnd, color, amount = 0.06) {
  return shade(color, rnd.float(-amount, amount))
}

const WALLS = ['#f5f1ea', '#efe6d6', '#f7f5f0', '#e8e2d8', '#f1e3cc', '#e2e6e8', '#f3ece2', '#ede0cf']
const ACCENT_WALLS = ['#c98b5e', '#b6a58c', '#8f9ba3', '#d9b48a', '#a7b8a8', '#cfa57a', '#7e8a86']
const WOODS = ['#8a5a3b', '#a06b45', '#6d4c35', '#9b7352', '#7a5236']
const SLABS = ['#3d4248', '#f2f2ef', '#55504a', '#e9e6df', '#2f3337']
const GLASS = ['#5f8fa8', '#4d7f99', '#6fa0b3', '#57879a']
const LEAVES = ['#2f7a3d', '#3c8c46', '#2a6b3a', '#447f3a']
const FABRICS = ['#d8cfc2', '#b9c4c9', '#8c9a8a', '#c4a98c', '#9fb3c8', '#e3ddd3', '#7d8c99']
const POPS = ['#e07a4f', '#2a9d8f', '#e9c46a', '#c0567a', '#3d7fb8', '#d4a24c']

/** A palette for one scene. */
export function palette(rnd) {
  return {
    wall: jitter(rnd, rnd.pick(WALLS), 0.03),
    accent: jitter(rnd, rnd.pick(ACCENT_WALLS)),
    wood: jitter(rnd, rnd.pick(WOODS)),
    slab: rnd.pick(SLABS),
    glass: jitter(rnd, rnd.pick(GLASS)),
    leaf: rnd.pick(LEAVES),
    fabric: jitter(rnd, rnd.pick(FABRICS)),
    pop: rnd.pick(POPS),
  }
}

const SKIES = {
  dia: ['#4f9fd8', '#cde7f5', '#fff7da'],
  manana: ['#78b8e3', '#f6e6cc', '#fff3cf'],
  tarde: ['#5d7fbf', '#f5c28a', '#ffe2a8'],
  nublado: ['#8fb0c8', '#e1e8ec', '#f4f4ee'],
}

// ---------------------------------------------------------------------------------------------
// The document and primitive shapes

const r0 = (v) => Math.round(v)

class Drawing {
  constructor() {
    this.defs = []
    this.body = []
  }
  def(markup) {
    this.defs.push(markup)
    return this
  }
  add(...markup) {
    this.body.push(...markup)
    return this
  }
  toString() {
    const defs = this.defs.length ? `<defs>${this.defs.join('')}</defs>` : ''
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      defs +
      this.body.join('') +
      '</svg>\n'
    )
  }
}

const attrs = (extra) => (extra ? ' ' + extra : '')
/** ` fill="…"`, or nothing when the shape inherits its fill from a group. */
const fillAttr = (fill) => (fill ? ` fill="${fill}"` : '')
export const rect = (x, y, w, h, fill, extra) =>
  `<rect${x ? ` x="${r0(x)}"` : ''}${y ? ` y="${r0(y)}"` : ''} width="${r0(w)}" height="${r0(h)}"${fillAttr(fill)}${attrs(extra)}/>`
export const circle = (cx, cy, r, fill, extra) => `<circle cx="${r0(cx)}" cy="${r0(cy)}" r="${r0(r)}"${fillAttr(fill)}${attrs(extra)}/>`
export const ellipse = (cx, cy, rx, ry, fill, extra) =>
  `<ellipse cx="${r0(cx)}" cy="${r0(cy)}" rx="${r0(rx)}" ry="${r0(ry)}"${fillAttr(fill)}${attrs(extra)}/>`
export const poly = (points, fill, extra) =>
  `<polygon points="${points.map(([x, y]) => `${r0(x)},${r0(y)}`).join(' ')}"${fillAttr(fill)}${attrs(extra)}/>`
export const path = (d, fill, extra) => `<path d="${d}"${fillAttr(fill)}${attrs(extra)}/>`
/** A rectangle as a path segment, to merge many same-coloured boxes into one <path>. */
export const box = (x, y, w, h) => `M${r0(x)} ${r0(y)}h${r0(w)}v${r0(h)}h${-r0(w)}z`
/** Shapes sharing one fill. */
const group = (fill, shapes) => `<g fill="${fill}">${shapes.join('')}</g>`
export const line = (x1, y1, x2, y2, stroke, width, extra) =>
  `<line x1="${r0(x1)}" y1="${r0(y1)}" x2="${r0(x2)}" y2="${r0(y2)}" stroke="${stroke}" stroke-width="${width}"${attrs(extra)}/>`

function gradient(id, stops, vertical = true) {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"'
  return `<linearGradient id="${id}" ${dir}>${stops
    .map((c, i) => `<stop offset="${+(i / (stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`
}

// ---------------------------------------------------------------------------------------------
// Landscape pieces

function sky(d, rnd, horizon, mood = 'dia') {
  const [top, bottom, sun] = SKIES[mood] ?? SKIES.dia
  d.def(gradient('sk', [top, bottom]))
  d.add(rect(0, 0, W, horizon, 'url(#sk)'))
  if (mood !== 'nublado') {
    const sx = rnd.float(150, W - 150)
    const sy = rnd.float(horizon * 0.15, horizon * 0.5)
    d.add(circle(sx, sy, 95, sun, 'opacity=".35"'), circle(sx, sy, 55, sun))
  }
  const clouds = rnd.int(mood === 'nublado' ? 4 : 1, mood === 'nublado' ? 6 : 3)
  for (let i = 0; i < clouds; i++) cloud(d, rnd, rnd.float(60, W - 60), rnd.float(60, horizon * 0.55), rnd.float(0.6, 1.3))
}

function cloud(d, rnd, x, y, s) {
  const parts = [ellipse(x, y, 110 * s, 34 * s), ellipse(x - 50 * s, y - 18 * s, 55 * s, 38 * s), ellipse(x + 35 * s, y - 28 * s, 62 * s, 46 * s)]
  d.add(`<g fill="#fff" opacity="${rnd.float(0.7, 0.92).toFixed(2)}">${parts.join('')}</g>`)
}

/** Caribbean sea from `top` to `bottom`, turquoise near the shore. */
function sea(d, rnd, top, bottom = H) {
  d.def(gradient('se', ['#1b6b9c', '#1fa2b9', '#7fd8d2']))
  d.add(rect(0, top, W, bottom - top, 'url(#se)'))
  const waves = []
  for (let i = 0; i < 9; i++) {
    const y = top + (bottom - top) * rnd.float(0.08, 0.95)
    const x = rnd.float(0, W - 200)
    const len = rnd.float(80, 240)
    waves.push(`M${r0(x)} ${r0(y)}q${r0(len / 2)} -8 ${r0(len)} 0`)
  }
  d.add(path(waves.join(''), 'none', 'stroke="#fff" stroke-width="3" opacity=".45"'))
}

function beach(d, top, color = '#efe0bd') {
  d.add(path(`M0 ${top + 30}Q${W / 2} ${top - 25} ${W} ${top + 10}V${H}H0Z`, color))
  d.add(path(`M0 ${top + 30}Q${W / 2} ${top - 25} ${W} ${top + 10}`, 'none', 'stroke="#fff" stroke-width="8" opacity=".7"'))
}

function lawn(d, rnd, top, color = '#6ea24a') {
  d.add(rect(0, top, W, H - top, color))
  const patches = []
  for (let i = 0; i < 6; i++) patches.push(ellipse(rnd.float(0, W), rnd.float(top + 40, H), rnd.float(90, 220), rnd.float(12, 30)))
  d.add(`<g fill="${shade(color, -0.08)}" opacity=".6">${patches.join('')}</g>`)
}

/** A band of low jungle (selva baja) along the horizon. */
function jungle(d, rnd, y, color = '#2f6b3a', count = 20) {
  const even = []
  const odd = []
  for (let i = 0; i < count; i++) {
    const x = (i / (count - 1)) * W + rnd.float(-25, 25)
    ;(i % 2 ? odd : even).push(circle(x, y - rnd.float(0, 35), rnd.float(50, 85)))
  }
  d.add(group(shade(color, 0.1), even), group(color, odd), rect(0, y, W, 60, color))
}

export function palm(d, rnd, x, baseY, height, options = {}) {
  const lean = options.lean ?? rnd.float(-0.18, 0.18) * height
  const leaf = options.leaf ?? rnd.pick(LEAVES)
  const tx = x + lean
  const ty = baseY - height
  const trunk = `<path d="M${r0(x)} ${r0(baseY)}Q${r0(x + lean * 0.15)} ${r0(baseY - height * 0.55)} ${r0(tx)} ${r0(ty)}" stroke="#8a6a4b" stroke-width="${r0(height * 0.045 + 4)}" fill="none" stroke-linecap="round"/>`
  const len = height * 0.42
  const fronds = []
  for (const deg of [195, 222, 250, 282, 312, 340, 8, 168]) {
    const a = ((deg + rnd.float(-8, 8)) * Math.PI) / 180
    const ex = tx + Math.cos(a) * len
    const ey = ty + Math.sin(a) * len * 0.55 + len * 0.38
    const mx = (tx + ex) / 2
    const my = (ty + ey) / 2 - len * 0.28
    const w = len * 0.12
    fronds.push(`M${r0(tx)} ${r0(ty)}Q${r0(mx - w)} ${r0(my - w)} ${r0(ex)} ${r0(ey)}Q${r0(mx + w)} ${r0(my + w * 1.6)} ${r0(tx)} ${r0(ty)}Z`)
  }
  d.add(trunk, path(fronds.join(''), leaf), circle(tx, ty + 8, 11, '#6b4f2e'))
}

function roundTree(d, rnd, x, baseY, size, color) {
  d.add(rect(x - size * 0.06, baseY - size * 0.7, size * 0.12, size * 0.7, '#6d5239'))
  d.add(
    circle(x, baseY - size * 0.95, size * 0.45, color),
    circle(x - size * 0.3, baseY - size * 0.75, size * 0.32, shade(color, 0.08)),
    circle(x + size * 0.3, baseY - size * 0.78, size * 0.34, shade(color, -0.08)),
  )
}

function bushes(d, rnd, x0, x1, y, color) {
  const parts = []
  for (let x = x0; x < x1; x += rnd.float(55, 85)) parts.push(ellipse(x, y - 10, rnd.float(34, 50), rnd.float(20, 32)))
  d.add(group(color, parts))
}

function glassDef(d, pal) {
  d.def(gradient('gl', [shade(pal.glass, 0.45), pal.glass, shade(pal.glass, -0.3)], false))
}

/** A window pane with mullions. */
function windowPane(x, y, w, h, panes = 2, frame = '#2f3337') {
  const out = [rect(x, y, w, h, 'url(#gl)'), rect(x, y, w, h, 'none', `stroke="${frame}" stroke-width="6"`)]
  for (let i = 1; i < panes; i++) out.push(rect(x + (w * i) / panes - 2, y, 4, h, frame))
  out.push(poly([[x + w * 0.15, y], [x + w * 0.35, y], [x + w * 0.1, y + h], [x - 0, y + h]], '#fff', 'opacity=".12"'))
  return out.join('')
}

// ---------------------------------------------------------------------------------------------
// Buildings

/** A contemporary Cancún house: flat roofs, stucco, wood slats, big glass. */
function modernHouse(d, rnd, pal, { x, ground, w, levels }) {
  d.def(`<pattern id="sl" width="16" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${pal.wood}"/><rect x="10" width="6" height="10" fill="${shade(pal.wood, -0.35)}"/></pattern>`)
  d.def(`<pattern id="gd" width="10" height="22" patternUnits="userSpaceOnUse"><rect width="10" height="22" fill="#d9d9d4"/><rect y="19" width="10" height="3" fill="#aaa9a2"/></pattern>`)
  const h1 = rnd.float(210, 250)
  const h2 = rnd.float(180, 215)
  const top1 = ground - h1
  // ground floor
  d.add(rect(x, top1, w, h1, pal.wall))
  const garageW = w * 0.3
  const garageLeft = rnd.chance(0.5)
  const gx = garageLeft ? x + 30 : x + w - garageW - 30
  d.add(rect(gx, ground - h1 * 0.72, garageW, h1 * 0.72, 'url(#gd)'))
  const doorX = garageLeft ? gx + garageW + 40 : x + 40
  d.add(rect(doorX, ground - h1 * 0.8, 70, h1 * 0.8, pal.wood), circle(doorX + 58, ground - h1 * 0.4, 5, '#d8c48a'))
  const winX = garageLeft ? doorX + 110 : doorX + 110
  const winW = garageLeft ? x + w - winX - 30 : gx - winX - 40
  if (winW > 80) d.add(windowPane(winX, top1 + 45, winW, h1 - 60, Math.max(2, Math.round(winW / 110))))
  // upper floor
  let roofTop = top1
  if (levels > 1) {
    const w2 = w * rnd.float(0.62, 0.86)
    const x2 = x + (w - w2) * (rnd.chance(0.5) ? rnd.float(0, 0.2) : rnd.float(0.8, 1)) + rnd.float(-40, 40)
    const top2 = top1 - h2
    d.add(rect(x2, top2, w2, h2, rnd.chance(0.35) ? pal.accent : pal.wall))
    const slatW = w2 * rnd.float(0.22, 0.34)
    const slatLeft = rnd.chance(0.5)
    const sx = slatLeft ? x2 : x2 + w2 - slatW
    d.add(rect(sx, top2, slatW, h2, 'url(#sl)'))
    const gx2 = slatLeft ? sx + slatW + 35 : x2 + 35
    const gw2 = w2 - slatW - 70
    d.add(windowPane(gx2, top2 + 35, gw2, h2 - 50, Math.max(2, Math.round(gw2 / 120))))
    d.add(rect(gx2, top2 + h2 - 48, gw2, 6, '#2f3337'), rect(gx2, top2 + h2 - 62, gw2, 3, '#2f3337', 'opacity=".6"'))
    d.add(rect(x2 - 20, top2 - 18, w2 + 40, 20, pal.slab))
    roofTop = top2 - 18
  }
  d.add(rect(x - 20, top1 - 16, w + 40, 18, pal.slab), rect(x, top1 + 2, w, 14, '#000', 'opacity=".08"'))
  // plinth and planters
  d.add(rect(x - 10, ground - 10, w + 20, 14, shade(pal.wall, -0.15)))
  return roofTop
}

/** A residential tower with balconies and glass, optionally with a crane (under construction). */
function tower(d, rnd, pal, { x, ground, w, h, skeleton = 0 }) {
  const floorH = 44
  const top = ground - h
  d.add(rect(x, top, w, h, 'url(#gl)'))
  const slabs = []
  for (let y = ground - floorH; y > top; y -= floorH) slabs.push(`M${r0(x - 12)} ${r0(y)}h${r0(w + 24)}v9h${r0(-w - 24)}z`)
  d.add(path(slabs.join(''), pal.wall))
  const rails = []
  for (let y = ground - floorH; y > top; y -= floorH) rails.push(`M${r0(x - 12)} ${r0(y - 16)}h${r0(w + 24)}`)
  d.add(path(rails.join(''), 'none', 'stroke="#fff" stroke-width="2" opacity=".55"'))
  const cols = Math.max(2, Math.round(w / 90))
  for (let i = 1; i < cols; i++) d.add(rect(x + (w * i) / cols - 4, top, 8, h, shade(pal.wall, -0.08)))
  d.add(rect(x + w * 0.82, top, w * 0.18, h, pal.wall, 'opacity=".9"'), rect(x - 18, top - 16, w + 36, 18, pal.slab))
  d.add(poly([[x + w * 0.1, top], [x + w * 0.3, top], [x + w * 0.05, ground], [x, ground], [x, top + h * 0.3]], '#fff', 'opacity=".1"'))
  if (skeleton > 0) {
    const sTop = top - skeleton
    const parts = []
    for (let y = top; y > sTop; y -= floorH) parts.push(rect(x, y - 8, w, 8))
    for (let i = 0; i <= cols; i++) parts.push(rect(x + (w * i) / cols - 5, sTop, 10, skeleton))
    d.add(group('#aaa69d', parts))
    crane(d, x + w * 0.6, sTop - 40, ground)
  }
}

function crane(d, x, top, ground) {
  const y = top - 60
  d.add(rect(x - 10, y, 20, ground - y, '#e0a526'))
  d.add(path(`M${r0(x - 10)} ${r0(y + 20)}L${r0(x + 10)} ${r0(y + 60)}M${r0(x + 10)} ${r0(y + 60)}L${r0(x - 10)} ${r0(y + 100)}`, 'none', 'stroke="#b7801a" stroke-width="4"'))
  d.add(rect(x - 180, y - 14, 520, 16, '#e0a526'), rect(x - 170, y + 2, 60, 40, '#8d8d87'))
  d.add(line(x + 260, y + 2, x + 260, y + 180, '#555', 3), rect(x + 245, y + 180, 30, 18, '#8d8d87'))
}

/** A low-rise beachfront condo with stepped terraces. */
function stepCondo(d, rnd, pal, { x, ground, w, floors }) {
  const floorH = 62
  const walls = []
  const glass = []
  const mullions = []
  const slabs = []
  const rails = []
  for (let f = 0; f < floors; f++) {
    const inset = f * rnd.float(14, 30)
    const fx = x + inset
    const fw = w - inset * 1.6
    const y = ground - (f + 1) * floorH
    const bays = Math.round(fw / 140)
    walls.push(box(fx, y, fw, floorH))
    glass.push(box(fx + 20, y + 12, fw - 40, floorH - 24))
    for (let i = 1; i < bays; i++) mullions.push(box(fx + (fw * i) / bays - 4, y + 8, 8, floorH - 8))
    slabs.push(box(fx - 14, y + floorH - 10, fw + 28, 10))
    rails.push(box(fx - 14, y + floorH - 26, fw + 28, 3))
  }
  d.add(path(walls.join(''), pal.wall), path(glass.join(''), 'url(#gl)'), path(mullions.join(''), pal.wall))
  d.add(path(slabs.join(''), shade(pal.wall, -0.12)), path(rails.join(''), '#fff', 'opacity=".8"'))
  d.add(rect(x + w * 0.05, ground - floors * floorH - 14, w * 0.7, 14, pal.slab))
}

function umbrella(d, x, y, color) {
  d.add(line(x, y, x, y + 110, '#6d5239', 5), path(`M${x - 70} ${y + 12}Q${x} ${y - 45} ${x + 70} ${y + 12}Z`, color))
}

function lounger(d, x, y, color = '#f7f7f2') {
  d.add(poly([[x, y], [x + 120, y], [x + 150, y - 40], [x + 160, y - 36], [x + 135, y + 8], [x, y + 8]], color), rect(x + 8, y + 8, 6, 14, '#777'), rect(x + 120, y + 8, 6, 14, '#777'))
}

function car(d, x, y, color) {
  d.add(
    path(`M${x} ${y}v-30q0-10 12-12l40-6 30-30q8-8 20-8h90q12 0 20 8l34 32 40 6q12 2 12 14v26z`, color),
    poly([[x + 92, y - 74], [x + 128, y - 74], [x + 128, y - 46], [x + 68, y - 46]], '#cfe3ec'),
    poly([[x + 140, y - 74], [x + 186, y - 74], [x + 210, y - 46], [x + 140, y - 46]], '#cfe3ec'),
    circle(x + 60, y, 24, '#222'),
    circle(x + 240, y, 24, '#222'),
    circle(x + 60, y, 10, '#999'),
    circle(x + 240, y, 10, '#999'),
  )
}

// ---------------------------------------------------------------------------------------------
// Exterior scenes

/** Façade of a house with garden (and pool when asked). */
export function houseScene(rnd, { levels = 2, pool = false, lagoon = false, mood, palms, car: withCar } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  const horizon = 700
  sky(d, rnd, horizon, mood ?? rnd.pick(['dia', 'dia', 'manana', 'tarde']))
  if (lagoon) {
    d.add(rect(0, 600, W, 120, '#3f9aa6'))
    jungle(d, rnd, 610, '#3d7a4a', 14)
  } else jungle(d, rnd, 660, shade(pal.leaf, -0.1))
  lawn(d, rnd, 700, jitter(rnd, '#6ea24a', 0.08))
  const w = rnd.float(820, 1020)
  const x = rnd.float(200, W - w - 200)
  const ground = 830
  modernHouse(d, rnd, pal, { x, ground, w, levels })
  bushes(d, rnd, x - 40, x + w + 40, ground + 8, pal.leaf)
  d.add(poly([[x + w * 0.2, ground + 4], [x + w * 0.45, ground + 4], [x + w * 0.55, H], [x + w * 0.05, H]], '#cfc8ba'))
  if (pool) {
    d.add(poly([[x + w * 0.55, ground + 40], [x + w + 120, ground + 40], [x + w + 260, ground + 200], [x + w * 0.58, ground + 200]], '#e6e1d6'))
    d.add(poly([[x + w * 0.6, ground + 55], [x + w + 110, ground + 55], [x + w + 220, ground + 185], [x + w * 0.62, ground + 185]], '#3cc0cf'))
    d.add(path(`M${r0(x + w * 0.7)} ${ground + 110}q40 -8 80 0t80 0M${r0(x + w * 0.9)} ${ground + 150}q40 -8 80 0`, 'none', 'stroke="#fff" stroke-width="3" opacity=".6"'))
  }
  const palmCount = palms ?? rnd.int(1, 3)
  for (let i = 0; i < palmCount; i++) {
    const left = i % 2 === 0
    palm(d, rnd, left ? rnd.float(40, x + 40) : rnd.float(x + w - 40, W - 40), ground + rnd.float(10, 60), rnd.float(420, 560))
  }
  if (withCar ?? rnd.chance(0.6)) car(d, x + w * 0.18, H - 40, rnd.pick(['#c0392b', '#f0f0f0', '#2c3e50', '#7f8c8d', '#1f5f8b']))
  return d.toString()
}

/** One or two residential towers, with the sea behind them when `sea` is set. */
export function towerScene(rnd, { withSea = true, construction = false, marina = false, low = false, mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  const horizon = withSea ? 640 : 760
  sky(d, rnd, horizon, mood ?? rnd.pick(['dia', 'dia', 'tarde', 'manana']))
  if (withSea) sea(d, rnd, horizon, 900)
  else {
    jungle(d, rnd, 740, shade(pal.leaf, -0.1), 20)
    d.add(rect(0, 790, W, 110, marina ? '#d8d2c4' : '#6ea24a'))
  }
  const ground = 900
  const towers = low ? 2 : rnd.int(1, 2)
  for (let i = 0; i < towers; i++) {
    // Mid-rise buildings are wider; towers under construction leave room for the crane.
    const w = low ? rnd.float(380, 460) : rnd.float(260, 360)
    const x = towers === 1 ? rnd.float(500, 900) : i === 0 ? rnd.float(240, 380) : rnd.float(860, 1000)
    const h = (low ? rnd.float(330, 460) : construction ? rnd.float(400, 520) : rnd.float(540, 780)) - i * 80
    tower(d, rnd, pal, { x, ground, w, h, skeleton: construction && i === 0 ? 220 : 0 })
  }
  d.add(rect(0, ground, W, H - ground, marina ? '#2b8fa6' : '#d8d2c4'))
  if (marina) {
    for (let i = 0; i < 3; i++) boat(d, rnd.float(80, W - 380), rnd.float(ground + 40, H - 40), rnd.float(0.7, 1.1))
  } else {
    lawn(d, rnd, ground + 30, '#6ea24a')
    if (construction) fence(d, ground + 20, rnd.pick(POPS))
  }
  // Palms frame the picture at the sides, so the building stays visible.
  for (let i = 0; i < rnd.int(2, 4); i++) palm(d, rnd, i % 2 ? rnd.float(W - 260, W - 40) : rnd.float(40, 260), ground + rnd.float(40, 120), rnd.float(380, 520))
  return d.toString()
}

function boat(d, x, y, s) {
  d.add(
    path(`M${r0(x)} ${r0(y)}h${r0(300 * s)}l${r0(-40 * s)} ${r0(40 * s)}h${r0(-230 * s)}z`, '#fafafa'),
    rect(x + 60 * s, y - 40 * s, 140 * s, 40 * s, '#e8edf0'),
    rect(x + 80 * s, y - 30 * s, 100 * s, 16 * s, '#3f5f73'),
    line(x + 130 * s, y - 40 * s, x + 130 * s, y - 230 * s, '#ccc', 4),
    rect(x - 10, y + 38 * s, 320 * s, 6, '#fff', 'opacity=".35"'),
  )
}

function fence(d, y, color) {
  d.add(rect(0, y - 70, W, 70, color, 'opacity=".9"'), rect(0, y - 70, W, 8, '#fff', 'opacity=".6"'))
  for (let x = 0; x < W; x += 200) d.add(rect(x, y - 76, 8, 80, '#666'))
}

/** Beachfront: sand, sea and a stepped condo building. */
export function beachScene(rnd, { mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  const horizon = 560
  sky(d, rnd, horizon, mood ?? rnd.pick(['dia', 'dia', 'manana', 'tarde']))
  sea(d, rnd, horizon, 860)
  beach(d, 820)
  const left = rnd.chance(0.5)
  const w = rnd.float(640, 820)
  const x = left ? rnd.float(-60, 40) : W - w - rnd.float(-60, 40)
  stepCondo(d, rnd, pal, { x, ground: 880, w, floors: rnd.int(5, 7) })
  bushes(d, rnd, x, x + w, 890, pal.leaf)
  const freeX = left ? x + w + 80 : 120
  for (let i = 0; i < rnd.int(2, 3); i++) umbrella(d, freeX + i * 190 + rnd.float(-20, 20), rnd.float(860, 900), rnd.pick(['#f2f2ea', '#2a9d8f', '#e9c46a', '#e07a4f']))
  lounger(d, freeX + 60, 1010)
  lounger(d, freeX + 260, 1020)
  for (let i = 0; i < rnd.int(2, 3); i++) palm(d, rnd, left ? rnd.float(x + w - 100, W - 50) : rnd.float(50, x + 100), rnd.float(880, 960), rnd.float(440, 600))
  return d.toString()
}

/** A cleared lot with stakes and fence, jungle behind. */
export function lotScene(rnd, { neighbours = false, size = 'normal', mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 640, mood ?? rnd.pick(['dia', 'dia', 'manana', 'nublado']))
  jungle(d, rnd, 600, shade(pal.leaf, -0.05), 30)
  d.add(rect(0, 640, W, H - 640, '#7fae52'))
  const soil = jitter(rnd, '#d9c190', 0.05)
  const far = size === 'grande' ? 650 : 690
  d.add(poly([[220, far], [1380, far], [1560, 980], [40, 980]], soil))
  const grass = []
  for (let i = 0; i < 14; i++) grass.push(ellipse(rnd.float(200, 1400), rnd.float(far + 30, 960), rnd.float(20, 70), rnd.float(6, 16)))
  d.add(`<g fill="#8fb85d" opacity=".8">${grass.join('')}</g>`)
  // fence posts along the sides, wire between them
  const posts = []
  for (let i = 0; i <= 8; i++) {
    const t = i / 8
    posts.push(rect(220 - 180 * t, far + (980 - far) * t - 60 - 40 * t, 8 + 6 * t, 60 + 40 * t))
    posts.push(rect(1380 + 180 * t, far + (980 - far) * t - 60 - 40 * t, 8 + 6 * t, 60 + 40 * t))
  }
  d.add(group('#7a6a55', posts))
  d.add(path(`M220 ${far - 45}L40 ${980 - 70}M220 ${far - 25}L40 ${980 - 35}M1384 ${far - 45}L1566 ${980 - 70}M1384 ${far - 25}L1566 ${980 - 35}`, 'none', 'stroke="#555" stroke-width="2"'))
  // corner stakes (mojoneras)
  for (const [sx, sy] of [[260, far + 15], [1330, far + 15], [150, 930], [1450, 930]]) d.add(rect(sx, sy - 34, 10, 34, '#f3efe6'), rect(sx, sy - 34, 10, 10, '#e0592a'))
  // a blank sign board
  const bx = rnd.float(500, 950)
  d.add(rect(bx, 700, 10, 150, '#5a4a3a'), rect(bx + 250, 700, 10, 150, '#5a4a3a'), rect(bx - 20, 640, 300, 120, '#fbfaf6'), rect(bx - 20, 640, 300, 26, pal.pop), rect(bx + 10, 690, 180, 12, '#c9c4b8'), rect(bx + 10, 715, 120, 12, '#c9c4b8'))
  if (neighbours) modernHouse(d, rnd, pal, { x: 1420, ground: 660, w: 300, levels: 2 })
  d.add(rect(0, 985, W, 82, '#6c6c69'), rect(0, 1022, W, 6, '#e8e4d8', 'opacity=".7"'))
  palm(d, rnd, rnd.float(60, 200), 1000, rnd.float(380, 460))
  return d.toString()
}

/** A strip plaza with shop fronts and awnings. */
export function storefrontScene(rnd, { units = 4, mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 760, mood ?? 'dia')
  const top = 380
  const ground = 800
  d.add(rect(60, top, W - 120, ground - top, pal.wall), rect(40, top - 60, W - 80, 80, pal.accent))
  const uw = (W - 120) / units
  for (let i = 0; i < units; i++) {
    const ux = 60 + i * uw
    const color = rnd.pick(POPS)
    d.add(windowPane(ux + 30, top + 150, uw - 60, ground - top - 150, 3))
    d.add(poly([[ux + 20, top + 110], [ux + uw - 20, top + 110], [ux + uw - 5, top + 170], [ux + 5, top + 170]], color))
    d.add(rect(ux + 40, top + 60, uw - 80, 34, shade(color, 0.7)))
    d.add(rect(ux - 8, top + 20, 16, ground - top - 20, shade(pal.wall, -0.2)))
  }
  d.add(rect(0, ground, W, 40, '#cfcac0'), rect(0, ground + 40, W, H - ground - 40, '#555653'))
  const marks = []
  for (let x = 40; x < W; x += 190) marks.push(`M${x} ${ground + 80}l-40 ${H - ground - 80}`)
  d.add(path(marks.join(''), 'none', 'stroke="#fff" stroke-width="6" opacity=".8"'))
  car(d, rnd.float(100, 500), 1010, rnd.pick(['#c0392b', '#f0f0f0', '#2c3e50']))
  palm(d, rnd, rnd.float(30, 120), ground + 10, 520)
  palm(d, rnd, rnd.float(W - 140, W - 40), ground + 10, 480)
  return d.toString()
}

/** A glass office building. */
export function officeScene(rnd, { mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 800, mood ?? rnd.pick(['dia', 'manana']))
  jungle(d, rnd, 780, shade(pal.leaf, -0.1), 18)
  const x = rnd.float(320, 560)
  const w = rnd.float(560, 760)
  const top = rnd.float(140, 260)
  const ground = 860
  d.add(rect(x, top, w, ground - top, 'url(#gl)'))
  const grid = []
  for (let y = top; y < ground; y += 70) grid.push(`M${r0(x)} ${r0(y)}h${r0(w)}`)
  for (let gx = x; gx < x + w; gx += 95) grid.push(`M${r0(gx)} ${r0(top)}V${ground}`)
  d.add(path(grid.join(''), 'none', `stroke="${pal.slab === '#f2f2ef' || pal.slab === '#e9e6df' ? '#cfd3d4' : pal.slab}" stroke-width="5"`))
  d.add(rect(x - 30, top - 30, w + 60, 34, pal.wall), rect(x + w, top + 40, 140, ground - top - 40, pal.wall))
  d.add(rect(x + w * 0.3, ground - 120, w * 0.4, 16, pal.slab), rect(x + w * 0.35, ground - 104, w * 0.3, 104, '#25313a', 'opacity=".75"'))
  d.add(rect(0, ground, W, H - ground, '#cfcac0'))
  for (let i = 0; i < 3; i++) roundTree(d, rnd, rnd.float(80, W - 80), ground + rnd.float(40, 150), rnd.float(170, 240), pal.leaf)
  return d.toString()
}

/** A warehouse (bodega) with roll-up doors and a truck. */
export function warehouseScene(rnd, { mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 760, mood ?? rnd.pick(['dia', 'nublado']))
  jungle(d, rnd, 700, '#3d6b3f', 20)
  d.def('<pattern id="cr" width="18" height="10" patternUnits="userSpaceOnUse"><rect width="18" height="10" fill="#c9cdd0"/><rect width="4" height="10" fill="#aab0b4"/></pattern>')
  d.def('<pattern id="rd" width="10" height="16" patternUnits="userSpaceOnUse"><rect width="10" height="16" fill="#e2e2dc"/><rect y="13" width="10" height="3" fill="#b6b6ae"/></pattern>')
  const ground = 820
  d.add(poly([[150, 420], [800, 330], [1450, 420], [1450, ground], [150, ground]], 'url(#cr)'))
  d.add(poly([[130, 424], [800, 320], [1470, 424], [1470, 440], [800, 338], [130, 440]], pal.accent))
  for (let i = 0; i < 3; i++) d.add(rect(260 + i * 380, 560, 260, ground - 560, 'url(#rd)'), rect(250 + i * 380, 550, 280, 12, '#555'))
  d.add(rect(150, 470, 1300, 40, pal.pop, 'opacity=".85"'))
  d.add(rect(0, 755, W, H - 755, '#8f8d86'))
  d.add(rect(860, 820, 380, 150, '#f4f4f0'), rect(1240, 860, 130, 110, pal.pop), rect(1280, 875, 70, 40, '#cfe3ec'))
  for (const wx of [920, 1020, 1300]) d.add(circle(wx, 975, 30, '#222'), circle(wx, 975, 12, '#999'))
  return d.toString()
}

/** A gated entrance (caseta de vigilancia, pluma and wall). */
export function gateScene(rnd, { mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 720, mood ?? 'dia')
  jungle(d, rnd, 640, shade(pal.leaf, -0.1), 22)
  lawn(d, rnd, 700, '#6ea24a')
  d.add(rect(0, 560, 560, 220, pal.accent), rect(1040, 560, 560, 220, pal.accent), rect(0, 550, 560, 14, pal.slab), rect(1040, 550, 560, 14, pal.slab))
  d.add(rect(600, 520, 200, 260, pal.wall), windowPane(620, 560, 160, 110, 2), rect(580, 500, 240, 24, pal.slab))
  d.add(rect(430, 480, 740, 36, pal.slab), rect(450, 516, 26, 264, pal.wood), rect(1124, 516, 26, 264, pal.wood))
  d.add(rect(820, 690, 22, 80, '#444'), rect(842, 696, 300, 14, '#f4f4f0'))
  for (let x = 860; x < 1140; x += 60) d.add(rect(x, 696, 28, 14, '#d23c2a'))
  d.add(poly([[560, 780], [1040, 780], [1300, H], [300, H]], '#9a978f'), path(`M800 790V${H}`, 'none', 'stroke="#f2e6a0" stroke-width="8" stroke-dasharray="40 30"'))
  bushes(d, rnd, 0, 540, 790, pal.leaf)
  bushes(d, rnd, 1060, W, 790, pal.leaf)
  palm(d, rnd, 380, 800, 520, { lean: -40 })
  palm(d, rnd, 1230, 800, 540, { lean: 40 })
  return d.toString()
}

/** A residential park: lawn, paths, trees and a small playground. */
export function parkScene(rnd, { mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 620, mood ?? rnd.pick(['dia', 'manana']))
  jungle(d, rnd, 580, shade(pal.leaf, -0.1), 24)
  for (let i = 0; i < 2; i++) modernHouse(d, rnd, palette(rnd), { x: 120 + i * 760, ground: 640, w: 340, levels: 2 })
  lawn(d, rnd, 640, '#73a94c')
  d.add(path(`M0 1000C400 820 700 760 1600 720`, 'none', 'stroke="#e3d7bd" stroke-width="46"'))
  const px = rnd.float(900, 1200)
  d.add(rect(px, 760, 16, 200, pal.pop), rect(px + 300, 760, 16, 200, pal.pop), rect(px - 10, 750, 336, 16, pal.pop))
  d.add(line(px + 90, 766, px + 90, 890, '#555', 4), line(px + 150, 766, px + 150, 890, '#555', 4), rect(px + 80, 890, 80, 12, '#333'))
  d.add(poly([[px + 200, 960], [px + 240, 790], [px + 270, 790], [px + 290, 960]], '#e9c46a'))
  for (let i = 0; i < 3; i++) roundTree(d, rnd, rnd.float(60, 820), rnd.float(760, 1000), rnd.float(180, 260), pal.leaf)
  palm(d, rnd, rnd.float(1350, 1550), 900, 500)
  return d.toString()
}

// ---------------------------------------------------------------------------------------------
// Interiors: a room box in one-point perspective

const BACK = { x0: 260, x1: 1340, y0: 150, y1: 720 }

function room(d, rnd, { wall, floor, planks = true }) {
  d.add(poly([[0, 0], [W, 0], [BACK.x1, BACK.y0], [BACK.x0, BACK.y0]], shade(wall, 0.25)))
  d.add(poly([[0, 0], [BACK.x0, BACK.y0], [BACK.x0, BACK.y1], [0, H]], shade(wall, -0.06)))
  d.add(poly([[W, 0], [BACK.x1, BACK.y0], [BACK.x1, BACK.y1], [W, H]], shade(wall, -0.1)))
  d.add(rect(BACK.x0, BACK.y0, BACK.x1 - BACK.x0, BACK.y1 - BACK.y0, wall))
  d.add(poly([[BACK.x0, BACK.y1], [BACK.x1, BACK.y1], [W, H], [0, H]], floor))
  if (planks) {
    const lines = []
    for (let i = 1; i < 12; i++) {
      const bx = BACK.x0 + ((BACK.x1 - BACK.x0) * i) / 12
      const fx = -500 + (2600 * i) / 12
      lines.push(`M${r0(bx)} ${BACK.y1}L${r0(fx)} ${H}`)
    }
    d.add(path(lines.join(''), 'none', `stroke="${shade(floor, -0.15)}" stroke-width="2"`))
  }
  d.add(rect(BACK.x0, BACK.y1 - 14, BACK.x1 - BACK.x0, 14, shade(wall, -0.15)))
}

/** A window on the back wall with a view: 'mar', 'jardin' or 'ciudad'. */
function viewWindow(d, rnd, x, y, w, h, view, panes = 3) {
  const out = [rect(x, y, w, h, '#bfe3f5')]
  const horizon = y + h * 0.55
  if (view === 'mar') {
    out.push(rect(x, horizon, w, y + h - horizon, '#25a6bd'), rect(x, horizon, w, 8, '#1b6b9c'))
  } else if (view === 'ciudad') {
    for (let bx = x; bx < x + w; bx += rnd.float(50, 90)) {
      const bh = rnd.float(h * 0.2, h * 0.6)
      out.push(rect(bx, y + h - bh, rnd.float(40, 80), bh, rnd.pick(['#d9d4c9', '#c2c9cc', '#e7dfd1', '#b5bec2'])))
    }
  } else {
    out.push(rect(x, horizon, w, y + h - horizon, '#6ea24a'))
    for (let i = 0; i < 5; i++) out.push(circle(x + rnd.float(0, w), horizon + rnd.float(-10, 20), rnd.float(30, 60), '#3c8c46'))
  }
  out.push(rect(x, y, w, h, 'none', 'stroke="#2f3337" stroke-width="10"'))
  for (let i = 1; i < panes; i++) out.push(rect(x + (w * i) / panes - 4, y, 8, h, '#2f3337'))
  d.add(`<g>${out.join('')}</g>`)
}

function plant(d, x, y, s, leaf) {
  d.add(poly([[x - 40 * s, y - 90 * s], [x + 40 * s, y - 90 * s], [x + 30 * s, y], [x - 30 * s, y]], '#c9b79c'))
  const leaves = []
  for (let i = 0; i < 7; i++) {
    const a = -150 + i * 20
    leaves.push(`<ellipse cx="${r0(x)}" cy="${r0(y - 170 * s)}" rx="${r0(22 * s)}" ry="${r0(85 * s)}" transform="rotate(${a + 90} ${r0(x)} ${r0(y - 90 * s)})"/>`)
  }
  d.add(`<g fill="${leaf}">${leaves.join('')}</g>`)
}

function wallArt(d, rnd, x, y, w, h) {
  d.add(rect(x - 10, y - 10, w + 20, h + 20, '#2f3337'), rect(x, y, w, h, '#f7f3ea'))
  d.add(circle(x + w * rnd.float(0.3, 0.7), y + h * 0.45, Math.min(w, h) * 0.25, rnd.pick(POPS)), rect(x + w * 0.15, y + h * 0.68, w * 0.7, h * 0.12, rnd.pick(POPS), 'opacity=".7"'))
}

export function livingScene(rnd, { view = 'jardin' } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  room(d, rnd, { wall: pal.wall, floor: jitter(rnd, rnd.pick(['#c8a27a', '#d8c7ad', '#bfb8ad', '#e4dccf']), 0.05) })
  const wx = rnd.chance(0.5) ? 340 : 760
  viewWindow(d, rnd, wx, 200, 500, 380, view, 3)
  wallArt(d, rnd, wx === 340 ? 960 : 420, 260, 240, 170)
  // sofa
  const sx = rnd.float(360, 520)
  const sw = 640
  const fab = pal.fabric
  d.add(rect(sx, 560, sw, 130, shade(fab, -0.1), 'rx="18"'), rect(sx - 30, 610, 60, 170, shade(fab, -0.18), 'rx="16"'), rect(sx + sw - 30, 610, 60, 170, shade(fab, -0.18), 'rx="16"'))
  d.add(rect(sx + 20, 680, sw - 40, 90, fab, 'rx="12"'), rect(sx + 60, 590, 110, 90, rnd.pick(POPS), 'rx="14"'), rect(sx + sw - 170, 590, 110, 90, shade(fab, 0.4), 'rx="14"'))
  // rug and coffee table
  d.add(poly([[sx - 80, 830], [sx + sw + 80, 830], [sx + sw + 200, 1000], [sx - 200, 1000]], shade(fab, 0.35)))
  d.add(ellipse(sx + sw / 2, 860, 190, 40, pal.wood), rect(sx + sw / 2 - 150, 860, 300, 40, shade(pal.wood, -0.2)), circle(sx + sw / 2 - 40, 840, 20, '#f2efe8'))
  // lamp and plant
  d.add(line(sx + sw + 120, 560, sx + sw + 120, 800, '#2f3337', 6), poly([[sx + sw + 70, 560], [sx + sw + 170, 560], [sx + sw + 150, 490], [sx + sw + 90, 490]], '#f3e3c0'))
  plant(d, rnd.chance(0.5) ? 200 : 1420, 960, 1.3, pal.leaf)
  return d.toString()
}

export function kitchenScene(rnd, { view = 'jardin' } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  room(d, rnd, { wall: pal.wall, floor: jitter(rnd, rnd.pick(['#d8d3c9', '#bfb8ad', '#e4dccf']), 0.04), planks: false })
  const cab = rnd.chance(0.5) ? pal.wood : rnd.pick(['#f4f2ec', '#3d4248', '#8fa39a', '#2f4858'])
  // upper cabinets and window
  d.add(rect(300, 190, 420, 170, cab), path('M440 190v170M580 190v170', 'none', `stroke="${shade(cab, -0.2)}" stroke-width="3"`))
  viewWindow(d, rnd, 780, 200, 380, 250, view, 2)
  d.add(rect(1200, 190, 120, 520, shade(cab, -0.05)))
  // back counter
  d.add(rect(300, 540, 900, 170, cab), rect(290, 520, 920, 22, '#ece9e2'), rect(300, 360, 900, 160, shade(pal.wall, 0.3)))
  d.add(rect(560, 500, 140, 20, '#9aa0a3'), rect(880, 430, 14, 90, '#9aa0a3'), rect(850, 430, 60, 10, '#9aa0a3'))
  // island and stools
  d.add(rect(380, 760, 840, 200, shade(cab, -0.12)), rect(360, 730, 880, 34, '#f0ede6'))
  for (let i = 0; i < 3; i++) {
    const x = 470 + i * 250
    d.add(rect(x, 900, 110, 22, '#2f3337', 'rx="8"'), line(x + 20, 920, x + 5, H, '#2f3337', 6), line(x + 90, 920, x + 105, H, '#2f3337', 6))
    d.add(line(x + 55, 0, x + 55, 120, '#2f3337', 3), path(`M${x + 15} 160a40 40 0 0 1 80 0z`, rnd.pick(['#2f3337', '#d4a24c', '#f2efe8'])))
  }
  d.add(circle(700, 715, 22, '#e9c46a'), circle(740, 718, 18, '#e07a4f'), circle(1050, 690, 30, '#f4f2ec'))
  plant(d, 1100, 735, 0.5, pal.leaf)
  return d.toString()
}

export function bedroomScene(rnd, { view = 'jardin' } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  room(d, rnd, { wall: pal.wall, floor: jitter(rnd, rnd.pick(['#c8a27a', '#d8c7ad', '#b89470']), 0.05) })
  viewWindow(d, rnd, rnd.chance(0.5) ? 300 : 1000, 220, 300, 340, view, 2)
  const cx = 800
  d.add(rect(cx - 330, 380, 660, 300, pal.wood, 'rx="10"'))
  d.add(poly([[cx - 360, 640], [cx + 360, 640], [cx + 470, 940], [cx - 470, 940]], '#f6f4ef'))
  d.add(poly([[cx - 380, 760], [cx + 380, 760], [cx + 470, 940], [cx - 470, 940]], pal.fabric), rect(cx - 470, 940, 940, 40, shade(pal.fabric, -0.2)))
  d.add(rect(cx - 280, 580, 220, 90, '#fff', 'rx="20"'), rect(cx + 60, 580, 220, 90, '#fff', 'rx="20"'), rect(cx - 120, 630, 240, 80, rnd.pick(POPS), 'rx="18"'))
  for (const nx of [cx - 520, cx + 400]) {
    d.add(rect(nx, 620, 120, 150, shade(pal.wood, 0.15)), line(nx + 60, 560, nx + 60, 620, '#2f3337', 5), poly([[nx + 20, 560], [nx + 100, 560], [nx + 85, 500], [nx + 35, 500]], '#f3e3c0'))
  }
  wallArt(d, rnd, cx - 130, 220, 260, 130)
  return d.toString()
}

export function bathroomScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  d.def(`<pattern id="tl" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="${shade(pal.wall, -0.04)}"/><path d="M0 0h80v80" fill="none" stroke="${shade(pal.wall, -0.14)}" stroke-width="2"/></pattern>`)
  room(d, rnd, { wall: pal.wall, floor: jitter(rnd, '#cfc9bf', 0.05), planks: false })
  d.add(rect(BACK.x0, BACK.y0, BACK.x1 - BACK.x0, BACK.y1 - BACK.y0, 'url(#tl)'))
  d.add(rect(340, 560, 560, 170, pal.wood), rect(320, 540, 600, 24, '#f2f0ea'), ellipse(620, 545, 90, 14, '#fff'), rect(612, 480, 16, 60, '#9aa0a3'))
  d.add(rect(400, 230, 440, 260, '#cfe3ec', 'rx="12"'), rect(400, 230, 440, 260, 'none', `stroke="${pal.wood}" stroke-width="10" rx="12"`))
  d.add(rect(1000, 170, 300, 560, '#d8ecf2', 'opacity=".55"'), rect(1000, 170, 300, 560, 'none', 'stroke="#9aa0a3" stroke-width="6"'), circle(1150, 230, 36, '#9aa0a3'))
  plant(d, 200, 960, 1, pal.leaf)
  d.add(rect(1380, 380, 120, 16, '#9aa0a3'), rect(1390, 396, 100, 220, pal.fabric))
  return d.toString()
}

/** A terrace: deck, glass railing and the sea (or the city). */
export function terraceScene(rnd, { view = 'mar', mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  sky(d, rnd, 560, mood ?? rnd.pick(['dia', 'tarde', 'manana']))
  if (view === 'mar') sea(d, rnd, 560, 760)
  else {
    d.add(rect(0, 560, W, 200, '#8fae8c'))
    for (let x = 0; x < W; x += rnd.float(60, 110)) d.add(rect(x, 560 - rnd.float(30, 180), rnd.float(50, 90), 200, rnd.pick(['#d9d4c9', '#c2c9cc', '#e7dfd1'])))
  }
  d.add(rect(0, 760, W, H - 760, jitter(rnd, '#b08a62', 0.06)))
  const planks = []
  for (let y = 780; y < H; y += 34) planks.push(`M0 ${y}H${W}`)
  d.add(path(planks.join(''), 'none', 'stroke="#000" stroke-width="2" opacity=".12"'))
  d.add(rect(0, 600, W, 160, '#dff3f7', 'opacity=".35"'), rect(0, 594, W, 10, '#9aa0a3'))
  for (let x = 0; x < W; x += 400) d.add(rect(x, 600, 8, 160, '#9aa0a3'))
  // table and chairs
  d.add(ellipse(800, 860, 160, 34, '#f2efe8'), rect(790, 860, 20, 140, '#555'))
  for (const cx of [520, 1080]) d.add(rect(cx - 70, 820, 140, 150, pal.fabric, 'rx="24"'), rect(cx - 70, 900, 140, 60, shade(pal.fabric, 0.3), 'rx="16"'))
  plant(d, 150, 1010, 1.2, pal.leaf)
  plant(d, 1450, 1010, 1.1, pal.leaf)
  return d.toString()
}

/** A communal pool with loungers, palms and the building behind. */
export function poolScene(rnd, { withSea = false, mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  const horizon = 520
  sky(d, rnd, horizon, mood ?? rnd.pick(['dia', 'dia', 'tarde']))
  if (withSea) sea(d, rnd, horizon, 640)
  else jungle(d, rnd, 600, shade(pal.leaf, -0.1), 22)
  if (!withSea) stepCondo(d, rnd, pal, { x: rnd.float(200, 500), ground: 640, w: 800, floors: 5 })
  d.add(rect(0, 630, W, H - 630, '#eae4d6'))
  d.def(gradient('pl', ['#47c6d6', '#1f9fb8']))
  d.add(poly([[260, 700], [1340, 700], [1560, 960], [40, 960]], 'url(#pl)'), poly([[260, 700], [1340, 700], [1560, 960], [40, 960]], 'none', 'stroke="#f7f4ec" stroke-width="16"'))
  const ripples = []
  for (let i = 0; i < 8; i++) ripples.push(`M${r0(rnd.float(200, 1300))} ${r0(rnd.float(730, 930))}q30 -10 60 0t60 0`)
  d.add(path(ripples.join(''), 'none', 'stroke="#fff" stroke-width="4" opacity=".55"'))
  for (let i = 0; i < 3; i++) lounger(d, 180 + i * 200, 1040)
  umbrella(d, 1150, 930, rnd.pick(['#f2f2ea', '#2a9d8f', '#e9c46a']))
  palm(d, rnd, 120, 720, 560)
  palm(d, rnd, 1480, 720, 520)
  return d.toString()
}

/** A back garden with pergola and grill. */
export function gardenScene(rnd, { mood } = {}) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 620, mood ?? rnd.pick(['dia', 'tarde']))
  jungle(d, rnd, 560, shade(pal.leaf, -0.12), 22)
  lawn(d, rnd, 620, '#6ea24a')
  d.add(rect(0, 240, 760, 460, pal.wall), windowPane(80, 340, 560, 330, 4), rect(-20, 226, 800, 20, pal.slab))
  d.add(rect(0, 700, 1000, 90, '#d8d0c2'))
  d.add(rect(780, 420, 16, 300, pal.wood), rect(1180, 420, 16, 300, pal.wood), rect(760, 400, 460, 24, pal.wood))
  const beams = []
  for (let x = 790; x < 1200; x += 50) beams.push(`M${x} 412v-20`)
  d.add(path(beams.join(''), 'none', `stroke="${shade(pal.wood, -0.2)}" stroke-width="10"`))
  d.add(ellipse(990, 700, 130, 24, '#f2efe8'), rect(980, 700, 20, 60, '#555'))
  d.add(rect(1280, 620, 150, 80, '#3d4248'), rect(1270, 600, 170, 24, '#2f3337'), rect(1300, 700, 10, 60, '#333'), rect(1400, 700, 10, 60, '#333'))
  bushes(d, rnd, 0, W, 1050, pal.leaf)
  palm(d, rnd, 1500, 800, 560)
  return d.toString()
}

/** An empty commercial space behind a glass front. */
export function shopInteriorScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  room(d, rnd, { wall: pal.wall, floor: jitter(rnd, '#d9d6cf', 0.04), planks: false })
  const tiles = []
  for (let y = 760; y < H; y += 50) tiles.push(`M0 ${y}H${W}`)
  d.add(path(tiles.join(''), 'none', 'stroke="#000" stroke-width="1.5" opacity=".08"'))
  for (let i = 0; i < 4; i++) d.add(rect(420 + i * 220, 170, 120, 14, '#fffbe8'), rect(420 + i * 220, 184, 120, 30, '#fff7c9', 'opacity=".3"'))
  d.add(rect(380, 300, 840, 80, pal.accent, 'opacity=".5"'), rect(340, 460, 300, 260, pal.wood), rect(330, 440, 320, 24, '#eee'))
  d.add(rect(900, 380, 360, 340, shade(pal.wall, -0.05)), path('M900 480h360M900 580h360', 'none', 'stroke="#9aa0a3" stroke-width="6"'))
  plant(d, 180, 980, 1, pal.leaf)
  return d.toString()
}

export function officeInteriorScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  room(d, rnd, { wall: pal.wall, floor: jitter(rnd, '#9ea3a6', 0.05), planks: false })
  viewWindow(d, rnd, 280, 180, 1040, 400, 'ciudad', 5)
  for (const [x, y, s] of [[420, 760, 1], [960, 760, 1], [650, 900, 1.2]]) {
    d.add(rect(x, y, 320 * s, 18, '#f2efe8'), rect(x + 10, y + 18, 10, 110 * s, '#555'), rect(x + 300 * s, y + 18, 10, 110 * s, '#555'))
    d.add(rect(x + 100 * s, y - 110 * s, 140 * s, 90 * s, '#2f3337'), rect(x + 160 * s, y - 20 * s, 20, 20 * s, '#555'))
    d.add(rect(x + 110 * s, y + 50 * s, 100 * s, 110 * s, pal.fabric, 'rx="14"'))
  }
  plant(d, 1440, 1000, 1.2, pal.leaf)
  return d.toString()
}

export function warehouseInteriorScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  room(d, rnd, { wall: '#c9cdd0', floor: '#a9a8a2', planks: false })
  const beams = []
  for (let x = BACK.x0; x <= BACK.x1; x += 135) beams.push(`M${x} ${BACK.y0}L${r0(800 + (x - 800) * 2.1)} 0`)
  d.add(path(beams.join(''), 'none', 'stroke="#6d7478" stroke-width="8"'))
  for (const rx of [330, 1000]) {
    d.add(rect(rx, 300, 20, 420, pal.pop), rect(rx + 250, 300, 20, 420, pal.pop))
    for (let y = 360; y < 720; y += 120) d.add(rect(rx, y, 270, 12, '#e07a4f'), rect(rx + 20, y - 60, 100, 60, '#c8a47a'), rect(rx + 140, y - 50, 90, 50, '#b8946a'))
  }
  d.add(rect(660, 380, 280, 340, 'url(#rd)'))
  d.def('<pattern id="rd" width="10" height="16" patternUnits="userSpaceOnUse"><rect width="10" height="16" fill="#e2e2dc"/><rect y="13" width="10" height="3" fill="#b6b6ae"/></pattern>')
  d.add(path('M0 900H1600', 'none', 'stroke="#e9c46a" stroke-width="12"'))
  return d.toString()
}

// ---------------------------------------------------------------------------------------------
// Zones

/** Hotel zone: lagoon in front, the hotel strip, the open sea behind. */
export function hotelZoneScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 520, rnd.pick(['dia', 'tarde']))
  sea(d, rnd, 520, 640)
  d.add(rect(0, 600, W, 90, '#efe0bd'))
  let x = 0
  while (x < W) {
    const w = rnd.float(70, 160)
    const h = rnd.float(80, 300)
    d.add(rect(x, 640 - h, w, h, rnd.pick(['#f5f1ea', '#efe6d6', '#e2e6e8', '#d9b48a', '#c9d6d8'])), rect(x + 10, 650 - h, w - 20, h - 20, 'url(#gl)', 'opacity=".55"'))
    x += w + rnd.float(10, 60)
  }
  d.add(rect(0, 640, W, 50, '#4f8f4f'))
  d.def(gradient('lg', ['#3a9a9f', '#5fb7a8']))
  d.add(rect(0, 690, W, H - 690, 'url(#lg)'))
  jungle(d, rnd, 1000, '#2f6b3a', 24)
  return d.toString()
}

/** A marina with boats and towers behind (Puerto Cancún). */
export function marinaScene(rnd) {
  return towerScene(rnd, { withSea: false, marina: true })
}

/** Aerial view of a residential area: blocks of houses (one repeated pattern), an avenue, trees. */
export function aerialScene(rnd, { avenue = true } = {}) {
  const d = new Drawing()
  const roofs = rnd.shuffle(['#f1ede4', '#d6d1c4', '#c98b5e', '#e8e2d8', '#b6a58c', '#f7f5f0'])
  const tile = [rect(20, 20, 320, 210, '#a5bf88')]
  for (let i = 0; i < 5; i++) {
    tile.push(rect(30 + i * 62, 30, 50, 76, roofs[i % 6]), rect(30 + i * 62, 144, 50, 76, roofs[(i + 3) % 6]))
    tile.push(rect(30 + i * 62, 96, 50, 10, '#000', 'opacity=".12"'))
  }
  d.def(`<pattern id="bk" width="360" height="250" patternUnits="userSpaceOnUse" patternTransform="rotate(${rnd.int(-14, 14)})">${tile.join('')}</pattern>`)
  d.add(rect(0, 0, W, H, '#bdbab2'), rect(0, 0, W, H, 'url(#bk)'))
  const pools = []
  for (let i = 0; i < 10; i++) pools.push(rect(rnd.float(0, W), rnd.float(0, H), 22, 14, null, 'rx="4"'))
  d.add(group('#3cc0cf', pools))
  if (avenue) d.add(path(`M-20 ${r0(rnd.float(700, 1000))}C500 ${r0(rnd.float(500, 700))} 1000 ${r0(rnd.float(300, 500))} 1620 ${r0(rnd.float(60, 260))}`, 'none', 'stroke="#8f8d86" stroke-width="70"'))
  for (const color of ['#3c7d3f', '#2f6b3a', '#4b8b3b']) {
    const trees = []
    for (let i = 0; i < 16; i++) trees.push(circle(rnd.float(0, W), rnd.float(0, H), rnd.float(14, 30)))
    d.add(group(color, trees))
  }
  return d.toString()
}

/** A downtown avenue: colourful low-rise buildings, palms and traffic. */
export function streetScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  d.def('<pattern id="wn" width="70" height="90" patternUnits="userSpaceOnUse"><rect x="15" y="20" width="40" height="50" fill="url(#gl)"/></pattern>')
  sky(d, rnd, 700, rnd.pick(['dia', 'manana']))
  let x = -20
  while (x < W) {
    const w = rnd.float(160, 300)
    const h = rnd.float(220, 420)
    const color = rnd.pick(['#f1e3cc', '#e8b98f', '#b9d3c8', '#f3d37a', '#e7a3a0', '#d9d4c9', '#9fc5d8'])
    d.add(rect(x, 760 - h, w, h, color))
    d.add(rect(x + 10, 760 - h + 20, w - 20, h - 110, 'url(#wn)'))
    d.add(rect(x - 6, 760 - h - 12, w + 12, 14, shade(color, -0.2)))
    x += w
  }
  d.add(rect(0, 760, W, 40, '#d8d2c4'), rect(0, 800, W, H - 800, '#5e5f5c'))
  d.add(path('M0 930H1600', 'none', 'stroke="#f2e6a0" stroke-width="8" stroke-dasharray="60 40"'))
  car(d, rnd.float(100, 600), 900, rnd.pick(['#c0392b', '#f0f0f0', '#2c3e50']))
  car(d, rnd.float(900, 1250), 1030, rnd.pick(['#1f5f8b', '#7f8c8d', '#e9c46a']))
  for (let px = 60; px < W; px += rnd.float(330, 450)) palm(d, rnd, px, 790, rnd.float(420, 520))
  return d.toString()
}

// ---------------------------------------------------------------------------------------------
// Blog covers: a base scene plus a simple symbol (document, key, coins, storm...)

function withOverlay(svg, overlay) {
  return svg.replace(/<\/svg>\n$/, overlay + '</svg>\n')
}

const card = (x, y, w, h) =>
  rect(x + 12, y + 14, w, h, '#000', 'opacity=".18" rx="14"') + rect(x, y, w, h, '#fbfaf6', 'rx="14"')

function documentSymbol(x, y, color) {
  const lines = []
  for (let i = 0; i < 6; i++) lines.push(rect(x + 50, y + 90 + i * 46, i === 5 ? 160 : 260, 14, '#c9c4b8'))
  return card(x, y, 360, 460) + rect(x, y, 360, 56, color, 'rx="14"') + lines.join('') + circle(x + 280, y + 390, 44, 'none', `stroke="${color}" stroke-width="10"`)
}

function keySymbol(x, y, color) {
  return circle(x, y, 70, 'none', `stroke="${color}" stroke-width="26"`) + rect(x + 60, y - 13, 260, 26, color) + rect(x + 250, y + 10, 24, 60, color) + rect(x + 200, y + 10, 24, 44, color)
}

function coinsSymbol(x, y) {
  const out = []
  for (let s = 0; s < 3; s++) for (let i = 0; i < 4 + s * 2; i++) out.push(ellipse(x + s * 150, y - i * 26, 62, 22, i % 2 ? '#e9c46a' : '#d4a24c', 'stroke="#a77d2c" stroke-width="3"'))
  return out.join('')
}

function checklistSymbol(x, y, color) {
  const out = [card(x, y, 380, 480)]
  for (let i = 0; i < 5; i++) {
    out.push(rect(x + 40, y + 50 + i * 84, 46, 46, 'none', `stroke="${color}" stroke-width="6" rx="6"`), rect(x + 110, y + 66 + i * 84, 220, 14, '#c9c4b8'))
    if (i < 3) out.push(path(`M${x + 48} ${y + 72 + i * 84}l14 14 26 -30`, 'none', `stroke="${color}" stroke-width="8"`))
  }
  return out.join('')
}

function stormSymbol() {
  return (
    rect(0, 0, W, H, '#1e2a38', 'opacity=".45"') +
    `<g fill="#56616d">${ellipse(500, 150, 420, 120, '#56616d')}${ellipse(1100, 120, 460, 140, '#4a5561')}${ellipse(800, 220, 380, 110, '#626d78')}</g>` +
    path('M0 300l1600 -80M0 420l1600 -80M0 540l1600 -80', 'none', 'stroke="#fff" stroke-width="3" opacity=".35" stroke-dasharray="30 50"') +
    poly([[880, 240], [820, 420], [880, 420], [830, 580], [960, 360], [895, 360], [950, 240]], '#f3e39a')
  )
}

function planSymbol(x, y, color) {
  return card(x, y, 520, 380) + path(`M${x + 50} ${y + 50}h420v280h-420zM${x + 250} ${y + 50}v160h220M${x + 50} ${y + 200}h120`, 'none', `stroke="${color}" stroke-width="8"`)
}

function splitSymbol() {
  return rect(796, 0, 8, H, '#fff', 'opacity=".9"')
}

const BLOG_SYMBOLS = {
  documento: (rnd) => documentSymbol(rnd.float(980, 1120), 300, rnd.pick(POPS)),
  llave: (rnd) => keySymbol(rnd.float(900, 1000), 880, '#e9c46a'),
  monedas: (rnd) => coinsSymbol(rnd.float(1050, 1150), 960),
  checklist: (rnd) => checklistSymbol(rnd.float(1020, 1120), 280, rnd.pick(POPS)),
  tormenta: () => stormSymbol(),
  plano: (rnd) => planSymbol(rnd.float(940, 1020), 560, rnd.pick(POPS)),
  division: () => splitSymbol(),
}

/** A blog cover: one of the scenes above with a symbol on top. */
export function blogCover(rnd, base, symbol) {
  const svg = base(rnd)
  const draw = BLOG_SYMBOLS[symbol]
  return draw ? withOverlay(svg, draw(rnd)) : svg
}

/** A comparison: houses and garden on the left, a tower by the sea on the right. */
export function compareScene(rnd) {
  const d = new Drawing()
  const pal = palette(rnd)
  glassDef(d, pal)
  sky(d, rnd, 700, 'dia')
  sea(d, rnd, 620, 860)
  d.add(rect(800, 860, 800, H - 860, '#efe0bd'), rect(0, 600, 800, 100, '#2f6b3a'), rect(0, 700, 800, H - 700, '#6ea24a'))
  modernHouse(d, rnd, pal, { x: 110, ground: 860, w: 560, levels: 2 })
  bushes(d, rnd, 90, 700, 870, pal.leaf)
  tower(d, rnd, palette(rnd), { x: 1060, ground: 880, w: 300, h: 700 })
  palm(d, rnd, 60, 900, 480)
  palm(d, rnd, 1480, 920, 500)
  d.add(splitSymbol())
  return d.toString()
}
