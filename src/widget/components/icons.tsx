import { ICON_PATHS, type IconName } from '../icon-paths'

export type { IconName }

export function isIconName(name: unknown): name is IconName {
  return typeof name === 'string' && Object.hasOwn(ICON_PATHS, name)
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} />
    </svg>
  )
}
