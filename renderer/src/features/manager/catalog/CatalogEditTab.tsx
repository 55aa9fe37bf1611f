import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { ALLERGENS, type AllergenCode } from '../../../../../shared/api/catalog';
import type { CatalogEdit, CatalogEditField, CatalogEditKind } from '../../../../../shared/bridge';
import { refKey } from '../../../../../shared/domain/catalogEdits';
import type { CatalogDb } from '../../../data/catalog/catalogDb';
import { catalogSelectors, catalogStore } from '../../../data/catalog/catalogStore';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { FormError } from '../../../ui/FormError';
import { EmptyState } from '../../../ui/Notice';
import { allergenName } from '../../../i18n/allergenText';
import { SearchField } from '../../../ui/SearchField';
import { SearchList } from '../../../ui/SearchList';
import type { ManagerTabProps } from '../managerTab';
import { draftOf, editOfDraft, fieldsOf, type EditDraft, type FormProblem, type PickedRecord } from './catalogEditForm';
import { useCatalogEditStore, type PendingEdit } from './catalogEditStore';
import { saveCatalogEdits } from './saveCatalogEdits';
import { findRecords, type PickKind } from './catalogPicker';
import './catalogEdit.css';

// Manager mode's Catalog tab: find a group, category, item or modifier in the
// local catalog, change its fields in a form, keep the change in a list, and save the whole list
// in one call (saveCatalogEdits). What the POS accepted is written into the local catalog at once
// (data/catalog/catalogEdits.ts), so the order screen shows it before the next sync; a refused
// save changes nothing here, and every problem is shown on its field, in words.

const allergenCodes = Object.keys(ALLERGENS).map(Number) as AllergenCode[];
const KIND_LABEL = { group: 'kindGroup', category: 'kindCategory', item: 'kindItem', modifier: 'kindModifier' } as const satisfies Record<
  CatalogEditKind,
  string
>;
const PICK_KINDS: readonly PickKind[] = ['all', 'item', 'category', 'group', 'modifier'];
const PICK_LABEL = { all: 'kindAll', ...KIND_LABEL } as const;

const PROBLEM_KEY = {
  'name-empty': 'problemNameEmpty',
  'price-negative': 'problemPriceNegative',
  'price-too-high': 'problemPriceTooHigh',
  'price-invalid': 'problemPriceInvalid',
  'allergen-unknown': 'problemAllergenUnknown',
  'allergen-twice': 'problemAllergenTwice',
  'nothing-changed': 'problemNothingChanged',
  'listed-twice': 'problemListedTwice',
  'too-long': 'problemTooLong',
  server: 'problemServer',
} as const satisfies Record<FormProblem['code'], string>;

const FIELD_LABEL = {
  name: 'fieldName',
  buttonName: 'fieldButtonName',
  price: 'fieldPrice',
  active: 'fieldActive',
  allergens: 'fieldAllergens',
  photo: 'fieldPhoto',
  record: 'fieldRecord',
} as const satisfies Record<CatalogEditField, string>;

type Message = { tone: 'ok' | 'problem'; text: string };

function useProblemText() {
  const { t } = useTranslation('managerCatalog');
  return (problem: FormProblem) => t(PROBLEM_KEY[problem.code], { said: problem.said ?? '' });
}

export function CatalogEditTab({ bridge }: ManagerTabProps) {
  const { t } = useTranslation('managerCatalog');
  const db = useStore(catalogStore, catalogSelectors.catalogDb);
  const accountKey = useStore(catalogStore, (state) => state.accountKey);
  const forAccount = useCatalogEditStore((s) => s.forAccount);
  useEffect(() => forAccount(accountKey), [accountKey, forAccount]);

  if (db === null) return <EmptyState title={t('noCatalog')}>{t('noCatalogBody')}</EmptyState>;
  return (
    <div className="catalog-edit">
      <RecordPicker db={db} />
      <EditPanel />
      <PendingPanel bridge={bridge} db={db} />
    </div>
  );
}

function RecordPicker({ db }: { db: CatalogDb }) {
  const { t } = useTranslation('managerCatalog');
  const format = useFormat();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<PickKind>('all');
  const open = useCatalogEditStore((s) => s.open);
  const openRecord = useCatalogEditStore((s) => s.openRecord);
  const pending = useCatalogEditStore((s) => s.pending);
  const records = useLiveQuery(() => findRecords(db, query, kind), [db, query, kind]);
  const pendingKeys = new Set(pending.map((p) => refKey(p.edit)));

  return (
    <section className="catalog-edit__picker" aria-labelledby="catalog-edit-find">
      <h2 className="catalog-edit__heading" id="catalog-edit-find">
        {t('findTitle')}
      </h2>
      <SearchField
        block="catalog-search"
        value={query}
        onChange={setQuery}
        label={t('findLabel')}
        placeholder={t('findPlaceholder')}
        clearLabel={t('clearFind')}
        testId="catalog-edit-search"
      />
      <div className="segments catalog-edit__kinds" role="group" aria-label={t('kindFilterLabel')}>
        {PICK_KINDS.map((k) => (
          <button key={k} type="button" className="segment" aria-pressed={kind === k} onClick={() => setKind(k)}>
            {t(PICK_LABEL[k])}
          </button>
        ))}
      </div>
      <SearchList
        items={records}
        itemKey={(record) => refKey(record)}
        className="catalog-edit__results"
        label={t('resultsLabel')}
        testId="catalog-edit-results"
        empty={query.trim() === '' ? t('nothingOfKind') : t('noResults', { query })}
        emptyClassName="form-hint"
        renderRow={(record) => {
          const key = refKey(record);
          const chosen = open !== null && refKey(open) === key;
          const meta = [
            t(KIND_LABEL[record.kind]),
            ...(record.priceCents !== undefined ? [format.money(record.priceCents / 100)] : []),
            ...(record.active ? [] : [t('inactive')]),
            ...(pendingKeys.has(key) ? [t('changedMark')] : []),
          ];
          return (
            <button
              type="button"
              className="catalog-edit__result"
              aria-current={chosen ? 'true' : undefined}
              aria-label={[record.name, ...meta].join(', ')}
              onClick={() => openRecord(record)}
            >
              <span className="catalog-edit__result-name">{record.name}</span> <span className="catalog-edit__result-meta">{meta.join(' · ')}</span>
            </button>
          );
        }}
      />
    </section>
  );
}

function EditPanel() {
  const { t } = useTranslation('managerCatalog');
  const open = useCatalogEditStore((s) => s.open);
  if (open === null) {
    return (
      <section className="catalog-edit__form catalog-edit__form--empty" aria-label={t('formTitleEmpty')}>
        <p className="form-hint">{t('pickHint')}</p>
      </section>
    );
  }
  // A new form (and draft) for each record.
  return <EditForm key={refKey(open)} record={open} />;
}

function EditForm({ record }: { record: PickedRecord }) {
  const { t } = useTranslation('managerCatalog');
  const problemText = useProblemText();
  const entry = useCatalogEditStore((s) => s.pending.find((p) => refKey(p.edit) === refKey(record)));
  const keep = useCatalogEditStore((s) => s.keep);
  const remove = useCatalogEditStore((s) => s.remove);
  const openRecord = useCatalogEditStore((s) => s.openRecord);
  const base = entry?.record ?? record;
  const [draft, setDraft] = useState<EditDraft>(() => draftOf(base, entry?.edit));
  const [checked, setChecked] = useState(false);
  const [kept, setKept] = useState(false);
  const ids = useId();
  const fields = fieldsOf(record.kind);

  const { edit, problems: ownProblems } = editOfDraft(base, draft);
  // Our own problems once Keep was tried; else what the last save said about this record.
  const problems: FormProblem[] = checked ? ownProblems : (entry?.problems ?? []);
  const problemsOf = (field: CatalogEditField) => problems.filter((p) => p.field === field);
  const change = (fields: Partial<EditDraft>) => {
    setDraft((d) => ({ ...d, ...fields }));
    setKept(false);
  };

  const onKeep = () => {
    setChecked(true);
    if (edit === null) return;
    keep(base, edit);
    setChecked(false);
    setKept(true);
  };

  const errorId = (field: CatalogEditField) => `${ids}-${field}-error`;
  const inputId = (field: CatalogEditField) => `${ids}-${field}`;
  const fieldError = (field: CatalogEditField) => {
    const list = problemsOf(field);
    if (list.length === 0) return null;
    return <FormError id={errorId(field)}>{list.map((p) => problemText(p)).join(' ')}</FormError>;
  };
  const invalid = (field: CatalogEditField) => (problemsOf(field).length > 0 ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {});

  return (
    <section className="catalog-edit__form" aria-labelledby={`${ids}-title`} data-testid="catalog-edit-form">
      <h2 className="catalog-edit__heading" id={`${ids}-title`}>
        {t('formTitle', { kind: t(KIND_LABEL[record.kind]), name: base.name })}
      </h2>
      <form
        className="catalog-edit__fields"
        onSubmit={(event) => {
          event.preventDefault();
          onKeep();
        }}
        noValidate
      >
        {fieldError('record')}
        {entry?.unsure && <p className="form-hint">{t('unsureHint')}</p>}
        {fields.includes('name') && (
          <TextField
            id={inputId('name')}
            label={t('fieldName')}
            maxLength={300}
            value={draft.name}
            onChange={(value) => change({ name: value })}
            invalid={invalid('name')}
            error={fieldError('name')}
          />
        )}
        {fields.includes('buttonName') && (
          <TextField
            id={inputId('buttonName')}
            label={
              <>
                {t('fieldButtonName')} <span className="field__note">{t('optionalNote')}</span>
              </>
            }
            maxLength={300}
            value={draft.buttonName}
            onChange={(value) => change({ buttonName: value })}
            invalid={invalid('buttonName')}
            error={fieldError('buttonName')}
          />
        )}
        {fields.includes('price') && (
          <TextField
            id={inputId('price')}
            label={t('fieldPrice')}
            className="field__input catalog-edit__price"
            inputMode="decimal"
            value={draft.price}
            onChange={(value) => change({ price: value })}
            invalid={invalid('price')}
            error={fieldError('price')}
          />
        )}
        {fields.includes('active') && <ActiveField active={draft.active} onChange={(active) => change({ active })} error={fieldError('active')} />}
        {fields.includes('allergens') && (
          <AllergensField
            chosen={draft.allergens}
            onChange={(allergens) => change({ allergens })}
            describedBy={problemsOf('allergens').length > 0 ? errorId('allergens') : undefined}
            error={fieldError('allergens')}
          />
        )}
        {fields.includes('photo') && (
          <TextField
            id={inputId('photo')}
            label={
              <>
                {t('fieldPhoto')} <span className="field__note">{t('photoNote')}</span>
              </>
            }
            maxLength={300}
            value={draft.photo}
            onChange={(value) => change({ photo: value })}
            invalid={invalid('photo')}
            error={fieldError('photo')}
          />
        )}
        <div className="catalog-edit__form-actions">
          <button type="submit" className="button button--primary">
            {entry ? t('keepAgain') : t('keep')}
          </button>
          {entry && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                remove(entry.edit);
                setDraft(draftOf(base));
                setChecked(false);
              }}
            >
              {t('undoChange')}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => openRecord(null)}>
            {t('close')}
          </button>
        </div>
        <p className="form-hint" role="status">
          {kept ? t('keptHint') : ''}
        </p>
      </form>
    </section>
  );
}

/** One labelled text input of the form, its error under it. */
function TextField({
  id,
  label,
  className = 'field__input',
  inputMode,
  maxLength,
  value,
  onChange,
  invalid,
  error,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  inputMode?: 'decimal';
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  invalid: object;
  error: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={className} inputMode={inputMode} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} {...invalid} />
      {error}
    </div>
  );
}

/** "Price: 2,50 € → 3,00 €", one line per changed field. */
function ActiveField({ active, onChange, error }: { active: boolean; onChange: (active: boolean) => void; error: ReactNode }) {
  const { t } = useTranslation('managerCatalog');
  return (
    <fieldset className="field">
      <legend className="field__label">{t('fieldActive')}</legend>
      <div className="segments">
        <button type="button" className="segment" aria-pressed={active} onClick={() => onChange(true)}>
          {t('activeOn')}
        </button>
        <button type="button" className="segment" aria-pressed={!active} onClick={() => onChange(false)}>
          {t('activeOff')}
        </button>
      </div>
      {error}
    </fieldset>
  );
}

function AllergensField({
  chosen,
  onChange,
  describedBy,
  error,
}: {
  chosen: readonly AllergenCode[];
  onChange: (allergens: AllergenCode[]) => void;
  describedBy: string | undefined;
  error: ReactNode;
}) {
  const { t } = useTranslation('managerCatalog');
  const { t: tc } = useTranslation('catalog');
  return (
    <fieldset className="field" aria-describedby={describedBy}>
      <legend className="field__label">{t('fieldAllergens')}</legend>
      <div className="segments catalog-edit__allergens">
        {allergenCodes.map((code) => {
          const on = chosen.includes(code);
          return (
            <button
              key={code}
              type="button"
              className="segment"
              aria-pressed={on}
              onClick={() => onChange(on ? chosen.filter((c) => c !== code) : [...chosen, code].sort((a, b) => a - b))}
            >
              {allergenName(tc, code)}
            </button>
          );
        })}
      </div>
      {error}
    </fieldset>
  );
}

function useChangeLines() {
  const { t } = useTranslation('managerCatalog');
  const { t: tc } = useTranslation('catalog');
  const format = useFormat();
  const allergenList = (codes: readonly number[]) => (codes.length === 0 ? t('noAllergens') : codes.map((c) => allergenName(tc, c as AllergenCode)).join(', '));
  const text = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? t('empty') : value);
  return (record: PickedRecord, edit: CatalogEdit): string[] => {
    const lines: string[] = [];
    if ('name' in edit && edit.name !== undefined) lines.push(t('changeName', { from: record.name, to: edit.name }));
    if (edit.kind === 'item' && edit.buttonName !== undefined) lines.push(t('changeButtonName', { from: text(record.buttonName), to: text(edit.buttonName) }));
    if ((edit.kind === 'item' || edit.kind === 'modifier') && edit.priceCents !== undefined)
      lines.push(t('changePrice', { from: format.money((record.priceCents ?? 0) / 100), to: format.money(edit.priceCents / 100) }));
    if (edit.active !== undefined) lines.push(edit.active ? t('changeActiveOn') : t('changeActiveOff'));
    if (edit.kind === 'item' && edit.allergens !== undefined)
      lines.push(t('changeAllergens', { from: allergenList(record.allergens ?? []), to: allergenList(edit.allergens) }));
    if (edit.kind === 'item' && edit.photo !== undefined) lines.push(t('changePhoto', { from: text(record.photo), to: text(edit.photo) }));
    return lines;
  };
}

function PendingPanel({ bridge, db }: ManagerTabProps & { db: CatalogDb }) {
  const { t } = useTranslation('managerCatalog');
  const pending = useCatalogEditStore((s) => s.pending);
  const clear = useCatalogEditStore((s) => s.clear);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await saveCatalogEdits(bridge, db);
      const saved = result.outcome === 'invalid' ? [] : result.saved;
      if (result.outcome === 'saved') {
        setMessage({ tone: 'ok', text: t('savedAll', { count: saved.length }) });
      } else if (result.outcome === 'invalid') {
        setMessage({ tone: 'problem', text: t('invalidAll') });
      } else if (result.outcome === 'refused') {
        const said = result.said !== undefined ? ` ${t('saidWhole', { said: result.said })}` : '';
        setMessage({ tone: 'problem', text: (saved.length > 0 ? t('refusedAfter', { count: saved.length }) : t('refused')) + said });
      } else {
        setMessage({ tone: 'problem', text: t('interrupted', { count: saved.length, reason: errorText(t, result.error) }) });
      }
    } catch (error) {
      setMessage({ tone: 'problem', text: t('failed', { reason: errorText(t, error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="catalog-edit__pending" aria-labelledby="catalog-edit-pending">
      <h2 className="catalog-edit__heading" id="catalog-edit-pending" data-testid="catalog-edit-pending-count">
        {pending.length === 0 ? t('pendingNone') : t('pendingCount', { count: pending.length })}
      </h2>
      <div className="catalog-edit__save">
        <button type="button" className="button button--primary" disabled={busy || pending.length === 0} onClick={() => void save()}>
          {busy ? t('saving') : t('save')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy || pending.length === 0} onClick={clear}>
          {t('discardAll')}
        </button>
      </div>
      <div role="status" aria-live="polite" data-testid="catalog-edit-message">
        {message !== null && (message.tone === 'problem' ? <FormError>{message.text}</FormError> : <p className="catalog-edit__ok">{message.text}</p>)}
      </div>
      {pending.length > 0 && (
        <ul className="catalog-edit__pending-list" aria-labelledby="catalog-edit-pending">
          {pending.map((entry) => (
            <PendingRow key={refKey(entry.edit)} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingRow({ entry }: { entry: PendingEdit }) {
  const { t } = useTranslation('managerCatalog');
  const lines = useChangeLines()(entry.record, entry.edit);
  const problemText = useProblemText();
  const openRecord = useCatalogEditStore((s) => s.openRecord);
  const remove = useCatalogEditStore((s) => s.remove);
  return (
    <li className={`catalog-edit__pending-row${entry.problems.length > 0 ? ' catalog-edit__pending-row--problem' : ''}`} data-testid="catalog-edit-pending-row">
      <p className="catalog-edit__pending-name">
        {entry.record.name} <span className="catalog-edit__pending-kind">· {t(KIND_LABEL[entry.record.kind])}</span>
      </p>
      <ul className="catalog-edit__pending-lines">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {entry.problems.map((problem) => (
        <FormError key={`${problem.field}-${problem.code}`}>
          {t('problemOnField', { field: t(FIELD_LABEL[problem.field]), problem: problemText(problem) })}
        </FormError>
      ))}
      {entry.unsure && <p className="form-hint">{t('unsureHint')}</p>}
      <div className="catalog-edit__pending-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openRecord(entry.record)}
          aria-label={t('editNamed', { name: entry.record.name })}
        >
          {t('edit')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => remove(entry.edit)}
          aria-label={t('removeNamed', { name: entry.record.name })}
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}
