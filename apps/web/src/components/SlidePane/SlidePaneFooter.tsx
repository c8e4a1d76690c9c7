import { type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { SlidePaneFooterContext } from './slide-pane-context';

/**
 * Buttons a pane's content puts in the pane's footer (bottom right, in view while the body scrolls),
 * so a form keeps its Save button's state (loading, disabled) with the form. The buttons are rendered
 * outside the form element: a Save button submits with `form="<the form's id>"` or its own onClick.
 */
export function SlidePaneFooter({ children }: { children: ReactNode }) {
  const footer = useContext(SlidePaneFooterContext);
  return footer ? createPortal(children, footer) : null;
}
