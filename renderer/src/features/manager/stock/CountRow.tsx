import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/Button';
import { IconCheck, IconWarning } from '../../../ui/icons';
import { scannerOptIn } from '../../../ui/useScanner';
import { differenceOf, parseCount, type CountItem } from './stockCount';

// One item of the count sheet: its name (and barcode), in stock, the counted field and the
// difference — a sign and a word ("+3 more", "−2 fewer", "No difference"), never colour alone.
// When the POS said its quantity changed since it was read: the new quantity, and the choice.

export interface CountRowProps {
  item: CountItem;
  expected: number;
  typed: string;
  /** The POS's new quantity, when it changed since it was read (nothing was saved). */
  changedTo: number | undefined;
  /** Added by a scan or a search: the warehouse had no row for it. */
  added: boolean;
  /** Mark a count that is not a number (after a save was tried). */
  showInvalid: boolean;
  onType: (text: string) => void;
  /** Enter in the field: back to the search. */
  onDone: () => void;
  onKeep: () => void;
  onCountAgain: () => void;
}

export function CountRow({ item, expected, typed, changedTo, added, showInvalid, onType, onDone, onKeep, onCountAgain }: CountRowProps) {
  const { t } = useTranslation('managerStock');
  const format = useFormat();
  const ids = useId();
  const parsed = parseCount(typed);
  const invalid = parsed.kind === 'invalid';
  const state = changedTo !== undefined ? 'changed' : parsed.kind === 'count' ? 'counted' : 'open';

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onDone();
  };

  return (
    <li className={`stock-count-row stock-count-row--${state}`} data-testid="stock-count-row" data-item-id={item.itemId} data-state={state}>
      <div className="stock-count-row__item">
        <span className="stock-count-row__name" id={`${ids}-name`}>
          {item.name}
        </span>
        <span className="stock-count-row__meta">
          {item.barcode !== null && <span className="stock-count-row__barcode">{item.barcode}</span>}
          {added && <span className="stock-count-row__added">{t('addedHint')}</span>}
        </span>
      </div>
      <div className="stock-count-row__expected">
        <span className="stock-count-row__caption">{t('inStock')}</span>
        <span className="stock-count-row__value" data-testid="stock-count-expected">
          {format.number(expected)}
        </span>
      </div>
      <label className="stock-count-row__counted">
        <span className="stock-count-row__caption">{t('counted')}</span>
        <input
          {...scannerOptIn}
          className="field__input stock-count-row__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          aria-label={t('countedLabel', { name: item.name })}
          aria-invalid={showInvalid && invalid}
          aria-describedby={`${ids}-difference`}
          data-count-item={item.itemId}
          value={typed}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKey}
        />
      </label>
      <div className="stock-count-row__difference" id={`${ids}-difference`} data-testid="stock-count-difference">
        <DifferenceText expected={expected} typed={typed} />
      </div>
      {changedTo !== undefined && (
        <div className="stock-count-row__changed" data-testid="stock-count-changed">
          <p className="stock-count-row__changed-text">
            <IconWarning className="stock-count-row__icon" />
            <span>{t('changedElsewhere', { now: format.number(changedTo), was: format.number(expected) })}</span>
          </p>
          <div className="stock-count-row__choices">
            <Button onClick={onKeep} disabled={parsed.kind !== 'count'} aria-describedby={`${ids}-name`}>
              {parsed.kind === 'count' ? t('keepCount', { counted: format.number(parsed.quantity) }) : t('keepCountNone')}
            </Button>
            <Button onClick={onCountAgain} aria-describedby={`${ids}-name`}>
              {t('countAgain')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function DifferenceText({ expected, typed }: { expected: number; typed: string }) {
  const { t } = useTranslation('managerStock');
  const format = useFormat();
  const parsed = parseCount(typed);
  if (parsed.kind === 'empty') return <span className="stock-count-diff stock-count-diff--open">{t('notCounted')}</span>;
  if (parsed.kind === 'invalid')
    return (
      <span className="stock-count-diff stock-count-diff--invalid">
        <IconWarning className="stock-count-row__icon" />
        {t('notANumber')}
      </span>
    );
  const difference = differenceOf(expected, parsed.quantity);
  if (difference.kind === 'same')
    return (
      <span className="stock-count-diff stock-count-diff--same">
        <IconCheck className="stock-count-row__icon" />
        {t('differenceSame')}
      </span>
    );
  return (
    <span className={`stock-count-diff stock-count-diff--${difference.kind}`}>
      {difference.kind === 'more'
        ? t('differenceMore', { amount: format.number(difference.amount) })
        : t('differenceFewer', { amount: format.number(difference.amount) })}
    </span>
  );
}
