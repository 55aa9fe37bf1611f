import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { BridgeError, type OutboxEntry } from '../../../../shared/bridge';
import { catalogSelectors, catalogStore, type CatalogState } from '../../data/catalog/catalogStore';
import { customerDetailsDb, type CustomerDetailsRow } from '../../data/customers/customerDetails';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { EmptyState } from '../../ui/Notice';
import { IconCheck, IconWarning } from '../../ui/icons';
import { useInlineConfirm } from '../../ui/useInlineConfirm';
import { VirtualGrid } from '../../ui/VirtualGrid';
import { sessionSelectors, useSession } from '../../session/session';
import { Modal } from '../../ui/Modal';
import { useServiceStore } from '../../session/navigation';
import { applyCustomerTo, type CustomerUse } from './customerUse';
import { EMPTY_CREATE_FORM, MAX_NAME, searchRows, sortedRows, validateCreateForm, type CreateError, type CreateForm, type CustomerRow } from './customerList';
import { customersSelectors, useCustomersStore } from '../../session/customersStore';
import './customers.css';

// The Customers screen: the customers synced to this terminal (a windowed list,
// searched by name, and email or phone where this terminal knows them), one customer's details,
// "use for a table / takeaway / delivery", create (through the queue: a customer typed offline is
// created when the connection returns) and delete (online only, after a confirmation). Test names
// (English): heading "Customers", searchbox "Search customers", list "Customer list", buttons
// "New customer", "Delete…", "Delete", dialog "New customer" with "Name", "Email", "Phone", "Create".

const ROW_HEIGHT = 72;

type Notice = { tone: 'ok' | 'info' | 'problem'; text: string } | null;

export function CustomersScreen() {
  const { t } = useTranslation('customers');
  const { collator } = useFormat();
  const showScreen = useServiceStore((s) => s.showScreen);
  const catalogDb = useStore(catalogStore, catalogSelectors.catalogDb);
  const records = useLiveQuery(async () => (catalogDb ? await catalogDb.customers.toArray() : null), [catalogDb]);
  // Email and phone read when a customer was opened (the listing has none, spec 2.4): a few rows.
  const accountKey = useStore(catalogStore, accountKeyOf);
  const knownDetails = useLiveQuery(async () => (accountKey ? await customerDetailsDb(accountKey).details.toArray() : []), [accountKey]);
  const detailsById = useMemo(() => new Map((knownDetails ?? []).map((row) => [row.id, row])), [knownDetails]);
  const rows = useMemo(() => (records ? sortedRows(records, collator, detailsById) : null), [records, collator, detailsById]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (rows ? searchRows(rows, query) : null), [rows, query]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = rows?.find((row) => row.id === selectedId) ?? null;
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const searchId = useId();

  return (
    <section className="screen customers" aria-labelledby="customers-title">
      <div className="screen__bar customers__bar">
        <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
          {t('backToFloor')}
        </button>
        <h1 className="screen__title" id="customers-title" tabIndex={-1}>
          {t('title')}
        </h1>
        {rows && <span className="customers__count">{t('count', { count: rows.length })}</span>}
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('newCustomer')}
        </button>
      </div>
      <div className="customers__search">
        <label className="field__label" htmlFor={searchId}>
          {t('search')}
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder={t('searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <span className="customers__found" role="status">
          {shown && query.trim() !== '' ? (shown.length === 0 ? t('noneFound', { query: query.trim() }) : t('found', { count: shown.length })) : ''}
        </span>
      </div>
      {notice && <NoticeLine notice={notice} onClose={() => setNotice(null)} />}
      <div className="customers__body">
        <div className="customers__list">
          {shown === null ? (
            <EmptyState title={t('notSynced')} />
          ) : rows !== null && rows.length === 0 ? (
            <EmptyState title={t('noCustomers')} />
          ) : (
            <VirtualGrid
              items={shown}
              itemKey={(row) => row.id}
              rowHeight={ROW_HEIGHT}
              minColumnWidth={280}
              gap={8}
              resetKey={query}
              className="customers__grid"
              label={t('listLabel')}
              renderItem={(row, { index, count }) => (
                <li aria-posinset={index + 1} aria-setsize={count}>
                  <CustomerButton row={row} selected={row.id === selectedId} onSelect={() => setSelectedId(row.id)} />
                </li>
              )}
            />
          )}
        </div>
        <aside className="customers__details" aria-label={t('detailsLabel')}>
          {selected === null ? (
            <p className="customers__hint">{t('chooseOne')}</p>
          ) : (
            <CustomerDetails key={selected.id} row={selected} known={detailsById.get(selected.id)} onNotice={setNotice} onDeleted={() => setSelectedId(null)} />
          )}
        </aside>
      </div>
      {creating && (
        <CreateDialog
          onClose={(outcome) => {
            setCreating(false);
            if (outcome) {
              setNotice(outcome.notice);
              if (outcome.customerId !== undefined) setSelectedId(outcome.customerId);
            }
          }}
        />
      )}
    </section>
  );
}

const accountKeyOf = (state: CatalogState) => state.accountKey;

function NoticeLine({ notice, onClose }: { notice: NonNullable<Notice>; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className={`customers__notice customers__notice--${notice.tone}`} role={notice.tone === 'problem' ? 'alert' : 'status'} data-testid="customers-notice">
      {notice.tone === 'ok' ? <IconCheck className="customers__notice-icon" /> : <IconWarning className="customers__notice-icon" />}
      <span className="customers__notice-text">{notice.text}</span>
      <button type="button" className="button button--secondary customers__notice-close" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}

function CustomerButton({ row, selected, onSelect }: { row: CustomerRow; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('customers');
  const contact = [row.email, row.phone].filter(Boolean).join(' · ');
  return (
    <button type="button" className="card-button card-button--row customer-row" aria-pressed={selected} onClick={onSelect}>
      <span className="customer-row__name">{row.name || t('noName')}</span>
      <span className="customer-row__contact">
        {!row.active && <span className="customer-row__inactive">{t('inactive')}</span>}
        {contact}
      </span>
    </button>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="customer-details__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Reading the opened customer's details from the POS: under way, done, or failed (why, worded). */
type DetailsRead = { kind: 'reading' } | { kind: 'read' } | { kind: 'failed'; offline: boolean; reason: string };

/**
 * Reads the opened customer's email and phone from the POS (customersStore `readDetails`, spec 4.2
 * `GET V2/customers/<id>`): once per opening; what it answered is kept for offline.
 */
function useDetailsRead(customerId: number): DetailsRead {
  const { t } = useTranslation(['customers', 'errors']);
  const actions = useStore(useCustomersStore, customersSelectors.actions);
  const [read, setRead] = useState<DetailsRead>({ kind: 'reading' });
  useEffect(() => {
    if (actions === null) return;
    let current = true;
    actions.readDetails(customerId).then(
      () => current && setRead({ kind: 'read' }),
      (error: unknown) => {
        const offline = error instanceof BridgeError && (error.kind === 'offline' || error.kind === 'unreachable');
        if (current) setRead({ kind: 'failed', offline, reason: errorText(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [actions, customerId, t]);
  return read;
}

function CustomerDetails({
  row,
  known,
  onNotice,
  onDeleted,
}: {
  row: CustomerRow;
  known: CustomerDetailsRow | undefined;
  onNotice: (notice: Notice) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['customers', 'errors']);
  const { time, date } = useFormat();
  const actions = useStore(useCustomersStore, customersSelectors.actions);
  const connection = useSession(sessionSelectors.connection);
  const { scope: confirmScope, ...confirm } = useInlineConfirm<'delete', HTMLDivElement>();
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const read = useDetailsRead(row.id);
  const name = row.name || t('noName');
  const chosen = { id: row.id, name: row.name, email: row.email, phone: row.phone };
  const use = (what: CustomerUse) => applyCustomerTo(what, chosen);
  // A field the POS answered empty says "None"; one never read says so, or that it is being read.
  const missing = known ? t('noneAtPos') : read.kind === 'reading' ? t('detailsReading') : t('notKnown');
  const readAt = known ? new Date(known.readAt) : null;

  const askDelete = () => {
    setProblem(null);
    // Online only: say so at once rather than ask a question whose answer cannot be carried out.
    if (connection === 'offline') setProblem(t('deleteOffline'));
    else confirm.ask('delete');
  };
  const remove = async () => {
    if (actions === null || deleting) return;
    setDeleting(true);
    try {
      await actions.remove(row.id);
      confirm.close();
      onNotice({ tone: 'ok', text: t('deleted', { name }) });
      onDeleted();
    } catch (error) {
      confirm.close();
      setDeleting(false);
      const offline = error instanceof BridgeError && error.kind === 'offline';
      setProblem(offline ? t('deleteOffline') : t('deleteFailed', { name, reason: errorText(t, error) }));
    }
  };

  return (
    <div className="customer-details" ref={confirmScope} onKeyDown={confirm.onKeyDown}>
      <h2 className="customer-details__name">{name}</h2>
      <dl className="customer-details__facts">
        <Fact label={t('state')}>
          <span className={`customer-details__state customer-details__state--${row.active ? 'active' : 'inactive'}`}>
            {row.active ? <IconCheck className="customer-details__state-icon" /> : <IconWarning className="customer-details__state-icon" />}
            {row.active ? t('active') : t('inactive')}
          </span>
        </Fact>
        <Fact label={t('email')}>{row.email ?? <span className="customer-details__unknown">{missing}</span>}</Fact>
        <Fact label={t('phone')}>{row.phone ?? <span className="customer-details__unknown">{missing}</span>}</Fact>
        <Fact label={t('posNumber')}>{row.id}</Fact>
      </dl>
      <p className="customer-details__read" role="status" data-testid="customer-details-read">
        {read.kind === 'failed' && (
          <>
            <IconWarning className="customer-details__read-icon" />
            {readAt
              ? t(read.offline ? 'detailsOfflineAsOf' : 'detailsFailedAsOf', { date: date(readAt), time: time(readAt), reason: read.reason })
              : t(read.offline ? 'detailsOffline' : 'detailsFailed', { reason: read.reason })}
          </>
        )}
      </p>
      <h3 className="customer-details__subtitle">{t('useFor')}</h3>
      <div className="customer-details__uses">
        <button type="button" className="button button--secondary" onClick={() => use('table')}>
          {t('useForTable')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => use('takeaway')}>
          {t('useForTakeaway')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => use('delivery')}>
          {t('useForDelivery')}
        </button>
      </div>
      <div className="customer-details__danger">
        {confirm.asking === 'delete' ? (
          <div className="customer-details__confirm" role="group" aria-label={t('deleteQuestion', { name })}>
            <p className="customer-details__question">{t('deleteQuestion', { name })}</p>
            <div className="customer-details__confirm-buttons">
              <button type="button" className="button button--secondary" data-autofocus disabled={deleting} onClick={confirm.close}>
                {t('keep')}
              </button>
              <button
                type="button"
                className="button button--primary customer-details__really-delete"
                disabled={deleting}
                aria-busy={deleting}
                onClick={() => void remove()}
              >
                {deleting ? t('deleting') : t('deleteConfirm')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button button--secondary button--danger customer-details__delete" data-opener="delete" onClick={askDelete}>
            {t('delete')}
          </button>
        )}
        {problem && (
          <p className="form-error" role="alert" ref={(element) => element?.scrollIntoView({ block: 'nearest' })}>
            <IconWarning className="form-error__icon" />
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

// ---- create --------------------------------------------------------------------------------

type Outcome = 'creating' | 'created' | 'saved-offline' | 'queued' | 'refused' | 'unconfirmed';

/**
 * What became of a submitted `customer` entry, from the queue store. An accepted entry leaves the
 * queue's snapshot: one that was seen and then is gone was created (or dealt with by a person).
 */
function useEntryOutcome(entryId: string | null, offlineAtSubmit: boolean): { outcome: Outcome | null; entry: OutboxEntry | null } {
  const entry = useQueueStore(entryId === null ? () => null : queueSelectors.entryById(entryId));
  const connection = useSession(sessionSelectors.connection);
  // Remembered while rendering (React's "storing information from previous renders"), not in an effect.
  const [seen, setSeen] = useState<string | null>(null);
  if (entry !== null && seen !== entry.id) setSeen(entry.id);
  if (entryId === null) return { outcome: null, entry: null };
  if (entry === null) return { outcome: seen === entryId ? 'created' : 'creating', entry: null };
  switch (entry.state) {
    case 'accepted':
      return { outcome: 'created', entry };
    case 'rejected':
      return { outcome: 'refused', entry };
    case 'unconfirmed':
      return { outcome: 'unconfirmed', entry };
    case 'sending':
      return { outcome: 'creating', entry };
    case 'queued': {
      const offline = offlineAtSubmit || connection === 'offline' || entry.lastError?.kind === 'offline';
      return { outcome: offline ? 'saved-offline' : entry.attempts > 0 ? 'queued' : 'creating', entry };
    }
  }
}

const CREATE_ERROR_KEY = {
  nameMissing: 'errorNameMissing',
  nameLong: 'errorNameLong',
  email: 'errorEmail',
  phone: 'errorPhone',
} as const satisfies Record<CreateError, string>;

function CreateDialog({ onClose }: { onClose: (outcome: { notice: Notice; customerId?: number } | null) => void }) {
  const { t } = useTranslation(['customers', 'common', 'errors']);
  const actions = useStore(useCustomersStore, customersSelectors.actions);
  const connection = useSession(sessionSelectors.connection);
  const [form, setForm] = useState<CreateForm>(EMPTY_CREATE_FORM);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ entryId: string; name: string; offline: boolean } | null>(null);
  const { outcome, entry } = useEntryOutcome(submitted?.entryId ?? null, submitted?.offline ?? false);
  const checked = validateCreateForm(form);
  const errors = showErrors && !checked.ok ? checked.errors : {};
  const id = useId();
  const closing = useRef(false);

  // The dialog closes itself once the outcome is known; a refusal stays, so the waiter can fix it.
  useEffect(() => {
    if (submitted === null || outcome === null || closing.current) return;
    const name = submitted.name;
    const close = (notice: Notice, customerId?: number) => {
      closing.current = true;
      onClose({ notice, ...(customerId !== undefined ? { customerId } : {}) });
    };
    if (outcome === 'created') close({ tone: 'ok', text: t('outcomeCreated', { name }) }, entry?.answer?.customer?.id);
    else if (outcome === 'saved-offline') close({ tone: 'info', text: t('outcomeSavedOffline', { name }) });
    else if (outcome === 'queued') close({ tone: 'info', text: t('outcomeQueued', { name }) });
    else if (outcome === 'unconfirmed') close({ tone: 'problem', text: t('outcomeUnconfirmed', { name }) });
  }, [submitted, outcome, entry, onClose, t]);

  const edit = (change: Partial<CreateForm>) => {
    setForm((f) => ({ ...f, ...change }));
    // Another Create is a new customer: the refused one stays in Pending orders.
    if (outcome === 'refused') setSubmitted(null);
  };

  const create = async () => {
    setShowErrors(true);
    if (!checked.ok || actions === null || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      const created = await actions.create(checked.draft);
      setSubmitted({ entryId: created.id, name: checked.draft.name, offline: connection === 'offline' });
    } catch (error) {
      setSaveError(t('saveFailed', { reason: errorText(t, error) }));
    } finally {
      setSaving(false);
    }
  };

  const busy = saving || outcome === 'creating';
  const field = (name: 'name' | 'email' | 'phone', label: string, required: boolean, type: 'text' | 'email' | 'tel') => {
    const error = errors[name];
    return (
      <div className="field field--tight">
        <label className="field__label" htmlFor={`${id}-${name}`}>
          {label} <span className="field__note">{required ? t('required') : t('optional')}</span>
        </label>
        <input
          id={`${id}-${name}`}
          className="field__input"
          type={type}
          inputMode={type === 'text' ? undefined : type}
          autoComplete="off"
          maxLength={name === 'name' ? MAX_NAME : 200}
          value={form[name]}
          disabled={busy}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          onChange={(event) => edit({ [name]: event.target.value })}
        />
        {error && (
          <p id={`${id}-${name}-error`} className="form-error customers-field__error">
            <IconWarning className="form-error__icon" />
            {t(CREATE_ERROR_KEY[error], { max: MAX_NAME })}
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal className="dialog-card customers-dialog" labelledBy={`${id}-title`} onCancel={() => onClose(null)}>
      <form
        className="customers-dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <h2 id={`${id}-title`} className="customers-dialog__title">
          {t('createTitle')}
        </h2>
        {field('name', t('name'), true, 'text')}
        {field('email', t('email'), false, 'email')}
        {field('phone', t('phone'), false, 'tel')}
        <label className="customers-dialog__check">
          <input type="checkbox" checked={form.active} disabled={busy} onChange={(event) => edit({ active: event.target.checked })} />
          <span>{t('activeLabel')}</span>
        </label>
        <div className="customers-dialog__status" aria-live="polite">
          {showErrors && !checked.ok && <p className="form-problem">{t('checkFields')}</p>}
          {outcome === 'creating' && submitted && <p>{t('outcomeCreating', { name: submitted.name })}</p>}
          {outcome === 'refused' && submitted && (
            <p className="form-error" role="alert">
              <IconWarning className="form-error__icon" />
              {t('outcomeRefused', { name: submitted.name, reason: errorText(t, entry?.lastError) })}
            </p>
          )}
          {saveError && (
            <p className="form-error" role="alert">
              <IconWarning className="form-error__icon" />
              {saveError}
            </p>
          )}
        </div>
        <div className="customers-dialog__buttons">
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              onClose(submitted && outcome === 'creating' ? { notice: { tone: 'info', text: t('outcomeQueued', { name: submitted.name }) } } : null)
            }
          >
            {outcome === 'creating' ? t('common:close') : t('common:cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? t('creating') : t('create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
