// Locks the terminal after a stretch without touches or keys. One timer at a
// time: activity only records when it happened, and the timer, when it fires early, waits for the
// rest of the stretch.

export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export interface IdleTimerOptions {
  idleMs: number;
  onIdle: () => void;
  /** Where activity is heard (the window). */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

export function startIdleTimer({ idleMs, onIdle, target, now = Date.now }: IdleTimerOptions): () => void {
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onActivity = () => {
    last = now();
  };
  const check = () => {
    const quiet = now() - last;
    if (quiet >= idleMs) {
      onIdle();
      // Counting starts again: a terminal that stays unlocked (no PIN any more) is not re-locked at once.
      last = now();
      timer = setTimeout(check, idleMs);
    } else {
      timer = setTimeout(check, idleMs - quiet);
    }
  };
  timer = setTimeout(check, idleMs);
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { capture: true, passive: true } as AddEventListenerOptions);
  return () => {
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true } as EventListenerOptions);
  };
}
