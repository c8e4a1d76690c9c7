import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styles from './Tooltip.module.css';

/** Spec 01 §9: tooltip default delay 100 ms. */
export const TOOLTIP_DELAY_MS = 100;

interface TooltipProps {
  content: ReactNode;
  /** A single focusable element (a Button, a link); it receives the hover and focus handlers. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  delayMs?: number;
  /** No tooltip when false, e.g. only explain a disabled action. */
  enabled?: boolean;
}

export function Tooltip({
  content,
  children,
  side = 'top',
  delayMs = TOOLTIP_DELAY_MS,
  enabled = true,
}: TooltipProps) {
  if (!enabled) return children;
  return (
    <TooltipPrimitive.Provider delayDuration={delayMs}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            className={styles.content}
            side={side}
            sideOffset={6}
            collisionPadding={8}
          >
            {content}
            <TooltipPrimitive.Arrow className={styles.arrow} width={10} height={5} />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
