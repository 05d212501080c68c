import { ICON_PATHS, type IconName } from './icon-paths'

const SVG_NS = 'http://www.w3.org/2000/svg'

/** What the launcher shows (docs/behaviour.md#launcher): a close icon while the panel is open, else the image or the chat icon. */
export interface LauncherLook {
  open: boolean
  /** Bobbing while the welcome card is shown. */
  bobbing: boolean
  image: string | undefined
}

export type LauncherButton = ReturnType<typeof showLauncherButton>

/**
 * The round floating button that toggles the panel (docs/behaviour.md#launcher), as plain DOM: it is on screen and
 * clickable from the script's first task, before React and the connection exist; the store
 * later drives the same element (mount.tsx, docs/behaviour.md#start-up).
 */
export function showLauncherButton(parent: ParentNode, look: LauncherLook, onPress: () => void) {
  const doc = (parent as Node).ownerDocument ?? document
  const button = doc.createElement('button')
  button.type = 'button'
  button.setAttribute('aria-controls', 'chat-panel')
  let press = onPress
  button.addEventListener('click', () => press())
  let shownContent = ''
  /** An image that could not be loaded: the chat icon stands in for it (docs/behaviour.md#launcher). */
  let brokenImage: string | undefined

  const icon = (name: IconName) => {
    const svg = doc.createElementNS(SVG_NS, 'svg')
    svg.setAttribute('class', 'icon')
    svg.setAttribute('viewBox', '0 0 24 24')
    svg.setAttribute('aria-hidden', 'true')
    svg.setAttribute('focusable', 'false')
    const path = doc.createElementNS(SVG_NS, 'path')
    path.setAttribute('d', ICON_PATHS[name])
    svg.append(path)
    return svg
  }
  const show = ({ open, bobbing, image }: LauncherLook) => {
    button.className = ['launcher', open ? 'launcher--open' : '', bobbing && !open ? 'launcher--bob' : ''].filter(Boolean).join(' ')
    button.setAttribute('aria-label', open ? 'Cerrar chat' : 'Abrir chat')
    button.setAttribute('aria-expanded', String(open))
    const shown = open || image === brokenImage ? undefined : image
    const content = open ? 'close' : shown ? `img:${shown}` : 'iconBtn'
    if (content === shownContent) return
    shownContent = content
    if (!shown) return button.replaceChildren(icon(open ? 'close' : 'iconBtn'))
    const img = doc.createElement('img')
    img.src = shown
    img.alt = ''
    // A wrong image URL would leave an empty circle.
    img.addEventListener('error', () => {
      brokenImage = shown
      if (shownContent === content) show({ open, bobbing, image })
      console.warn(`[chat-widget] The launcher image ${shown} could not be loaded, so the chat icon is shown. Check data-icon-button, or the button image in the console's widget settings.`)
    })
    button.replaceChildren(img)
  }
  show(look)
  parent.append(button)

  return {
    element: button,
    show,
    /** What a press does from now on. */
    onPress(handler: () => void) {
      press = handler
    },
  }
}
