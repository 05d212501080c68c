import {
  CHAT_IMAGE_MAX_HEIGHT_PX,
  DESKTOP_MIN_PX,
  LAUNCHER_OFFSET_PX,
  LAUNCHER_SIZE_PX,
  MAX_Z_INDEX,
  MESSAGE_MAX_WIDTH_PERCENT,
  MESSAGE_MAX_WIDTH_SMALL_PERCENT,
  MOBILE_FULLSCREEN_MAX_PX,
  PANEL_GAP_PX,
  PANEL_TOP_GAP_PX,
  SHORT_SCREEN_MAX_PX,
  SMALL_SCREEN_MAX_PX,
  TYPING_DOTS_CYCLE_MS,
  VERY_WIDE_MIN_PX,
} from './constants'
import { BUTTON_TEXT_COLOR } from '../protocol/colors'
import type { WidgetProps } from './props'

/**
 * The widget's stylesheet, applied inside the shadow root (adoptedStyleSheets, or a nonce'd
 * <style>). Written here rather than in a .css file so the spec's numbers stay named constants.
 * Only px units: `rem` follows the host page's root font size, which a hostile page may change.
 * Colours come from custom properties set by theme.ts (docs/behaviour.md#theme defaults, then the server's);
 * the launcher's corner and offsets from the ones placementCss sets.
 */
export const WIDGET_CSS = /* css */ `
:host {
  all: initial !important;
  display: block !important;
  position: fixed !important;
  left: 0 !important;
  bottom: 0 !important;
  width: 0 !important;
  height: 0 !important;
  overflow: visible !important;
  z-index: ${MAX_Z_INDEX} !important;
  font: 15px/1.45 system-ui, sans-serif !important; /* every browser widget.js targets has system-ui (Segoe UI, San Francisco, Roboto) */
  color: #1f2933 !important;
  direction: ltr !important; /* "all" leaves direction alone: a right-to-left page would flip the Spanish text */
  -webkit-text-size-adjust: 100%;
}
/* docs/behaviour.md#embed: a printed page (a listing) without a chat button over it on every sheet. */
@media print { :host { display: none !important; } }
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
button, textarea { font: inherit; color: inherit; margin: 0; }
button { cursor: pointer; background: none; border: 0; padding: 0; }
.icon { width: 20px; height: 20px; fill: currentColor; flex: none; display: block; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* The site's focus colour: 3:1 or more on white, where the panel and most pages are (WCAG 1.4.11). */
:focus-visible { outline: 3px solid #2f7fe0; outline-offset: 2px; }

.launcher {
  position: fixed; left: var(--chat-left); right: var(--chat-right); bottom: var(--chat-bottom);
  width: ${LAUNCHER_SIZE_PX}px; height: ${LAUNCHER_SIZE_PX}px; border-radius: 50%;
  display: flex; align-items: center; justify-content: center; overflow: hidden;
  background: var(--chat-header-color); color: var(--chat-header-text-color);
  box-shadow: 0 6px 20px rgba(0, 0, 0, .25); transition: transform .2s ease;
}
.launcher:hover { transform: scale(1.06); }
.launcher .icon { width: 28px; height: 28px; }
.launcher img { width: 100%; height: 100%; object-fit: cover; display: block; }
.launcher--bob { animation: chat-bob 1.6s ease-in-out infinite; }
@keyframes chat-bob { 0%, 100% { transform: translateY(0); } 50% { transform: translateY(-8px); } }

.panel {
  position: fixed; left: var(--chat-left); right: var(--chat-right); bottom: var(--chat-above-launcher);
  width: 35vw; min-width: 340px; height: 70vh; height: 70dvh;
  max-height: calc(100vh - var(--chat-above-launcher) - ${PANEL_TOP_GAP_PX}px);
  max-height: calc(100dvh - var(--chat-above-launcher) - ${PANEL_TOP_GAP_PX}px);
  display: flex; flex-direction: column; overflow: hidden; border-radius: 16px;
  background: var(--chat-panel-color); box-shadow: 0 12px 40px rgba(0, 0, 0, .28);
}
.panel:focus { outline: none; }
@media (min-width: ${VERY_WIDE_MIN_PX}px) { .panel { width: 23vw; height: 68vh; height: 68dvh; } }
@media (max-width: ${MOBILE_FULLSCREEN_MAX_PX}px) {
  .panel { left: 0; right: auto; top: 0; bottom: 0; width: 100vw; min-width: 0; height: 100vh; height: 100dvh; max-height: none; border-radius: 0; }
  .launcher--open { display: none; }
}

.header {
  display: flex; align-items: center; gap: 12px; padding: 14px 16px;
  background: var(--chat-header-color); color: var(--chat-header-text-color);
}
.header__icon { width: 40px; height: 40px; border-radius: 50%; object-fit: cover; flex: none; background: rgba(255, 255, 255, .15); }
.header__text { flex: 1; min-width: 0; }
.header__title { margin: 0; font-size: 16px; font-weight: 700; line-height: 1.3; overflow-wrap: anywhere; }
.header__subtitle { margin: 2px 0 0; font-size: 13px; opacity: .85; }
.icon-button { width: 36px; height: 36px; border-radius: 50%; display: flex; align-items: center; justify-content: center; flex: none; }
.icon-button:hover { background: rgba(127, 127, 127, .2); }

.notice { padding: 8px 16px; font-size: 13px; background: #fff4d6; color: #5c4400; display: flex; gap: 8px; align-items: center; }
.notice button { text-decoration: underline; font-weight: 600; }

.banner { display: flex; align-items: center; gap: 8px; padding: 8px 12px; background: #eef1f8; border-bottom: 1px solid #e1e5ee; }
.banner__actions { display: flex; flex-wrap: wrap; gap: 8px; flex: 1; }
.banner__button {
  display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px; border-radius: 999px;
  background: #ffffff; color: #131844; border: 1px solid #cfd6e6; font-size: 13px; font-weight: 600;
}
.banner__button:hover { background: #f4f6fb; }
.banner__button .icon { width: 16px; height: 16px; }
@media (max-height: ${SHORT_SCREEN_MAX_PX}px) { .banner { display: none; } }

.messages { flex: 1; min-height: 0; overflow-y: auto; padding: 16px; background: var(--chat-messages-background-color); overscroll-behavior: contain; }
.messages__older { display: block; margin: 0 auto 12px; padding: 4px 12px; border-radius: 999px; font-size: 13px; text-decoration: underline; }
.log { display: flex; flex-direction: column; gap: 8px; }
.message {
  max-width: ${MESSAGE_MAX_WIDTH_PERCENT}%; padding: 9px 13px; border-radius: 16px; font-size: 15px;
  overflow-wrap: anywhere; word-break: break-word; white-space: normal;
}
@media (max-width: ${SMALL_SCREEN_MAX_PX}px) { .message { max-width: ${MESSAGE_MAX_WIDTH_SMALL_PERCENT}%; } }
.message--user { align-self: flex-end; background: var(--chat-user-message-color); color: var(--chat-user-message-text-color); border-bottom-right-radius: 4px; }
.message--agent { align-self: flex-start; background: var(--chat-bot-message-color); color: var(--chat-bot-message-text-color); border-bottom-left-radius: 4px; }
.message--pending { opacity: .75; }
.message__status { display: block; font-size: 11px; opacity: .85; margin-top: 2px; }
.message a { color: inherit; text-decoration: underline; }
.message strong { font-weight: 700; }
.message .chat-image-link { display: block; margin: 6px 0; }
/* The link is a block: the message's line break after it would be an empty line under the image. */
.message .chat-image-link + br { display: none; }
.message .chat-image { display: block; max-width: 100%; max-height: ${CHAT_IMAGE_MAX_HEIGHT_PX}px; height: auto; border-radius: 8px; }

.typing { align-self: flex-start; display: flex; align-items: center; gap: 6px; margin-top: 8px; font-size: 13px; color: #5f6b7a; }
.dots { display: inline-flex; gap: 3px; }
.dots span { width: 6px; height: 6px; border-radius: 50%; background: currentColor; opacity: .3; animation: chat-dot ${TYPING_DOTS_CYCLE_MS}ms infinite; }
.dots span:nth-child(2) { animation-delay: ${TYPING_DOTS_CYCLE_MS / 3}ms; }
.dots span:nth-child(3) { animation-delay: ${(2 * TYPING_DOTS_CYCLE_MS) / 3}ms; }
@keyframes chat-dot { 0%, 60%, 100% { opacity: .3; transform: translateY(0); } 30% { opacity: 1; transform: translateY(-3px); } }

.composer { display: flex; align-items: flex-end; gap: 8px; padding: 10px 12px; border-top: 1px solid #e6e8ee; background: var(--chat-panel-color); }
.composer__input {
  flex: 1; min-width: 0; resize: none; min-height: 44px; max-height: 120px; padding: 10px 12px;
  field-sizing: content;
  font-size: 16px; line-height: 1.4; border-radius: 12px; outline-offset: 0;
  background: var(--chat-input-background-color); color: var(--chat-input-text-color); border: 1px solid var(--chat-input-border-color);
}
.composer__input[aria-disabled="true"] { opacity: .7; cursor: progress; }
.composer__input::placeholder { color: #8a94a3; }
.composer__send {
  width: 44px; height: 44px; border-radius: 50%; display: flex; align-items: center; justify-content: center; flex: none;
  background: var(--chat-send-button-color); color: ${BUTTON_TEXT_COLOR};
}
.composer__send:hover { background: var(--chat-send-button-hover-color); }
.composer__send[aria-disabled="true"] { opacity: .5; cursor: default; }
@media (min-width: ${DESKTOP_MIN_PX}px) { .composer__send { display: none; } }
.composer__count { font-size: 11px; color: #8a94a3; align-self: center; }

.welcome {
  position: fixed; left: var(--chat-left); right: var(--chat-right); bottom: var(--chat-above-launcher);
  max-width: min(300px, calc(100vw - var(--chat-offset-x) - ${LAUNCHER_OFFSET_PX}px));
}
.welcome__typing { display: inline-flex; padding: 12px 16px; border-radius: 16px; background: var(--chat-welcome-background-color); color: var(--chat-welcome-text-color); box-shadow: 0 6px 20px rgba(0, 0, 0, .2); }
.welcome__card {
  position: relative; display: block; width: 100%; text-align: left; padding: 16px; border-radius: 16px;
  background: var(--chat-welcome-background-color); color: var(--chat-welcome-text-color); box-shadow: 0 8px 28px rgba(0, 0, 0, .25);
  animation: chat-pop .25s ease-out;
}
.welcome__icon { width: 32px; height: 32px; margin-bottom: 8px; }
.welcome__message { margin: 0 24px 12px 0; font-size: 15px; }
.welcome__button { display: inline-block; padding: 8px 16px; border-radius: 999px; font-weight: 600; background: var(--chat-welcome-button-color); color: ${BUTTON_TEXT_COLOR}; }
.welcome__card:hover .welcome__button, .welcome__button:hover { background: var(--chat-welcome-button-hover-color); }
.welcome__close { position: absolute; top: 6px; right: 6px; width: 28px; height: 28px; border-radius: 50%; display: flex; align-items: center; justify-content: center; }
.welcome__close .icon { width: 16px; height: 16px; }
@keyframes chat-pop { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }

@media (prefers-reduced-motion: reduce) {
  .launcher--bob, .dots span, .welcome__card { animation: none; }
}
`

/**
 * The launcher's corner and offsets (docs/behaviour.md#placement) as custom properties on the
 * host; the panel and the welcome bubble sit on the same side, above the launcher.
 */
export function placementCss({ position = 'bottom-left', offsetX = LAUNCHER_OFFSET_PX, offsetY = LAUNCHER_OFFSET_PX }: Pick<WidgetProps, 'position' | 'offsetX' | 'offsetY'>): string {
  const [near, far] = position === 'bottom-right' ? ['right', 'left'] : ['left', 'right']
  return /* css */ `:host {
  --chat-${near}: ${offsetX}px !important;
  --chat-${far}: auto !important;
  --chat-offset-x: ${offsetX}px !important;
  --chat-bottom: ${offsetY}px !important;
  --chat-above-launcher: ${offsetY + LAUNCHER_SIZE_PX + PANEL_GAP_PX}px !important;
}
`
}
