import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'READY' | 'SUCCESS';

/** How long the copied state shows before the button is ready again. */
export const COPY_RESET_MS = 2000;

/**
 * Copies text to the clipboard: READY, then SUCCESS after a copy, back to READY after 2000 ms.
 * Resolves false when the browser has no clipboard API or refuses the copy.
 */
export function useCopyToClipboard(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('READY');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async (text: string) => {
    let copied = false;
    try {
      if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch {
      copied = false;
    }
    if (timer.current) clearTimeout(timer.current);
    setState(copied ? 'SUCCESS' : 'READY');
    if (copied) timer.current = setTimeout(() => setState('READY'), COPY_RESET_MS);
    return copied;
  }, []);

  return { state, copy };
}
