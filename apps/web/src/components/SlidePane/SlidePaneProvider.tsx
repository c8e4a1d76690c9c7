import { Dialog } from 'radix-ui';
import { type CSSProperties, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Icon } from '../Icon/Icon';
import styles from './SlidePane.module.css';
import {
  SlidePaneContext,
  SlidePaneFooterContext,
  type SlidePaneOptions,
  type SlidePaneStack,
} from './slide-pane-context';

const DEFAULT_WIDTH_PX = 560;

interface PaneEntry {
  id: string;
  options: SlidePaneOptions;
  open: boolean;
  /** What had the focus when the pane opened: it gets it back when the pane closes. */
  opener: HTMLElement | null;
  /** Closing all panes gives the focus back to the bottom pane's opener only. */
  restoreFocus: boolean;
  /** Opened over another pane: its overlay only deepens the shade, also while it closes. */
  stacked: boolean;
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Holds the slide-pane stack (spec 02 §4) and renders its panes. Each pane is a Radix dialog: focus is
 * trapped in the top pane, Escape closes it alone, the panes below are hidden from assistive
 * technology while it is open. Mount it inside the router so a pane's content can use links.
 */
export function SlidePaneProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<PaneEntry[]>([]);
  // The latest stack, for the callbacks (stable across renders) that read it before changing it.
  const entriesRef = useRef(entries);
  const nextId = useRef(0);

  const update = useCallback((next: PaneEntry[]) => {
    entriesRef.current = next;
    setEntries(next);
  }, []);

  /** Closes the pane `id` and every pane above it; the lowest one closed gets the focus back. */
  const closeFrom = useCallback(
    (id: string) => {
      const current = entriesRef.current;
      const from = current.findIndex((entry) => entry.id === id);
      if (from < 0) return;
      const closing = current.slice(from).filter((entry) => entry.open);
      if (closing.length === 0) return;
      const lowest = closing[0]?.id;
      update(
        current.map((entry, index) =>
          index >= from && entry.open ? { ...entry, open: false, restoreFocus: entry.id === lowest } : entry,
        ),
      );
      for (const entry of closing.reverse()) entry.options.onClose?.();
    },
    [update],
  );

  const open = useCallback(
    (options: SlidePaneOptions) => {
      nextId.current += 1;
      const id = `slide-pane-${nextId.current}`;
      const current = entriesRef.current;
      const stacked = current.some((entry) => entry.open);
      update([
        ...current,
        { id, options, open: true, opener: focusedElement(), restoreFocus: false, stacked },
      ]);
      return id;
    },
    [update],
  );

  const close = useCallback(() => {
    const top = entriesRef.current.findLast((entry) => entry.open);
    if (top) closeFrom(top.id);
  }, [closeFrom]);

  const closeAll = useCallback(() => {
    const bottom = entriesRef.current.find((entry) => entry.open);
    if (bottom) closeFrom(bottom.id);
  }, [closeFrom]);

  /** A closed pane leaves the stack once its content is gone (after its closing animation). */
  const remove = useCallback(
    (id: string) => update(entriesRef.current.filter((entry) => entry.id !== id)),
    [update],
  );

  const openEntries = entries.filter((entry) => entry.open);
  const depth = openEntries.length;
  const stack = useMemo<SlidePaneStack>(
    () => ({ open, close, closeAll, depth }),
    [open, close, closeAll, depth],
  );

  return (
    <SlidePaneContext.Provider value={stack}>
      {children}
      {entries.map((entry) => {
        const level = openEntries.indexOf(entry);
        return (
          <Pane
            key={entry.id}
            entry={entry}
            above={level < 0 ? 0 : depth - 1 - level}
            onDismiss={() => closeFrom(entry.id)}
            onGone={() => remove(entry.id)}
          />
        );
      })}
    </SlidePaneContext.Provider>
  );
}

interface PaneProps {
  entry: PaneEntry;
  /** How many open panes lie on top of this one. */
  above: number;
  onDismiss(): void;
  onGone(): void;
}

function Pane({ entry, above, onDismiss, onGone }: PaneProps) {
  const { title, description, content, footer, width = DEFAULT_WIDTH_PX, testId } = entry.options;
  const closeOnOutsideClick = entry.options.closeOnOutsideClick ?? true;
  const style = { '--pane-width': `${width}px`, '--panes-above': above } as CSSProperties;
  const [footerNode, setFooterNode] = useState<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={entry.open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          className={styles.overlay}
          data-stacked={entry.stacked || undefined}
          data-testid="slide-pane-overlay"
        />
        <Dialog.Content
          className={styles.pane}
          style={style}
          data-testid={testId}
          data-covered={above > 0 || undefined}
          onPointerDownOutside={(event) => {
            if (!closeOnOutsideClick) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!closeOnOutsideClick) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus a trigger; the stack has none, so the opener gets the focus back.
            event.preventDefault();
            if (entry.restoreFocus && entry.opener?.isConnected) entry.opener.focus();
            onGone();
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              <Icon name="close" />
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          <div className={styles.body}>
            <SlidePaneFooterContext.Provider value={footerNode}>{content}</SlidePaneFooterContext.Provider>
          </div>
          {/* Hidden while empty (CSS); <SlidePaneFooter> in the content fills it through a portal. */}
          <footer ref={setFooterNode} className={styles.footer} data-testid="slide-pane-footer">
            {footer}
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
