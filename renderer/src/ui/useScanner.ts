import { useEffect, useRef } from 'react';

// A keyboard-wedge scanner (barcode / QR reader plugged in as a keyboard) "types" its code much
// faster than a person and ends it with Enter, wherever the focus is. This tells such a burst from
// typing by the time between keys: every key of the burst, and the Enter, within `maxGapMs` of the
// one before, at least `minLength` characters. Keys typed into a text field belong to that field
// and are left alone, unless the field opted in with `data-scanner="accept"` (its own code field,
// e.g. a gift card's uuid): then a scan there is reported too, and its Enter does not submit.
// A scan's Enter is swallowed (it must not press the focused button); other keys always pass.

/** Put on a text field whose scans should be reported: `<input {...scannerOptIn} />`. */
export const SCANNER_ATTRIBUTE = 'data-scanner';
export const scannerOptIn = { [SCANNER_ATTRIBUTE]: 'accept' } as const;

export interface ScannerOptions {
  /** Longest pause between two keys of one scan, in ms. Default 35 (scanners: 1–15 ms; people: 80+). */
  maxGapMs?: number;
  /** Shortest code reported. Default 4. */
  minLength?: number;
}

/** What the detector reads of a keydown (a KeyboardEvent has all of it). */
export interface ScanKeyEvent {
  key: string;
  /** ms, from any fixed origin (KeyboardEvent.timeStamp). */
  timeStamp: number;
  target: EventTarget | null;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
  preventDefault(): void;
  stopPropagation(): void;
}

/** Element traits the detector looks at (an Element has them; tests pass plain objects). */
interface ElementLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** 'typing': a text field that did not opt in (its keys are its own); 'accept': one that did; 'free': anything else. */
export function focusKind(target: EventTarget | null): 'typing' | 'accept' | 'free' {
  const element = target as ElementLike | null;
  if (!element || typeof element.tagName !== 'string') return 'free';
  const tag = element.tagName.toUpperCase();
  const editable =
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    element.isContentEditable === true ||
    (tag === 'INPUT' && !NOT_TEXT_INPUTS.has((element.type ?? 'text').toLowerCase()));
  if (!editable) return 'free';
  return element.getAttribute?.(SCANNER_ATTRIBUTE) === 'accept' ? 'accept' : 'typing';
}

/** Keys that do not break a burst (a scanner presses Shift for capitals). */
const MODIFIERS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

/** The pure part: feed it every keydown; it answers the code when a burst ends with Enter. */
export function createScanDetector(options: ScannerOptions = {}) {
  const maxGapMs = options.maxGapMs ?? 35;
  const minLength = options.minLength ?? 4;
  let buffer = '';
  let last = -Infinity;

  return {
    /** The scanned code, when this key (an Enter) ends a scan; null otherwise. */
    feed(event: ScanKeyEvent): string | null {
      if (event.isComposing || MODIFIERS.has(event.key)) return null;
      const focus = focusKind(event.target);
      if (focus === 'typing' || event.ctrlKey || event.altKey || event.metaKey) {
        buffer = '';
        return null;
      }
      const fast = event.timeStamp - last <= maxGapMs;
      last = event.timeStamp;
      if (event.key === 'Enter') {
        const code = fast && buffer.length >= minLength ? buffer : null;
        buffer = '';
        return code;
      }
      if (event.key.length === 1) {
        buffer = fast ? buffer + event.key : event.key;
        return null;
      }
      buffer = ''; // Backspace, arrows, Tab…: a person
      return null;
    },
  };
}

/** Listens on `target` (the window) before anyone else; returns the stop function. */
export function attachScanner(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  onScan: (code: string) => void,
  options: ScannerOptions = {},
): () => void {
  const detector = createScanDetector(options);
  const listener = (event: Event) => {
    const code = detector.feed(event as unknown as ScanKeyEvent);
    if (code === null) return;
    // The scan's Enter must not press the focused button nor submit the opted-in field's form.
    event.preventDefault();
    event.stopPropagation();
    onScan(code);
  };
  target.addEventListener('keydown', listener, { capture: true });
  return () => target.removeEventListener('keydown', listener, { capture: true });
}

/** Calls `onScan` with each code a keyboard-wedge scanner types while this component is mounted. */
export function useScanner(onScan: (code: string) => void, options: ScannerOptions & { enabled?: boolean } = {}): void {
  const callback = useRef(onScan);
  useEffect(() => {
    callback.current = onScan;
  });
  const { enabled = true, maxGapMs, minLength } = options;
  useEffect(() => {
    if (!enabled) return undefined;
    return attachScanner(window, (code) => callback.current(code), { maxGapMs, minLength });
  }, [enabled, maxGapMs, minLength]);
}
