import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * An inline confirmation that takes the place of the button that asked for it (Discard…, Clear
 * table, Pick another table…). When it opens, the focus goes into it: to its
 * `data-autofocus` element (the safe choice). When it closes and the focus had
 * nowhere to go (it was inside, or nowhere), the focus goes back to the button that opened it,
 * found in `scope` by `data-opener="<what>"`. Escape inside it cancels.
 */
export function useInlineConfirm<What extends string, Scope extends HTMLElement = HTMLElement>(): {
  asking: What | null;
  ask: (what: What) => void;
  close: () => void;
  scope: RefObject<Scope | null>;
  onKeyDown: (event: KeyboardEvent) => void;
} {
  const [asking, setAsking] = useState<What | null>(null);
  const scope = useRef<Scope | null>(null);
  const opener = useRef<What | null>(null);

  useLayoutEffect(() => {
    const root = scope.current;
    if (root === null) return;
    if (asking !== null) {
      opener.current = asking;
      root.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return;
    }
    const what = opener.current;
    opener.current = null;
    if (what === null) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && !root.contains(active)) return;
    root.querySelector<HTMLElement>(`[data-opener="${what}"]`)?.focus();
  }, [asking]);

  const close = () => setAsking(null);
  return {
    asking,
    ask: setAsking,
    close,
    scope,
    onKeyDown: (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    },
  };
}
