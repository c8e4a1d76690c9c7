import { useContext } from 'react';
import { SlidePaneContext, type SlidePaneStack } from './slide-pane-context';

/** The slide-pane stack of the nearest SlidePaneProvider. */
export function useSlidePanes(): SlidePaneStack {
  const stack = useContext(SlidePaneContext);
  if (!stack) throw new Error('useSlidePanes needs a SlidePaneProvider above it');
  return stack;
}
