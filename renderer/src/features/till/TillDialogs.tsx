import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopCatalogDb, StoredShopProduct } from '../../data/shop/shopDb';
import { useFormat } from '../../i18n/useFormat';
import { IconNoEntry } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { useBasketStore, type ViewLine } from './basketStore';
import { StockHoldButton } from './stock/StockHoldButton';
import { tillProductOf, variantGrid, type VariantCell } from './tillData';
import { isSoldOut, parseDiscount, parseQuantity, parseWeight, thousandthsText, typeKey, variantMatrix, type Parsed } from './tillInput';

// The till's dialogs: a variant master's size × colour grid, the weight of a
// product sold by weight, and a basket line's quantity or weight, discount and note.
// Test ids: till-variants (the dialog), till-variant-cell (data-product-id, data-sold-out),
// till-weight-dialog, till-line-dialog, till-keypad, till-keypad-field, till-dialog-confirm.

/** A variant master's variants: rows by set 1 (size), columns by set 2 (colour), each with its shop-floor stock. */
export function VariantDialog({ db, master, onClose }: { db: ShopCatalogDb; master: StoredShopProduct; onClose: () => void }) {
  const { t } = useTranslation('till');
  const format = useFormat();
  const titleId = useId();
  const add = useBasketStore((state) => state.add);
  const grid = useLiveQuery(() => variantGrid(db, master), [db, master]);
  const matrix = grid === undefined ? null : variantMatrix(grid);
  const choose = async (cell: VariantCell) => {
    const names = [grid?.rows.values.find((v) => v.id === cell.value1)?.name, grid?.columns.values.find((v) => v.id === cell.value2)?.name].filter(
      (n) => n !== undefined,
    );
    add(await tillProductOf(db, cell.product, names.length > 0 ? names.join(' · ') : null));
    onClose();
  };
  return (
    <Modal className="dialog dialog--wide" labelledBy={titleId} onCancel={onClose}>
      <div className="dialog__inner" data-testid="till-variants">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {master.name}
          </h2>
          <p className="dialog__subtitle">{t('variantsHint', { price: format.money(master.price / 100) })}</p>
        </header>
        {grid !== undefined && matrix !== null && grid.cells.length === 0 && <p className="till-empty">{t('noVariants')}</p>}
        {grid !== undefined && matrix !== null && grid.cells.length > 0 && (
          <div className="dialog__body">
            <table className="till-variants">
              <caption className="visually-hidden">{t('variantsCaption', { product: master.name })}</caption>
              <thead>
                <tr>
                  <th scope="col" className="till-variants__corner">
                    {[grid.rows.setName, grid.columns.setName].filter((n) => n !== null).join(' / ')}
                  </th>
                  {(grid.columns.values.length > 0 ? grid.columns.values : [{ id: 0, name: '', color: null }]).map((value) => (
                    <th key={value.id} scope="col" className="till-variants__column">
                      {value.color !== null && <span className="till-variants__swatch" style={{ background: value.color }} aria-hidden="true" />}
                      {value.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {matrix.map((row, r) => {
                  const rowValue = grid.rows.values[r];
                  return (
                    <tr key={rowValue?.id ?? r}>
                      <th scope="row" className="till-variants__row">
                        {rowValue?.name ?? ''}
                      </th>
                      {row.map((cell, c) => {
                        const column = grid.columns.values[c];
                        const name = [rowValue?.name, column?.name].filter((n) => n !== undefined).join(' · ');
                        if (cell === null) {
                          return (
                            <td key={c} className="till-variants__cell till-variants__cell--none">
                              <span aria-hidden="true">—</span>
                              <span className="visually-hidden">{t('variantMissing', { variant: name })}</span>
                            </td>
                          );
                        }
                        const soldOut = isSoldOut(cell);
                        const stock =
                          cell.stockThousandths === null
                            ? t('stockUntracked')
                            : soldOut
                              ? t('soldOut')
                              : t('inStock', { quantity: format.number(cell.stockThousandths / 1000) });
                        return (
                          <td key={c} className="till-variants__cell">
                            {/* Holding a cell (or Shift+F10) sets its stock, behind the PIN (features/till/stock). */}
                            <StockHoldButton
                              product={cell.product}
                              variantName={name}
                              className={soldOut ? 'card-button till-variant till-variant--sold-out' : 'card-button till-variant'}
                              data-testid="till-variant-cell"
                              data-product-id={cell.product.id}
                              data-sold-out={soldOut}
                              aria-label={t('variantCell', { variant: name, stock })}
                              onTap={() => void choose(cell)}
                            >
                              <span className="till-variant__name">{name}</span>{' '}
                              <span className="till-variant__stock">
                                {soldOut && <IconNoEntry className="till-variant__icon" />}
                                {stock}
                              </span>
                            </StockHoldButton>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <footer className="dialog__footer dialog__footer--end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
        </footer>
      </div>
    </Modal>
  );
}

/** The weight of a product sold by weight (kg, 3 decimals), before it is added. */
export function WeightDialog({ db, product, onClose }: { db: ShopCatalogDb; product: StoredShopProduct; onClose: () => void }) {
  const { t } = useTranslation('till');
  const format = useFormat();
  const titleId = useId();
  const add = useBasketStore((state) => state.add);
  const [text, setText] = useState('');
  const weight = parseWeight(text);
  const submit = async () => {
    if (!weight.ok) return;
    add(await tillProductOf(db, product), weight.value);
    onClose();
  };
  return (
    <Modal className="dialog" labelledBy={titleId} onCancel={onClose}>
      <form
        className="dialog__inner"
        data-testid="till-weight-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {t('weightOf', { product: product.name })}
          </h2>
          <p className="dialog__subtitle">{t('pricePerKg', { price: format.money(product.price / 100) })}</p>
        </header>
        <Keypad label={t('weightKg')} unit={t('kg')} text={text} decimals={3} onText={setText} problem={problemKey(weight, text)} autoFocus />
        <footer className="dialog__footer dialog__footer--end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" data-testid="till-dialog-confirm" disabled={!weight.ok}>
            {t('addWeighed')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}

const PROBLEM_KEYS = { empty: 'problemEmpty', invalid: 'problemInvalid', zero: 'problemZero', 'too-large': 'problemTooLarge' } as const;

/** The message key of what is wrong with a typed number; null while nothing is typed or it is right. */
function problemKey(parsed: Parsed<unknown>, text: string): (typeof PROBLEM_KEYS)[keyof typeof PROBLEM_KEYS] | null {
  if (parsed.ok || text.trim() === '') return null;
  return PROBLEM_KEYS[parsed.problem];
}

/** A basket line: its quantity (or weight), a discount (amount or %), a note; or taking it out. */
export function LineDialog({ line, onClose }: { line: ViewLine; onClose: () => void }) {
  const { t } = useTranslation('till');
  const format = useFormat();
  const titleId = useId();
  const byWeight = line.product.usesWeight;
  const setQuantity = useBasketStore((state) => state.setQuantity);
  const setWeight = useBasketStore((state) => state.setWeight);
  const setDiscount = useBasketStore((state) => state.setDiscount);
  const setNotes = useBasketStore((state) => state.setNotes);
  const remove = useBasketStore((state) => state.remove);
  const [measure, setMeasure] = useState(thousandthsText(line.measureThousandths, byWeight ? 3 : 0));
  const [kind, setKind] = useState<'amount' | 'percent'>(line.manual?.kind ?? 'percent');
  const [discount, setDiscountText] = useState(
    line.manual === null
      ? ''
      : line.manual.kind === 'percent'
        ? String(line.manual.hundredths / 100).replace('.', ',')
        : (line.manual.cents / 100).toFixed(2).replace('.', ','),
  );
  const [notes, setNotesText] = useState(line.notes);
  const parsedMeasure = byWeight ? parseWeight(measure) : parseQuantity(measure);
  const parsedDiscount = discount.trim() === '' ? null : parseDiscount(kind, discount);
  const valid = parsedMeasure.ok && (parsedDiscount === null || parsedDiscount.ok);
  const save = () => {
    if (!parsedMeasure.ok || (parsedDiscount !== null && !parsedDiscount.ok)) return;
    if (byWeight) setWeight(line.key, parsedMeasure.value);
    else setQuantity(line.key, parsedMeasure.value);
    setDiscount(line.key, parsedDiscount === null ? null : parsedDiscount.value);
    setNotes(line.key, notes.trim());
    onClose();
  };
  const name = line.product.variantName === null ? line.product.name : `${line.product.name} (${line.product.variantName})`;
  return (
    <Modal className="dialog dialog--wide" labelledBy={titleId} onCancel={onClose}>
      <form
        className="dialog__inner"
        data-testid="till-line-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {name}
          </h2>
          <p className="dialog__subtitle">
            {byWeight ? t('pricePerKg', { price: format.money(line.unitPriceCents / 100) }) : format.money(line.unitPriceCents / 100)}
          </p>
        </header>
        <div className="dialog__body till-dialog__columns">
          <Keypad
            label={byWeight ? t('weightKg') : t('quantity')}
            unit={byWeight ? t('kg') : null}
            text={measure}
            decimals={byWeight ? 3 : 0}
            onText={setMeasure}
            problem={problemKey(parsedMeasure, measure)}
            autoFocus
          />
          <div className="till-dialog__fields">
            <fieldset className="field">
              <legend className="field__label">{t('discountKind')}</legend>
              <div className="segments">
                {(['percent', 'amount'] as const).map((each) => (
                  <button key={each} type="button" className="segment" aria-pressed={kind === each} onClick={() => setKind(each)}>
                    {t(`kind_${each}`)}
                  </button>
                ))}
              </div>
            </fieldset>
            <label className="field">
              <span className="field__label">{kind === 'percent' ? t('discountPercent') : t('discountAmount')}</span>
              <input
                className="input"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                data-testid="till-line-discount"
                value={discount}
                onChange={(event) => setDiscountText(event.target.value)}
              />
              {parsedDiscount !== null && !parsedDiscount.ok && (
                <span className="form-problem form-problem--reserved">{t(PROBLEM_KEYS[parsedDiscount.problem])}</span>
              )}
            </label>
            <label className="field">
              <span className="field__label">{t('notes')}</span>
              <input
                className="input"
                type="text"
                maxLength={250}
                autoComplete="off"
                data-testid="till-line-notes-field"
                value={notes}
                onChange={(event) => setNotesText(event.target.value)}
              />
            </label>
          </div>
        </div>
        <footer className="dialog__footer dialog__footer--end">
          <button
            type="button"
            className="button button--secondary button--danger"
            data-testid="till-line-remove"
            onClick={() => {
              remove(line.key);
              onClose();
            }}
          >
            {t('removeLine')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" data-testid="till-dialog-confirm" disabled={!valid}>
            {t('done')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', ',', '0', 'Backspace'] as const;

/** A number field with on-screen keys (the field takes the keyboard too). */
export function Keypad({
  label,
  unit,
  text,
  decimals,
  onText,
  problem,
  message,
  autoFocus = false,
}: {
  label: string;
  unit: string | null;
  text: string;
  decimals: number;
  onText: (text: string) => void;
  /** The message key of what is wrong with `text`, or null. */
  problem: (typeof PROBLEM_KEYS)[keyof typeof PROBLEM_KEYS] | null;
  /** Another feature's words for what is wrong (features/till/stock), instead of `problem`'s. */
  message?: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('till');
  const id = useId();
  return (
    <div className="till-keypad" data-testid="till-keypad">
      <label className="field" htmlFor={id}>
        <span className="field__label">{label}</span>
      </label>
      <div className="till-keypad__display">
        <input
          id={id}
          className="input till-keypad__field"
          type="text"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          autoFocus={autoFocus}
          data-testid="till-keypad-field"
          value={text}
          aria-invalid={problem !== null || (message ?? null) !== null}
          onChange={(event) => onText(event.target.value)}
        />
        {unit !== null && <span className="till-keypad__unit">{unit}</span>}
      </div>
      <p className="form-problem form-problem--reserved" role="status">
        {message ?? (problem === null ? '' : t(problem))}
      </p>
      <div className="till-keypad__keys" role="group" aria-label={t('keypad')}>
        {KEYS.map((key) =>
          key === ',' && decimals === 0 ? (
            <span key={key} />
          ) : (
            <button
              key={key}
              type="button"
              className="till-keypad__key"
              aria-label={key === 'Backspace' ? t('backspace') : key === ',' ? t('decimalSeparator') : undefined}
              onClick={() => onText(typeKey(text, key, decimals))}
            >
              {key === 'Backspace' ? <span aria-hidden="true">⌫</span> : key}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
