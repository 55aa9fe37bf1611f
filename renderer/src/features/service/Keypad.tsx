import type { KeypadKey } from './seatForm';
import './seat.css';

// An on-screen number pad for the seat dialog's Guests (issue 6 item 2): 64 px keys, usable with
// a wet thumb; the text field next to it still takes a hardware keyboard.

const KEYS: { key: KeypadKey; label: string; name: string }[] = [
  ...(['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const).map((d) => ({ key: d, label: d, name: d })),
  { key: 'clear', label: 'Clear', name: 'Clear' },
  { key: '0', label: '0', name: '0' },
  { key: 'delete', label: '⌫', name: 'Delete digit' },
];

export function Keypad({ onKey, label, disabled = false }: { onKey: (key: KeypadKey) => void; label: string; disabled?: boolean }) {
  return (
    <div className="keypad" role="group" aria-label={label}>
      {KEYS.map(({ key, label: text, name }) => (
        <button
          key={key}
          type="button"
          className={`keypad__key${key === 'clear' || key === 'delete' ? ' keypad__key--edit' : ''}`}
          aria-label={name === text ? undefined : name}
          disabled={disabled}
          onClick={() => onKey(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
