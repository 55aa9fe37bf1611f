import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconWarning } from '../../ui/icons';

export const PIN_MIN = 4;
export const PIN_MAX = 8;

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * A PIN typed on a 64 px keypad or the keyboard (digits, Backspace, Enter). Shows dots, never the
 * digits; the PIN lives here only until it is submitted.
 */
export function PinEntry({
  onSubmit,
  submitLabel,
  busy = false,
  refused = false,
  message,
  resetKey,
  describedBy,
}: {
  onSubmit: (pin: string) => void;
  submitLabel: string;
  busy?: boolean;
  /** PINs are refused for now: the keys stay, submitting waits. */
  refused?: boolean;
  /** A wrong PIN, a wait…: shown under the dots with a warning icon. */
  message?: ReactNode;
  /** Changing it empties the entry (after a wrong PIN, at the next step). */
  resetKey?: unknown;
  describedBy?: string;
}) {
  const { t } = useTranslation('lock');
  const [pin, setPin] = useState('');
  const firstKey = useRef<HTMLButtonElement>(null);

  // A new entry (first shown, after a wrong PIN, at the next step) is empty, the focus on its keys.
  // Emptied while rendering (React's "adjusting state when a prop changes"), focused after.
  const [entryKey, setEntryKey] = useState(resetKey);
  if (!Object.is(entryKey, resetKey)) {
    setEntryKey(resetKey);
    setPin('');
  }
  useEffect(() => {
    firstKey.current?.focus({ preventScroll: true });
  }, [resetKey]);

  const add = (digit: string) => setPin((current) => (current.length >= PIN_MAX ? current : current + digit));
  const remove = () => setPin((current) => current.slice(0, -1));
  const submit = () => {
    if (busy || refused || pin.length < PIN_MIN) return;
    onSubmit(pin);
  };

  // Keys are heard anywhere in the page while this entry is the one in front: after a tap the
  // focus may sit on a key that became disabled, or on the page itself.
  const root = useRef<HTMLDivElement>(null);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const own = root.current?.closest('dialog') ?? null;
    const inFront = document.querySelector('dialog.lock-screen[open]') ?? [...document.querySelectorAll('dialog[open]')].at(-1) ?? null;
    if (own !== inFront) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      add(event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      remove();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <div className="pin-entry" ref={root}>
      <output className="pin-entry__dots" aria-live="polite" data-testid="pin-dots" aria-describedby={describedBy}>
        <span className="visually-hidden">{pin.length === 0 ? t('noDigits') : t('digitsEntered', { count: pin.length })}</span>
        <span aria-hidden className="pin-entry__dot-row">
          {Array.from({ length: Math.max(PIN_MIN, pin.length) }, (_, i) => (
            <span key={i} className={`pin-entry__dot${i < pin.length ? ' pin-entry__dot--filled' : ''}`} />
          ))}
        </span>
      </output>
      <p className="pin-entry__message" role="alert" data-testid="pin-message">
        {message && (
          <>
            <IconWarning className="pin-entry__message-icon" />
            <span>{message}</span>
          </>
        )}
      </p>
      <div className="pin-entry__keys" role="group" aria-label={t('keypad')}>
        {DIGITS.map((digit, i) => (
          <button key={digit} ref={i === 0 ? firstKey : undefined} type="button" className="pin-entry__key" onClick={() => add(digit)}>
            {digit}
          </button>
        ))}
        <button type="button" className="pin-entry__key pin-entry__key--edit" aria-label={t('deleteDigit')} onClick={remove} disabled={pin.length === 0}>
          ⌫
        </button>
        <button type="button" className="pin-entry__key" onClick={() => add('0')}>
          0
        </button>
        <button
          type="button"
          className="pin-entry__key pin-entry__key--submit"
          onClick={submit}
          disabled={busy || refused || pin.length < PIN_MIN}
          aria-busy={busy}
          data-testid="pin-submit"
        >
          {busy ? t('checking') : submitLabel}
        </button>
      </div>
    </div>
  );
}
