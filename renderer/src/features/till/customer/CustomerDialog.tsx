import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BridgeClient } from '../../../../../shared/bridge';
import { shopConnectionStore } from '../../../data/shop/shopConnection';
import type { ShopCatalogDb, StoredShopCustomer } from '../../../data/shop/shopDb';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { IconCheck, IconOffline, IconWarning, svgProps, type IconProps } from '../../../ui/icons';
import { VirtualGrid } from '../../../ui/VirtualGrid';
import { Modal } from '../../../ui/Modal';
import { basketSelectors, useBasketStore } from '../basketStore';
import {
  accountKeyOfShopDb,
  CUSTOMER_FIELD_MAX,
  CUSTOMER_RESULTS,
  createRequestOf,
  customerRateOf,
  EMPTY_CUSTOMER_FORM,
  formOf,
  keepShopCustomer,
  patchedRecord,
  patchOf,
  refusedFields,
  saveFailureOf,
  searchShopCustomers,
  validateCustomerForm,
  type CustomerFieldError,
  type CustomerFieldErrors,
  type CustomerForm,
  type CustomerFormField,
} from './tillCustomer';
import './tillCustomer.css';
import { useShopBridge } from '../../../session/shopContext';
import { SearchField } from '../../../ui/SearchField';

// The sale's customer at the till: a "Customer" button in the basket's header
// with the chosen customer's name, and its dialog — search the synced customers (name, e-mail,
// phone, tax id; a windowed list), choose one (their price rate becomes the sale's: basketStore
// `setCustomer`), go back to none, create one (name and address required) or edit the chosen one
// (only the changed fields are sent). Creating and editing are online only (§4.2 POST / PATCH
// config/customers through the main side); a refusal is shown field by field; the saved record goes
// into the current catalog generation at once, so the search finds it before the next sync.
//
// Test ids: till-customer (the button), till-customer-name, till-customer-dialog, till-customer-search,
// till-customer-results, till-customer-row (data-customer-id, aria-pressed), till-customer-more,
// till-customer-empty, till-customer-clear, till-customer-new, till-customer-edit, till-customer-close,
// till-customer-form, till-customer-field-<field> (inputs), till-customer-error-<field>,
// till-customer-save, till-customer-back, till-customer-problem, till-customer-notice, till-customer-offline.

type CustomerBridge = Pick<BridgeClient, 'createShopCustomer' | 'updateShopCustomer'>;

function IconCustomer({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

/** The basket header's "Customer" button: the chosen customer's name, or "No customer". */
export function CustomerButton({ db, bridge }: { db: ShopCatalogDb; bridge?: CustomerBridge }) {
  const { t } = useTranslation('tillCustomer');
  const customerId = useBasketStore(basketSelectors.customerId);
  const customer = useLiveQuery(async () => (customerId === null ? null : ((await db.customers.get(customerId)) ?? null)), [db, customerId]);
  const [open, setOpen] = useState(false);
  const shopBridge = useShopBridge();
  const name = customerId === null ? null : (customer?.name ?? t('unknownCustomer', { id: customerId }));
  return (
    <>
      <button
        type="button"
        className="card-button till-customer"
        data-testid="till-customer"
        data-customer-id={customerId ?? undefined}
        aria-haspopup="dialog"
        aria-label={name === null ? t('buttonLabelNone') : t('buttonLabel', { name })}
        onClick={() => setOpen(true)}
      >
        <IconCustomer className="till-customer__icon" />
        <span className="till-customer__text">
          <span className="till-customer__label">{t('button')}</span>{' '}
          <span className={name === null ? 'till-customer__name till-customer__name--none' : 'till-customer__name'} data-testid="till-customer-name">
            {name ?? t('noCustomer')}
          </span>
        </span>
      </button>
      {open && <CustomerDialog db={db} bridge={bridge ?? shopBridge} onClose={() => setOpen(false)} />}
    </>
  );
}

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; customer: StoredShopCustomer };
type Notice = { tone: 'ok' | 'problem'; text: string };

export function CustomerDialog({ db, bridge, onClose }: { db: ShopCatalogDb; bridge: CustomerBridge; onClose: () => void }) {
  const { t } = useTranslation('tillCustomer');
  const titleId = useId();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [notice, setNotice] = useState<Notice | null>(null);
  // The shop's connection as the header shows it (data/shop/shopConnection.ts).
  const offline = useStore(shopConnectionStore, (state) => state.connection === 'offline');
  const customerId = useBasketStore(basketSelectors.customerId);
  const setCustomer = useBasketStore((state) => state.setCustomer);
  const chosen = useLiveQuery(async () => (customerId === null ? null : ((await db.customers.get(customerId)) ?? null)), [db, customerId]);
  const title = view.kind === 'list' ? t('title') : view.kind === 'new' ? t('newTitle') : t('editTitle', { name: view.customer.name });
  const done = (text: string) => {
    setNotice({ tone: 'ok', text });
    setView({ kind: 'list' });
  };
  return (
    <Modal
      className="dialog dialog--wide till-customer-dialog"
      labelledBy={titleId}
      onCancel={view.kind === 'list' ? onClose : () => setView({ kind: 'list' })}
    >
      <div className="dialog__inner" data-testid="till-customer-dialog">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {view.kind === 'list' ? <CurrentCustomer customer={chosen ?? null} customerId={customerId} /> : <p className="dialog__subtitle">{t('onlineOnly')}</p>}
        </header>
        {offline && view.kind !== 'list' && (
          <p className="notice till-customer-offline" role="status" data-testid="till-customer-offline">
            <IconOffline className="till-customer-offline__icon" />
            {t('offline')}
          </p>
        )}
        {view.kind === 'list' ? (
          <CustomerList
            db={db}
            chosen={chosen ?? null}
            notice={notice}
            onChosen={onClose}
            onNew={() => {
              setNotice(null);
              setView({ kind: 'new' });
            }}
            onEdit={(customer) => {
              setNotice(null);
              setView({ kind: 'edit', customer });
            }}
            onClose={onClose}
          />
        ) : (
          <CustomerFormView
            key={view.kind === 'edit' ? `edit-${view.customer.id}` : 'new'}
            db={db}
            bridge={bridge}
            original={view.kind === 'edit' ? view.customer : null}
            offline={offline}
            onBack={() => setView({ kind: 'list' })}
            onCreated={(customer) => {
              // A new customer is this sale's: their rate (if the shop gives them one) applies.
              setCustomer(customer.id, customerRateOf(customer));
              onClose();
            }}
            onSaved={(customer) => {
              if (customerId === customer.id) setCustomer(customer.id, customerRateOf(customer));
              done(t('saved', { name: customer.name }));
            }}
          />
        )}
      </div>
    </Modal>
  );
}

function CurrentCustomer({ customer, customerId }: { customer: StoredShopCustomer | null; customerId: number | null }) {
  const { t } = useTranslation('tillCustomer');
  const rates = useBasketStore(basketSelectors.rates);
  const rateId = useBasketStore(basketSelectors.rateId);
  if (customerId === null) return <p className="dialog__subtitle">{t('currentNone')}</p>;
  const name = customer?.name ?? t('unknownCustomer', { id: customerId });
  const own = customerRateOf(customer);
  const rate = own !== null && own === rateId ? rates.find((each) => each.id === own) : undefined;
  return <p className="dialog__subtitle">{rate ? t('currentWithRate', { name, rate: rate.name }) : t('current', { name })}</p>;
}

/** Each result row's fixed height (ui/VirtualGrid.tsx). */
const ROW_HEIGHT = 68;

function CustomerList({
  db,
  chosen,
  notice,
  onChosen,
  onNew,
  onEdit,
  onClose,
}: {
  db: ShopCatalogDb;
  chosen: StoredShopCustomer | null;
  notice: Notice | null;
  onChosen: () => void;
  onNew: () => void;
  onEdit: (customer: StoredShopCustomer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('tillCustomer');
  const { collator } = useFormat();
  const [query, setQuery] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const found = useLiveQuery(() => searchShopCustomers(db, query, collator), [db, query, collator]);
  // Back from the form, the search has the focus again (at first the dialog gives it: its first field).
  useEffect(() => field.current?.focus(), []);
  const rates = useBasketStore(basketSelectors.rates);
  const customerId = useBasketStore(basketSelectors.customerId);
  const setCustomer = useBasketStore((state) => state.setCustomer);
  const typed = query.trim();
  const choose = (customer: StoredShopCustomer) => {
    setCustomer(customer.id, customerRateOf(customer));
    onChosen();
  };
  return (
    <>
      <SearchField
        block="till-customer-search"
        fieldClassName="input"
        fieldRef={field}
        value={query}
        onChange={setQuery}
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        clearLabel={t('clearSearch')}
        testId="till-customer-search"
      />
      <div className="till-customer-results">
        {found !== undefined && found.customers.length === 0 && (
          <p className="till-empty till-customer-results__empty" data-testid="till-customer-empty">
            {typed === '' ? t('none') : t('noMatch', { query: typed })}
          </p>
        )}
        {found !== undefined && found.customers.length > 0 && (
          <VirtualGrid
            items={found.customers}
            itemKey={(customer) => customer.id}
            rowHeight={ROW_HEIGHT}
            minColumnWidth={100_000}
            gap={6}
            overscan={3}
            resetKey={query}
            className="till-customer-results__list"
            label={typed === '' ? t('results') : t('resultsMatching', { query: typed })}
            testId="till-customer-results"
            renderItem={(customer, position) => (
              <CustomerRow
                customer={customer}
                position={position}
                chosen={customer.id === customerId}
                rateName={rates.find((rate) => rate.id === customerRateOf(customer))?.name ?? null}
                onChoose={choose}
              />
            )}
          />
        )}
      </div>
      {found?.more === true && (
        <p className="till-customer-more" role="status" data-testid="till-customer-more">
          {t('more', { shown: CUSTOMER_RESULTS })}
        </p>
      )}
      {notice !== null && (
        <p className={`till-customer-notice till-customer-notice--${notice.tone}`} role="status" data-testid="till-customer-notice">
          {notice.tone === 'ok' ? <IconCheck className="till-customer-notice__icon" /> : <IconWarning className="till-customer-notice__icon" />}
          {notice.text}
        </p>
      )}
      <footer className="dialog__footer dialog__footer--end">
        {chosen !== null && (
          <button type="button" className="button button--secondary till-customer__secondary" data-testid="till-customer-edit" onClick={() => onEdit(chosen)}>
            {t('edit')}
          </button>
        )}
        {customerId !== null && (
          <button
            type="button"
            className="button button--secondary"
            data-testid="till-customer-clear"
            onClick={() => {
              setCustomer(null);
              onChosen();
            }}
          >
            {t('clear')}
          </button>
        )}
        <button type="button" className="button button--secondary" data-testid="till-customer-new" onClick={onNew}>
          {t('newCustomer')}
        </button>
        <button type="button" className="button button--primary" data-testid="till-customer-close" onClick={onClose}>
          {t('close')}
        </button>
      </footer>
    </>
  );
}

function CustomerRow({
  customer,
  position,
  chosen,
  rateName,
  onChoose,
}: {
  customer: StoredShopCustomer;
  position: { index: number; count: number };
  chosen: boolean;
  rateName: string | null;
  onChoose: (customer: StoredShopCustomer) => void;
}) {
  const { t } = useTranslation('tillCustomer');
  const facts = [customer.email, customer.phone, customer.nif === null ? null : t('taxId', { nif: customer.nif })].filter(
    (fact): fact is string => fact !== null && fact !== '',
  );
  return (
    <li className="till-customer-row" aria-posinset={position.index + 1} aria-setsize={position.count}>
      <button
        type="button"
        className="card-button card-button--row till-customer-row__button"
        data-testid="till-customer-row"
        data-customer-id={customer.id}
        aria-pressed={chosen}
        aria-description={t('choose')}
        onClick={() => onChoose(customer)}
      >
        <span className="till-customer-row__main">
          <span className="till-customer-row__name">{customer.name}</span>{' '}
          {rateName !== null && <span className="till-customer-row__rate">{t('rate', { rate: rateName })}</span>}
          {chosen && (
            <span className="till-customer-row__chosen">
              <IconCheck className="till-customer-row__chosen-icon" />
              {t('chosen')}
            </span>
          )}
        </span>{' '}
        <span className="till-customer-row__facts">{facts.join(' · ')}</span>
      </button>
    </li>
  );
}

const FIELD_INPUT: Record<CustomerFormField, { type: 'text' | 'email' | 'tel'; inputMode?: 'email' | 'tel' | 'text'; autoComplete: string; wide?: boolean }> = {
  name: { type: 'text', autoComplete: 'off', wide: true },
  address: { type: 'text', autoComplete: 'off', wide: true },
  postalCode: { type: 'text', autoComplete: 'off' },
  city: { type: 'text', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  nif: { type: 'text', autoComplete: 'off' },
  notes: { type: 'text', autoComplete: 'off' },
};

const FIELD_ORDER: readonly CustomerFormField[] = ['name', 'address', 'postalCode', 'city', 'email', 'phone', 'nif', 'notes'];

function CustomerFormView({
  db,
  bridge,
  original,
  offline,
  onBack,
  onCreated,
  onSaved,
}: {
  db: ShopCatalogDb;
  bridge: CustomerBridge;
  /** The customer being edited; null: a new one. */
  original: StoredShopCustomer | null;
  offline: boolean;
  onBack: () => void;
  onCreated: (customer: StoredShopCustomer) => void;
  onSaved: (customer: StoredShopCustomer) => void;
}) {
  const { t } = useTranslation(['tillCustomer', 'errors']);
  const id = useId();
  const [form, setForm] = useState<CustomerForm>(() => (original === null ? EMPTY_CUSTOMER_FORM : formOf(original)));
  const [showErrors, setShowErrors] = useState(false);
  const [refused, setRefused] = useState<CustomerFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ tone: 'problem' | 'info'; text: string } | null>(null);
  const checked = validateCustomerForm(form);
  const own = showErrors && !checked.ok ? checked.errors : {};
  const errorOf = (field: CustomerFormField): CustomerFieldError | undefined => own[field] ?? refused[field];
  const anyError = FIELD_ORDER.some((field) => errorOf(field) !== undefined);
  // The form replaces the list in the open dialog: the focus goes to its first field.
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const edit = (field: CustomerFormField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // The shop's refusal was of the value it saw.
    setRefused(({ [field]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setShowErrors(true);
    setProblem(null);
    if (!checked.ok || saving) return;
    // Online only: said at once rather than tried.
    if (offline) {
      setProblem({ tone: 'problem', text: t('offline') });
      return;
    }
    const changes = original === null ? null : patchOf(original, checked.customer);
    if (original !== null && changes === null) {
      setProblem({ tone: 'info', text: t('nothingChanged') });
      return;
    }
    setSaving(true);
    setRefused({});
    // For the account whose catalog this is (a switch since: refused, nothing done).
    const accountKey = accountKeyOfShopDb(db);
    const context = accountKey === null ? undefined : { accountKey };
    try {
      if (original === null) {
        const { customer } = await bridge.createShopCustomer({ customer: createRequestOf(checked.customer) }, context);
        await keepShopCustomer(db, customer);
        onCreated(customer);
      } else if (changes !== null) {
        const answer = await bridge.updateShopCustomer({ customerId: original.id, changes }, context);
        const customer = answer.customer ?? patchedRecord(original, changes);
        await keepShopCustomer(db, customer);
        onSaved(customer);
      }
    } catch (error) {
      setSaving(false);
      const failed = saveProblemOf(t, error, original, checked.customer.name);
      if (failed.refused) setRefused(failed.refused);
      setProblem(failed.problem);
    }
  };

  const field = (name: CustomerFormField): ReactNode => {
    const error = errorOf(name);
    const input = FIELD_INPUT[name];
    const required = name === 'name' || name === 'address';
    const inputId = `${id}-${name}`;
    return (
      <div key={name} className={input.wide ? 'field field--tight till-customer-field--wide' : 'field field--tight'}>
        <label className="field__label" htmlFor={inputId}>
          {t(name)} <span className="field__note">{required ? t('required') : t('optional')}</span>
        </label>
        <input
          id={inputId}
          className="field__input"
          type={input.type}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          maxLength={CUSTOMER_FIELD_MAX[name]}
          value={form[name]}
          disabled={saving}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          ref={name === 'name' ? firstField : undefined}
          data-testid={`till-customer-field-${name}`}
          onChange={(event) => edit(name, event.target.value)}
        />
        {error && (
          <p id={`${inputId}-error`} className="form-error" data-testid={`till-customer-error-${name}`}>
            <IconWarning className="form-error__icon" />
            {fieldErrorText(t, error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="till-customer-form"
      data-testid="till-customer-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="till-customer-form__fields">{FIELD_ORDER.map(field)}</div>
      <div className="till-customer-form__status" aria-live="polite">
        {anyError && problem === null && <p className="form-problem">{t('checkFields')}</p>}
        {problem !== null && (
          <p
            className={`form-error till-customer-form__problem--${problem.tone}`}
            role={problem.tone === 'problem' ? 'alert' : 'status'}
            data-testid="till-customer-problem"
          >
            {problem.tone === 'problem' ? <IconWarning className="form-error__icon" /> : null}
            {problem.text}
          </p>
        )}
      </div>
      <footer className="dialog__footer dialog__footer--end">
        <button type="button" className="button button--secondary" data-testid="till-customer-back" disabled={saving} onClick={onBack}>
          {t('back')}
        </button>
        <button type="submit" className="button button--primary" data-testid="till-customer-save" disabled={saving} aria-busy={saving}>
          {original === null ? (saving ? t('creating') : t('create')) : saving ? t('saving') : t('save')}
        </button>
      </footer>
    </form>
  );
}

type FormT = ReturnType<typeof useTranslation<['tillCustomer', 'errors']>>['t'];

/** What the form says when a save fails, and the fields the shop refused (if it did). */
function saveProblemOf(
  t: FormT,
  error: unknown,
  original: StoredShopCustomer | null,
  name: string,
): { problem: { tone: 'problem'; text: string }; refused?: CustomerFieldErrors } {
  const reason = errorText(t, error);
  switch (saveFailureOf(error)) {
    case 'offline':
      return { problem: { tone: 'problem', text: t('offline') } };
    case 'unknown':
      return { problem: { tone: 'problem', text: original === null ? t('unknownCreate', { name }) : t('unknownEdit', { name: original.name }) } };
    case 'refused':
      return { problem: { tone: 'problem', text: t('refused', { reason }) }, refused: refusedFields(error) };
    case 'failed':
      return { problem: { tone: 'problem', text: t('failed', { reason }) } };
  }
}

function fieldErrorText(t: TFunction<'tillCustomer'>, error: CustomerFieldError): string {
  switch (error.kind) {
    case 'required':
      return t('errorRequired');
    case 'tooLong':
      return t('errorTooLong', { max: error.max });
    case 'email':
      return t('errorEmail');
    case 'phone':
      return t('errorPhone');
    case 'nif':
      return t('errorNif');
    case 'refused':
      return error.said === null ? t('errorRefused') : t('errorRefusedSaid', { said: error.said });
  }
}
