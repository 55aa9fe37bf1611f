import { useTranslation } from 'react-i18next';
import type { KeypadKey } from './seatForm';
import './seat.css';

// An on-screen number pad for the seat dialog's Guests: 64 px keys, usable with
// a wet thumb; the text field next to it still takes a hardware keyboard.

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export function Keypad({ onKey, label, disabled = false }: { onKey: (key: KeypadKey) => void; label: string; disabled?: boolean }) {
  const { t } = useTranslation('service');
  // Digits are their own names; "Clear" shows its word, delete a symbol with a spoken name.
  const keys: { key: KeypadKey; text: string; name?: string }[] = [
    ...DIGITS.map((d) => ({ key: d, text: d })),
    { key: 'clear', text: t('keyClear') },
    { key: '0', text: '0' },
    { key: 'delete', text: '⌫', name: t('keyDelete') },
  ];
  return (
    <div className="keypad" role="group" aria-label={label}>
      {keys.map(({ key, text, name }) => (
        <button
          key={key}
          type="button"
          className={`keypad__key${key === 'clear' || key === 'delete' ? ' keypad__key--edit' : ''}`}
          aria-label={name}
          disabled={disabled}
          onClick={() => onKey(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
