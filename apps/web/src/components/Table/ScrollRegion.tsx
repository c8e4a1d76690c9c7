import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways in its own region instead of running past its card's
 * edge; the region is focusable so that keyboard users can scroll it, and named for screen readers.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
