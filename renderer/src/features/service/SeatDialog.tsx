import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useStore } from 'zustand';
import { catalogSelectors, catalogStore, type CatalogState } from '../../data/catalog/catalogStore';
import { customerDetailsDb } from '../../data/customers/customerDetails';
import type { SeatTable } from '../../data/queue/outboxTypes';
import { IconWarning } from '../../ui/icons';
import { SearchList } from '../../ui/SearchList';
import { useFormat } from '../../i18n/useFormat';
import { orderSelectors, useOrderStore } from '../../session/orderStore';
import { CUSTOMER_RESULTS, searchCustomers, type CustomerMatch } from './customerSearch';
import { Keypad } from './Keypad';
import {
  clearCustomer,
  describeSeatError,
  editCustomerField,
  guestsError,
  pickCustomer,
  pressKey,
  seatErrorText,
  seatFormFor,
  ticketLinesText,
  validateSeatForm,
  type KeypadKey,
  type SeatError,
  type SeatErrors,
  type SeatForm,
  type SeatSaveError,
} from './seatForm';
import { seatTables } from './seatTables';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { useCustomersStore } from '../../session/customersStore';
import { methodChoices } from '../../data/catalog/paymentMethods';
import './seat.css';

// The seat dialog: guests on a keypad, an optional customer (found among the
// synced customers or typed as a new one), notes, and "Seat", which commits a Flow newOrder to
// the outbox and opens the table's order (the action: seatTables.ts). Mounted once; open while
// serviceStore.seating holds tables. Modal: the rest of the app is inert, focus stays inside,
// Escape or Cancel closes. Test names (English): dialog "Seat T5" / "Seat T5 + T6", textbox
// "Guests", keys "1".."9", "0", "Delete digit", "Clear", buttons "Seat" and "Cancel".

export function seatTitle(t: TFunction<'service'>, tables: readonly SeatTable[]): string {
  return t('title', { tables: tables.map((table) => table.name).join(' + ') });
}

export function SeatDialog() {
  const seating = useServiceStore(serviceSelectors.seating);
  if (seating === null || seating.length === 0) return null;
  // A new choice of tables is a new form (keyed), never the previous one's leftovers.
  return createPortal(<SeatDialogBody key={seating.map((t) => t.id).join('-')} tables={seating} />, document.body);
}

const accountKeyOf = (state: CatalogState) => state.accountKey;

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While the dialog is open the app behind it is inert (no focus, no taps, hidden from readers),
 * the focus starts on its title and returns where it was; Escape anywhere cancels.
 */
function useModal(titleRef: RefObject<HTMLElement | null>, onEscape: () => void) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const wasInert = root?.inert ?? false;
    if (root) root.inert = true;
    titleRef.current?.focus({ preventScroll: true });
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      escape.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (root) root.inert = wasInert;
      if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
    };
  }, [titleRef]);
}

/** Tab and Shift+Tab cycle inside the dialog. */
function trapFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

type Methods = ReturnType<typeof methodChoices>['methods'];

/**
 * The form's state. The keypad's "fresh" flag lives with the form: the default guests are replaced
 * by the first key, not extended (seatForm pressKey). Every change is a function of the latest
 * state, so taps in quick succession never work on a stale form.
 */
function useSeatDraft(methodLabels: { card: string; cash: string }) {
  // A customer chosen on the Customers screen "for a table" starts the form.
  const forTable = useCustomersStore((state) => state.forTable);
  const [draft, setDraft] = useState<{ form: SeatForm; fresh: boolean }>(() => ({ form: seatFormFor(forTable), fresh: true }));
  // A deposit is taken with one of the synced payment methods (Card and Cash before the first sync).
  const catalogDb = useStore(catalogStore, catalogSelectors.catalogDb);
  const storedMethods = useLiveQuery(async () => (catalogDb ? await catalogDb.paymentMethods.toArray() : []), [catalogDb]);
  const { methods } = methodChoices(storedMethods, methodLabels);
  const firstMethod = methods[0] ?? null;
  const form: SeatForm = {
    ...draft.form,
    prepaymentMethod: draft.form.prepaymentMethod ?? (firstMethod ? { id: firstMethod.id, name: firstMethod.name } : null),
  };
  const update = (change: (form: SeatForm) => SeatForm) => setDraft((d) => ({ ...d, form: change(d.form) }));
  const onKey = (key: KeypadKey) =>
    setDraft((d) => {
      const next = pressKey({ value: d.form.guests, fresh: d.fresh }, key);
      return { form: { ...d.form, guests: next.value }, fresh: false };
    });
  const typeGuests = (guests: string) => setDraft((d) => ({ form: { ...d.form, guests }, fresh: false }));
  return { form, methods, update, onKey, typeGuests };
}

/** "Seat": the form checked, then the action (seatTables.ts); a second tap while saving does nothing. */
function useSeatSubmit(tables: readonly SeatTable[], form: SeatForm) {
  const { t } = useTranslation(['service', 'common']);
  const outbox = useServiceStore(serviceSelectors.outbox);
  const openOrder = useServiceStore((state) => state.openOrder);
  // Field messages appear once "Seat" was tapped (and then follow the form); the guests message shows at once.
  const [showErrors, setShowErrors] = useState(false);
  const checked = validateSeatForm(form);
  const errors: SeatErrors | null = showErrors && !checked.ok ? checked.errors : null;
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<SeatSaveError | null>(null);
  // A second tap before React re-renders must not seat the guests twice.
  const savingRef = useRef(false);
  const seat = async () => {
    if (savingRef.current) return;
    setShowErrors(true);
    if (!checked.ok) return;
    if (outbox === null) {
      setSaveError({ message: t('storeOpening'), detail: 'serviceStore.outbox is null' });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    setSaveError(null);
    try {
      await seatTables(tables, checked.values, { outbox, openOrder });
    } catch (error) {
      // Nothing is lost: the form and the ticket stay as they were.
      setSaveError(describeSeatError(t, error));
      savingRef.current = false;
      setSaving(false);
    }
  };
  return { errors, saving, saveError, seat };
}

function SeatDialogBody({ tables }: { tables: readonly SeatTable[] }) {
  const { t } = useTranslation(['service', 'common']);
  const closeSeatDialog = useServiceStore((state) => state.closeSeatDialog);
  const ticketLines = useOrderStore(orderSelectors.counterLines);
  const { form, methods, update, onKey, typeGuests } = useSeatDraft({ card: t('methodCard'), cash: t('methodCash') });
  const { errors, saving, saveError, seat } = useSeatSubmit(tables, form);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const title = seatTitle(t, tables);
  const primary = tables.length > 1 ? tables[tables.length - 1]!.name : null;
  const cancel = () => {
    if (!saving) closeSeatDialog();
  };
  useModal(titleRef, cancel);
  const linesText = ticketLinesText(t, ticketLines);

  return (
    <div className="seat-backdrop">
      <div
        className="seat-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={linesText ? `${id}-lines` : undefined}
        aria-busy={saving}
        onKeyDown={trapFocus}
      >
        <header className="seat-dialog__header">
          <h2 id={`${id}-title`} className="seat-dialog__title" ref={titleRef} tabIndex={-1}>
            {title}
          </h2>
          {primary && <p className="seat-dialog__primary">{t('primaryNote', { table: primary })}</p>}
        </header>

        <div className="seat-dialog__body">
          <GuestsSection id={id} guests={form.guests} saving={saving} onType={typeGuests} onKey={onKey} />
          <section className="seat-dialog__customer" aria-labelledby={`${id}-customer`}>
            <h3 id={`${id}-customer`} className="seat-dialog__subtitle">
              {t('customer')} <span className="field__note">{t('optional')}</span>
            </h3>
            <CustomerFields id={id} form={form} errors={errors} saving={saving} update={update} />
            <PrepaymentFields id={id} form={form} errors={errors} saving={saving} update={update} methods={methods} />
          </section>
        </div>

        <footer className="dialog__footer">
          <div className="dialog__status">
            {linesText && (
              <p id={`${id}-lines`} className="seat-dialog__lines">
                {linesText}
              </p>
            )}
            {saveError && (
              <div className="seat-dialog__error" role="alert">
                <IconWarning className="seat-dialog__error-icon" />
                <div>
                  <p>{saveError.message}</p>
                  {saveError.detail && <p className="seat-dialog__detail">{saveError.detail}</p>}
                </div>
              </div>
            )}
            {errors && Object.keys(errors).length > 0 && !saveError && (
              <p className="form-problem" role="alert">
                {t('checkFields')}
              </p>
            )}
          </div>
          <button type="button" className="button button--secondary" disabled={saving} onClick={cancel}>
            {t('common:cancel')}
          </button>
          <button type="button" className="button button--primary seat-dialog__seat" disabled={saving} aria-busy={saving} onClick={() => void seat()}>
            {saving ? t('seating') : t('seat')}
          </button>
        </footer>
      </div>
    </div>
  );
}

function GuestsSection({
  id,
  guests,
  saving,
  onType,
  onKey,
}: {
  id: string;
  guests: string;
  saving: boolean;
  onType: (guests: string) => void;
  onKey: (key: KeypadKey) => void;
}) {
  const { t } = useTranslation('service');
  const guestsMessage = guestsError(guests);
  return (
    <section className="seat-dialog__guests">
      <label className="field__label" htmlFor={`${id}-guests`}>
        {t('guests')}
      </label>
      <input
        id={`${id}-guests`}
        className="field__input seat-field__input--guests"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        step={1}
        autoComplete="off"
        value={guests}
        aria-invalid={guestsMessage !== null}
        aria-describedby={guestsMessage ? `${id}-guests-error` : undefined}
        disabled={saving}
        onChange={(event) => onType(event.target.value)}
      />
      <FieldMessage id={`${id}-guests-error`} error={guestsMessage} />
      <Keypad label={t('numberPad')} onKey={onKey} disabled={saving} />
    </section>
  );
}

interface FormPart {
  id: string;
  form: SeatForm;
  errors: SeatErrors | null;
  saving: boolean;
  update: (change: (form: SeatForm) => SeatForm) => void;
}

/** The customer: found among the synced ones, or typed as a new one; and the notes. */
function CustomerFields({ id, form, errors, saving, update }: FormPart) {
  const { t } = useTranslation('service');
  return (
    <>
      <CustomerSearch
        picked={form.customerId !== null ? form.name : null}
        disabled={saving}
        onPick={(customer) => update((f) => pickCustomer(f, customer))}
        onRemove={() => update(clearCustomer)}
      />
      <TextField
        id={`${id}-name`}
        label={t('name')}
        value={form.name}
        error={errors?.name}
        disabled={saving}
        autoComplete="off"
        onChange={(v) => update((f) => editCustomerField(f, 'name', v))}
      />
      <div className="seat-dialog__pair">
        <TextField
          id={`${id}-email`}
          label={t('email')}
          type="email"
          inputMode="email"
          value={form.email}
          error={errors?.email}
          disabled={saving}
          onChange={(v) => update((f) => editCustomerField(f, 'email', v))}
        />
        <TextField
          id={`${id}-phone`}
          label={t('phone')}
          type="tel"
          inputMode="tel"
          value={form.phone}
          error={errors?.phone}
          disabled={saving}
          onChange={(v) => update((f) => editCustomerField(f, 'phone', v))}
        />
      </div>
      <label className="field field--tight">
        <span className="field__label">{t('notes')}</span>
        <textarea
          className="field__input seat-field__textarea"
          rows={2}
          maxLength={500}
          value={form.notes}
          disabled={saving}
          aria-invalid={errors?.notes ? true : undefined}
          onChange={(event) => {
            const notes = event.target.value;
            update((f) => ({ ...f, notes }));
          }}
        />
      </label>
      <FieldMessage id={`${id}-notes-error`} error={errors?.notes ?? null} />
    </>
  );
}

/** A reservation's deposit and the method it was taken with. */
function PrepaymentFields({ id, form, errors, saving, update, methods }: FormPart & { methods: Methods }) {
  const { t } = useTranslation('service');
  return (
    <div className="seat-dialog__prepayment" role="group" aria-labelledby={`${id}-prepayment-title`}>
      <h3 id={`${id}-prepayment-title`} className="seat-dialog__subtitle">
        {t('prepayment')} <span className="field__note">{t('optional')}</span>
      </h3>
      <div className="seat-dialog__pair">
        <div className="field field--tight">
          <label className="field__label" htmlFor={`${id}-prepayment`}>
            {t('prepaymentAmount')}
          </label>
          <input
            id={`${id}-prepayment`}
            className="field__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={form.prepayment}
            disabled={saving}
            aria-invalid={errors?.prepayment ? true : undefined}
            aria-describedby={errors?.prepayment ? `${id}-prepayment-error` : undefined}
            onChange={(event) => {
              const prepayment = event.target.value;
              update((f) => ({ ...f, prepayment }));
            }}
          />
          <FieldMessage id={`${id}-prepayment-error`} error={errors?.prepayment ?? null} />
        </div>
        <div className="field field--tight">
          <label className="field__label" htmlFor={`${id}-prepayment-method`}>
            {t('prepaymentMethod')}
          </label>
          <select
            id={`${id}-prepayment-method`}
            className="field__input"
            value={form.prepaymentMethod?.id ?? ''}
            disabled={saving}
            onChange={(event) => {
              const chosen = methods.find((m) => m.id === Number(event.target.value));
              if (chosen) update((f) => ({ ...f, prepaymentMethod: { id: chosen.id, name: chosen.name } }));
            }}
          >
            {methods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

function FieldMessage({ id, error }: { id: string; error: SeatError | null }): ReactNode {
  const { t } = useTranslation('service');
  if (!error) return null;
  return (
    <p id={id} className="form-error">
      <IconWarning className="form-error__icon" />
      {seatErrorText(t, error)}
    </p>
  );
}

function TextField({
  id,
  label,
  value,
  error,
  onChange,
  disabled,
  type = 'text',
  inputMode,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  error: SeatError | undefined;
  onChange: (value: string) => void;
  disabled: boolean;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel';
  autoComplete?: string;
}) {
  return (
    <div className="field field--tight">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessage id={`${id}-error`} error={error ?? null} />
    </div>
  );
}

/**
 * Prefix search over the synced customers of the current catalog generation (customerSearch.ts).
 * Offline it works the same: the customers are on this terminal.
 */
function CustomerSearch({
  picked,
  disabled,
  onPick,
  onRemove,
}: {
  picked: string | null;
  disabled: boolean;
  onPick: (customer: CustomerMatch) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('service');
  const { collator } = useFormat();
  const catalogDb = useStore(catalogStore, catalogSelectors.catalogDb);
  const accountKey = useStore(catalogStore, accountKeyOf);
  const [query, setQuery] = useState('');
  const id = useId();
  const trimmed = query.trim();
  const matches = useLiveQuery(
    () =>
      catalogDb && trimmed.length >= 2
        ? searchCustomers(catalogDb, trimmed, collator, CUSTOMER_RESULTS, accountKey ? customerDetailsDb(accountKey) : null)
        : Promise.resolve([]),
    [catalogDb, trimmed, collator, accountKey],
  );

  if (picked !== null) {
    return (
      <div className="customer-picked">
        <span>
          {t('fromCustomerList')} <strong>{picked}</strong>
        </span>
        <button type="button" className="button button--secondary" disabled={disabled} onClick={onRemove}>
          {t('removeCustomer')}
        </button>
      </div>
    );
  }

  return (
    <div className="customer-search">
      <label className="field__label" htmlFor={`${id}-find`}>
        {t('findCustomer')}
      </label>
      <input
        id={`${id}-find`}
        className="field__input"
        type="search"
        autoComplete="off"
        placeholder={t('findPlaceholder')}
        value={query}
        disabled={disabled}
        onChange={(event) => setQuery(event.target.value)}
      />
      {catalogDb === null && trimmed.length >= 2 && <p className="customer-search__note">{t('customersAfterSync')}</p>}
      {catalogDb !== null && trimmed.length >= 2 && matches !== undefined && (
        <div role="status" className="customer-search__note">
          {matches.length === 0 ? t('noCustomerBegins', { query: trimmed }) : t('customersFound', { count: matches.length })}
        </div>
      )}
      {/* "None begins with …" is said in the status line above, so no match shows no list. */}
      <SearchList
        items={matches}
        itemKey={(customer) => customer.id}
        className="customer-search__results"
        label={t('customersFoundList')}
        renderRow={(customer) => (
          <button
            type="button"
            className="card-button customer-result"
            disabled={disabled}
            onClick={() => {
              onPick(customer);
              setQuery('');
            }}
          >
            <span className="customer-result__name">{customer.name || t('noName')}</span>
            <span className="customer-result__contact">{[customer.email, customer.phone].filter(Boolean).join(' · ')}</span>
          </button>
        )}
      />
    </div>
  );
}
