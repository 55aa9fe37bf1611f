import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a finger rests on a button before it counts as "hold". */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther is scrolling, not holding. */
const MOVE_TOLERANCE_PX = 10;

/**
 * "Hold" on a button, for touch, pen and mouse, and its keyboard and right-click twin: the context
 * menu event (Shift+F10, the Menu key, a right click, or the browser's own long-press). The click
 * that ends a hold is swallowed, so holding never also taps. Spread `handlers` on the button and
 * ask `wasHold()` first thing in its onClick.
 */
export function useLongPress(onHold: () => void, ms = LONG_PRESS_MS) {
  const hold = useRef(onHold);
  useEffect(() => {
    hold.current = onHold;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const held = useRef(false);

  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  useEffect(() => cancel, []);

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      held.current = false;
      if (!event.isPrimary || event.button !== 0) return;
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        held.current = true;
        hold.current();
      }, ms);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (from !== null && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu(event: MouseEvent<HTMLElement>) {
      event.preventDefault();
      // A finger or button still down: this is the browser's own long-press; its click is swallowed.
      if (start.current !== null || held.current) {
        const alreadyHeld = held.current;
        held.current = true;
        cancel();
        if (alreadyHeld) return;
      }
      hold.current();
    },
  };

  /** The click that ends a hold: not a tap. */
  const wasHold = () => {
    const was = held.current;
    held.current = false;
    return was;
  };

  return { handlers, wasHold };
}
