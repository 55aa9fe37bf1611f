import { describe, expect, it, vi } from 'vitest';
import { attachScanner, createScanDetector, focusKind, type ScanKeyEvent } from './useScanner';

// A keyboard-wedge scanner types fast and ends with Enter; a person types slowly. The detector
// tells them apart by the time between keys, and leaves text fields alone unless they opted in.

const body = { tagName: 'BODY' };
const button = { tagName: 'BUTTON' };
const input = (attrs: Record<string, string> = {}, type = 'text') => ({ tagName: 'INPUT', type, getAttribute: (name: string) => attrs[name] ?? null });

function key(k: string, timeStamp: number, target: object = body, extra: Partial<ScanKeyEvent> = {}): ScanKeyEvent {
  return {
    key: k,
    timeStamp,
    target: target as EventTarget,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    preventDefault: vi.fn(),
    stopPropagation: vi.fn(),
    ...extra,
  };
}

/** Types `text` then Enter, `gap` ms apart, starting at `start`; the detector's answers. */
function typeInto(detector: ReturnType<typeof createScanDetector>, text: string, gap: number, start = 1_000, target: object = body): (string | null)[] {
  return [...text, 'Enter'].map((k, i) => detector.feed(key(k, start + i * gap, target)));
}

describe('createScanDetector', () => {
  it('reports a fast burst ending with Enter as one code', () => {
    const detector = createScanDetector();
    const answers = typeInto(detector, 'GC-1234-abcd', 8);
    expect(answers.at(-1)).toBe('GC-1234-abcd');
    expect(answers.slice(0, -1).every((a) => a === null)).toBe(true);
  });

  it('does not report a person typing the same characters (gaps of 80 ms)', () => {
    expect(typeInto(createScanDetector(), 'GC-1234-abcd', 80).every((a) => a === null)).toBe(true);
  });

  it('a slow start followed by a burst reports the burst alone', () => {
    const detector = createScanDetector();
    expect(detector.feed(key('x', 0))).toBeNull();
    expect(typeInto(detector, 'CODE99', 5, 500).at(-1)).toBe('CODE99');
  });

  it('one slow key inside the burst breaks it; a slow Enter is not a scan', () => {
    const detector = createScanDetector();
    const keys = [key('A', 0), key('B', 5), key('C', 200), key('D', 205), key('Enter', 210)];
    expect(keys.map((k) => detector.feed(k)).at(-1)).toBeNull(); // "CD": shorter than 4
    const slowEnter = [key('W', 1_000), key('X', 1_005), key('Y', 1_010), key('Z', 1_015), key('Enter', 1_400)];
    expect(slowEnter.map((k) => detector.feed(k)).at(-1)).toBeNull();
  });

  it('codes shorter than minLength are ignored; Shift inside a burst is fine', () => {
    expect(typeInto(createScanDetector(), 'abc', 5).at(-1)).toBeNull();
    const detector = createScanDetector({ minLength: 2 });
    const keys = [key('Shift', 0), key('A', 2), key('Shift', 4), key('B', 6), key('Enter', 8)];
    expect(keys.map((k) => detector.feed(k)).at(-1)).toBe('AB');
  });

  it('ignores bursts inside a text field that did not opt in, and reports those in one that did', () => {
    expect(typeInto(createScanDetector(), 'GC-1234', 5, 0, input()).at(-1)).toBeNull();
    expect(typeInto(createScanDetector(), 'GC-1234', 5, 0, { tagName: 'TEXTAREA' }).at(-1)).toBeNull();
    expect(typeInto(createScanDetector(), 'GC-1234', 5, 0, input({ 'data-scanner': 'accept' })).at(-1)).toBe('GC-1234');
    expect(typeInto(createScanDetector(), 'GC-1234', 5, 0, button).at(-1)).toBe('GC-1234');
    expect(typeInto(createScanDetector(), 'GC-1234', 5, 0, input({}, 'checkbox')).at(-1)).toBe('GC-1234');
  });

  it('a shortcut (Ctrl+…) or an editing key breaks the burst', () => {
    const detector = createScanDetector();
    const keys = [key('A', 0), key('B', 5), key('v', 10, body, { ctrlKey: true }), key('C', 15), key('D', 20), key('Enter', 25)];
    expect(keys.map((k) => detector.feed(k)).at(-1)).toBeNull();
    const backspace = [key('A', 100), key('B', 105), key('C', 110), key('Backspace', 115), key('D', 120), key('Enter', 125)];
    expect(backspace.map((k) => detector.feed(k)).at(-1)).toBeNull();
  });
});

describe('focusKind', () => {
  it('tells text fields, opted-in fields and the rest apart', () => {
    expect(focusKind(null)).toBe('free');
    expect(focusKind(body as unknown as EventTarget)).toBe('free');
    expect(focusKind(input() as unknown as EventTarget)).toBe('typing');
    expect(focusKind(input({}, 'number') as unknown as EventTarget)).toBe('typing');
    expect(focusKind({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe('typing');
    expect(focusKind(input({ 'data-scanner': 'accept' }) as unknown as EventTarget)).toBe('accept');
  });
});

describe('attachScanner', () => {
  it('calls back with the code, swallows the scan’s Enter only, and stops when detached', () => {
    const listeners = new Set<(event: Event) => void>();
    const target = {
      addEventListener: (_: string, l: EventListenerOrEventListenerObject) => listeners.add(l as (event: Event) => void),
      removeEventListener: (_: string, l: EventListenerOrEventListenerObject) => listeners.delete(l as (event: Event) => void),
    };
    const onScan = vi.fn();
    const stop = attachScanner(target, onScan);
    const events = [...'ABCD', 'Enter'].map((k, i) => key(k, i * 5, button));
    for (const event of events) for (const l of listeners) l(event as unknown as Event);
    expect(onScan).toHaveBeenCalledWith('ABCD');
    expect(events.at(-1)!.preventDefault).toHaveBeenCalled();
    expect(events.at(-1)!.stopPropagation).toHaveBeenCalled();
    expect(events[0]!.preventDefault).not.toHaveBeenCalled();
    // A person's Enter on a button still presses it.
    const slow = key('Enter', 10_000, button);
    for (const l of listeners) l(slow as unknown as Event);
    expect(slow.preventDefault).not.toHaveBeenCalled();
    stop();
    expect(listeners.size).toBe(0);
  });
});
