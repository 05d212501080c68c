import type { ReactNode } from 'react'
import { PAGE_HEADING_ID } from '../screens/props'

/** The page's h1: focusable by script so screen readers land on it after a navigation. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 id={PAGE_HEADING_ID} tabIndex={-1}>
      {children}
    </h1>
  )
}
