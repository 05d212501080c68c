/**
 * The widget's small icon set (docs/behaviour.md#launcher): the path of each inline 24×24 SVG, coloured by
 * `currentColor`. Plain data, so the launcher made before React (launcher-button.ts) can draw one. The paths are
 * Material icons' simplified to one decimal (arcs for circles): the same shapes at 16 to 28 px, in
 * fewer bytes.
 */
export const ICON_PATHS = {
  hello:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16m3.5-9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3m-7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3m3.5 6.5c2.3 0 4.3-1.5 5.1-3.5H7c.8 2 2.8 3.5 5.1 3.5',
  restart:
    'M17.7 6.4A8 8 0 0 0 12 4a8 8 0 1 0 7.7 10h-2a6 6 0 0 1-5.7 4 6 6 0 0 1 0-12 6 6 0 0 1 4.2 1.8L13 11h7V4z',
  send: 'm2 21 21-9L2 3v7l15 2-15 2z',
  iconBtn:
    'M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2M6 9h12v2H6zm8 5H6v-2h8zm4-6H6V6h12z',
  alerts:
    'M12 22a2 2 0 0 0 2-2h-4q.2 1.8 2 2m6-6v-5c0-3-1.6-5.6-4.5-6.3V4a1.5 1.5 0 1 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1z',
  ubication:
    'M12 2a7 7 0 0 0-7 7c0 5.3 7 13 7 13s7-7.7 7-13a7 7 0 0 0-7-7m0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5',
  close:
    'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z',
  home: 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z',
  offline:
    'M23.6 7c-.4-.3-4.9-4-11.6-4q-2.3 0-4.1.5l10.3 10.3zM17 15.2 3.3 1.4 2 2.7l2 2C2 5.8.6 6.9.4 7L12 21.5l4-4.9 3.2 3.4 1.3-1.3z',
} as const

export type IconName = keyof typeof ICON_PATHS
