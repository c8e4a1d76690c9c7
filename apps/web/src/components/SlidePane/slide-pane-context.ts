import { createContext, type ReactNode } from 'react';

/** What a slide pane shows. The content is rendered as given: a form keeps its own state inside it. */
export interface SlidePaneOptions {
  title: ReactNode;
  description?: ReactNode;
  /** The pane's body, e.g. `<OfferForm offerId={3} />`; it can call useSlidePanes() to open or close. */
  content: ReactNode;
  /**
   * Buttons at the bottom right, kept in view while the body scrolls. A form that owns its buttons'
   * state renders them with <SlidePaneFooter> from its content instead.
   */
  footer?: ReactNode;
  /** Width on wide screens, in px; the pane takes the whole width on narrow ones. */
  width?: number;
  /** An outside click closes the pane (the top one only), like a modal; a form may turn it off. */
  closeOnOutsideClick?: boolean;
  /** Called once when the pane leaves the stack (closed, popped or emptied). */
  onClose?: () => void;
  testId?: string;
}

/**
 * The slide-pane stack (spec 02 §4): open pushes a pane on top, close pops the top one, closeAll
 * empties the stack. Escape and the close button act on the top pane only; focus goes back to what had
 * it when the pane opened.
 */
export interface SlidePaneStack {
  /** Pushes a pane; returns its id. */
  open(pane: SlidePaneOptions): string;
  /** Pops the top pane. */
  close(): void;
  closeAll(): void;
  /** How many panes are open. */
  depth: number;
}

export const SlidePaneContext = createContext<SlidePaneStack | null>(null);

/** The footer element of the pane around a content, where <SlidePaneFooter> puts its buttons. */
export const SlidePaneFooterContext = createContext<HTMLElement | null>(null);
