import { useTranslation } from 'react-i18next';
import type { AmountKey } from './giftCardForm';

// An on-screen pad for a money amount (64 px keys): digits, the language's decimal separator,
// delete and clear. The text field beside it still takes a hardware keyboard.

/** "." in English, "," in Spanish and Catalan: the separator the amount fields show. */
export function useSeparator(): '.' | ',' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? '.' : ',';
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export function AmountPad({ onKey, separator, disabled = false }: { onKey: (key: AmountKey) => void; separator: '.' | ','; disabled?: boolean }) {
  const { t } = useTranslation('giftCards');
  const keys: { key: AmountKey; text: string; name?: string }[] = [
    ...DIGITS.map((d) => ({ key: d, text: d })),
    { key: 'separator', text: separator, name: t('keySeparator') },
    { key: '0', text: '0' },
    { key: 'delete', text: '⌫', name: t('keyDelete') },
  ];
  return (
    <div className="keypad amount-pad" role="group" aria-label={t('amountKeypad')}>
      {keys.map(({ key, text, name }) => (
        <button key={key} type="button" className="keypad__key amount-pad__key" aria-label={name} disabled={disabled} onClick={() => onKey(key)}>
          {text}
        </button>
      ))}
      <button type="button" className="keypad__key amount-pad__key amount-pad__key--wide" disabled={disabled} onClick={() => onKey('clear')}>
        {t('keyClear')}
      </button>
    </div>
  );
}
