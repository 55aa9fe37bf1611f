import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient, Vendor, VendorItem, VendorItemWrite } from '../../../../../shared/bridge';
import type { CatalogDb } from '../../../data/catalog/catalogDb';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { Button, RetryButton } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { IconCheck } from '../../../ui/icons';
import { useInlineConfirm } from '../../../ui/useInlineConfirm';
import { SearchField } from '../../../ui/SearchField';
import { SearchList } from '../../../ui/SearchList';
import { useCatalogDb, useItemNames, useItemSearch } from './catalogItems';
import { changesItem, EMPTY_ITEM_FORM, itemFormOf, unitCostCents, validateItemForm, type VendorItemErrors, type VendorItemForm } from './vendorItemForm';
import { vendorItemProblemText } from './vendorText';

// A vendor's items: each catalog item bought from it, with the cost price of one
// pack and the units a pack holds (and so the cost of one unit). Add (find the item by name in the
// terminal's catalog, then its cost and pack), Change (in its row), Remove (asked first, in its
// row). Each is one vendor-item call, answered with the vendor's items as they now are.
//
// Test ids: vendor-items, vendor-item-row (data-item-id), vendor-item-change, vendor-item-remove,
// vendor-item-remove-confirm, vendor-item-editor, vendor-item-cost, vendor-item-pack,
// vendor-item-save, vendor-item-error-cost, vendor-item-error-pack, vendor-items-add-search,
// vendor-items-add-result (data-item-id), vendor-items-problem, vendor-items-notice.

type ItemsBridge = Pick<BridgeClient, 'listVendorItems' | 'saveVendorItems' | 'removeVendorItems'>;

const ADD_RESULTS = 8;

type Editing = { kind: 'change'; itemId: number } | { kind: 'add'; itemId: number; name: string } | null;

export function VendorItems({ bridge, vendor }: { bridge: ItemsBridge; vendor: Vendor }) {
  const { t } = useTranslation('managerVendors');
  const format = useFormat();
  const db = useCatalogDb();
  const [items, setItems] = useState<VendorItem[] | null>(null);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const names = useItemNames(db, items?.map((item) => item.itemId) ?? []);

  // State is set in the answer's callbacks, not synchronously in the effect (docs/decisions.md, "React hooks lint").
  const load = useCallback(
    () =>
      bridge.listVendorItems({ vendorId: vendor.id }).then(
        ({ items: all }) => {
          setItems(all);
          setReadProblem(null);
        },
        (error: unknown) => setReadProblem(errorText(t, error)),
      ),
    [bridge, vendor.id, t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const nameOf = (itemId: number) => names?.get(itemId) ?? t('unknownItem', { id: itemId });

  /** After a write: the vendor's items as answered, or read again when the answer had none. */
  const written = async (answer: VendorItem[] | null, words: string) => {
    setEditing(null);
    setNotice(words);
    if (answer !== null) setItems(answer);
    else await load();
  };

  const save = async (write: VendorItemWrite, name: string) => {
    const { items: answer } = await bridge.saveVendorItems({ vendorId: vendor.id, items: [write] });
    await written(answer, t('itemSaved', { name }));
  };

  const remove = async (itemId: number) => {
    const name = nameOf(itemId);
    const { items: answer } = await bridge.removeVendorItems({ vendorId: vendor.id, itemIds: [itemId] });
    await written(answer, t('itemRemoved', { name }));
  };

  const listed = new Set(items?.map((item) => item.itemId) ?? []);
  const decimalMark = format.number(1.5).includes(',') ? ',' : '.';

  return (
    <section className="vendor-items" aria-labelledby="vendor-items-title">
      <h4 id="vendor-items-title" className="vendor-items__title">
        {t('itemsTitle')}
      </h4>
      {db === null && <p className="vendors__hint">{t('noCatalog')}</p>}
      <p className="vendors__notice" role="status" data-testid="vendor-items-notice">
        {notice !== null && (
          <>
            <IconCheck className="vendors__notice-icon" />
            {notice}
          </>
        )}
      </p>
      {items === null ? (
        readProblem !== null ? (
          <div role="alert" className="vendor-items__problem" data-testid="vendor-items-problem">
            <FormError>{t('itemsCannotRead', { reason: readProblem })}</FormError>
            <RetryButton onRetry={load} />
          </div>
        ) : (
          <p className="vendors__hint">{t('itemsReading')}</p>
        )
      ) : items.length === 0 ? (
        <p className="vendors__hint">{t('itemsEmpty')}</p>
      ) : (
        <table className="vendor-items__table" data-testid="vendor-items">
          <ItemsHead />
          <tbody>
            {items.map((item) =>
              editing?.kind === 'change' && editing.itemId === item.itemId ? (
                <tr key={item.itemId} data-testid="vendor-item-row" data-item-id={item.itemId}>
                  <td colSpan={5}>
                    <ItemEditor
                      name={nameOf(item.itemId)}
                      initial={itemFormOf(item, decimalMark)}
                      onSave={async (form) => {
                        const checked = validateItemForm(item.itemId, form);
                        if (!checked.ok) return checked.errors;
                        if (!changesItem(item, checked.write)) {
                          setEditing(null);
                          setNotice(t('itemUnchanged'));
                          return null;
                        }
                        await save({ ...checked.write, ...(item.reference !== null ? { reference: item.reference } : {}) }, nameOf(item.itemId));
                        return null;
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <ItemRow
                  key={item.itemId}
                  item={item}
                  name={nameOf(item.itemId)}
                  onChange={() => {
                    setNotice(null);
                    setEditing({ kind: 'change', itemId: item.itemId });
                  }}
                  onRemove={() => remove(item.itemId)}
                />
              ),
            )}
          </tbody>
        </table>
      )}

      {items !== null && (
        <div className="vendor-items__add">
          {editing?.kind === 'add' ? (
            <ItemEditor
              name={editing.name}
              initial={EMPTY_ITEM_FORM}
              onSave={async (form) => {
                const checked = validateItemForm(editing.itemId, form);
                if (!checked.ok) return checked.errors;
                await save(checked.write, editing.name);
                setQuery('');
                return null;
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            db !== null && (
              <AddSearch
                db={db}
                query={query}
                onQuery={setQuery}
                listed={listed}
                onChoose={(item) => {
                  setNotice(null);
                  setEditing(listed.has(item.id) ? { kind: 'change', itemId: item.id } : { kind: 'add', itemId: item.id, name: item.name });
                }}
              />
            )
          )}
        </div>
      )}
    </section>
  );
}

function ItemsHead() {
  const { t } = useTranslation('managerVendors');
  return (
    <thead>
      <tr>
        <th scope="col">{t('colItem')}</th>
        <th scope="col" className="vendor-items__number">
          {t('colCost')}
        </th>
        <th scope="col" className="vendor-items__number">
          {t('colPack')}
        </th>
        <th scope="col" className="vendor-items__number">
          {t('colUnitCost')}
        </th>
        <th scope="col">
          <span className="visually-hidden">{t('colActions')}</span>
        </th>
      </tr>
    </thead>
  );
}

/** Adding an item: found in the synced catalog by name or barcode; one already listed is changed instead. */
function AddSearch({
  db,
  query,
  onQuery,
  listed,
  onChoose,
}: {
  db: CatalogDb;
  query: string;
  onQuery: (query: string) => void;
  listed: ReadonlySet<number>;
  onChoose: (item: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation('managerVendors');
  const found = useItemSearch(db, query, ADD_RESULTS);
  return (
    <>
      <p className="vendor-items__add-title" aria-hidden="true">
        {t('addSearchLabel')}
      </p>
      <SearchField
        block="catalog-search"
        className="vendor-items__search"
        value={query}
        onChange={onQuery}
        label={t('addSearchLabel')}
        placeholder={t('addSearchPlaceholder')}
        clearLabel={t('clearSearch')}
        testId="vendor-items-add-search"
      />
      <SearchList
        items={found?.items}
        itemKey={(item) => item.id}
        className="vendor-items__results"
        label={t('addResultsLabel')}
        empty={t('addNoMatch')}
        emptyClassName="vendors__hint"
        more={found !== null && found.total > found.items.length ? t('addMore', { count: found.total - found.items.length }) : null}
        moreClassName="vendors__hint"
        renderRow={(item) => (
          <button
            type="button"
            className="card-button vendor-items__result"
            data-testid="vendor-items-add-result"
            data-item-id={item.id}
            onClick={() => onChoose(item)}
          >
            <span>{item.name}</span>
            {listed.has(item.id) && <span className="vendor-items__listed">{t('addAlreadyListed')}</span>}
          </button>
        )}
      />
    </>
  );
}

function ItemRow({ item, name, onChange, onRemove }: { item: VendorItem; name: string; onChange: () => void; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('managerVendors');
  const format = useFormat();
  const { scope: confirmScope, ...confirm } = useInlineConfirm<'remove', HTMLDivElement>();
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unit = unitCostCents(item);

  const remove = async () => {
    setRemoving(true);
    setProblem(null);
    try {
      await onRemove();
    } catch (error) {
      setProblem(t('itemNotRemoved', { reason: errorText(t, error) }));
      confirm.close();
    } finally {
      setRemoving(false);
    }
  };

  return (
    <tr data-testid="vendor-item-row" data-item-id={item.itemId}>
      <th scope="row" className="vendor-items__name">
        {name}
        {problem !== null && (
          <div role="alert">
            <FormError>{problem}</FormError>
          </div>
        )}
      </th>
      <td className="vendor-items__number" data-testid="vendor-item-cost-shown">
        {format.money(item.costCents / 100)}
      </td>
      <td className="vendor-items__number" data-testid="vendor-item-pack-shown">
        {format.number(item.pack)}
      </td>
      <td className="vendor-items__number">{unit === null ? '—' : format.money(unit / 100)}</td>
      <td className="vendor-items__actions-cell">
        <div className="vendor-items__actions" ref={confirmScope} onKeyDown={confirm.onKeyDown}>
          {confirm.asking === 'remove' ? (
            <div className="manager-confirm" role="group" aria-label={t('removeAsk', { name })} data-testid="vendor-item-remove-confirm">
              <span className="manager-confirm__text">{t('removeAsk', { name })}</span>
              <Button className="button--danger" disabled={removing} aria-busy={removing} onClick={() => void remove()}>
                {removing ? t('removing') : t('removeYes')}
              </Button>
              <Button data-autofocus disabled={removing} onClick={confirm.close}>
                {t('cancel')}
              </Button>
            </div>
          ) : (
            <>
              <Button data-testid="vendor-item-change" aria-label={t('changeItem', { name })} onClick={onChange}>
                {t('change')}
              </Button>
              <Button
                className="button--danger"
                data-testid="vendor-item-remove"
                data-opener="remove"
                aria-label={t('removeItem', { name })}
                onClick={() => confirm.ask('remove')}
              >
                {t('remove')}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The cost and pack of one item, checked before it is sent; the POS's refusal shown under it. */
function ItemEditor({
  name,
  initial,
  onSave,
  onCancel,
}: {
  name: string;
  initial: VendorItemForm;
  /** Answers the form's problems (nothing sent), or null once sent; throws what the POS said. */
  onSave: (form: VendorItemForm) => Promise<VendorItemErrors | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('managerVendors');
  const id = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<VendorItemErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setProblem(null);
    setSaving(true);
    try {
      const found = await onSave(form);
      setErrors(found ?? {});
    } catch (error) {
      setProblem(t('itemNotSaved', { reason: errorText(t, error) }));
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof VendorItemForm, label: string, testId: string) => {
    const error = errors[key];
    return (
      <div className="field vendor-items__field">
        <label className="field__label" htmlFor={`${id}-${key}`}>
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={form[key]}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${key}-error` : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setForm((current) => ({ ...current, [key]: value }));
            setErrors((current) => ({ ...current, [key]: undefined }));
          }}
        />
        {error && (
          <div data-testid={`vendor-item-error-${key}`}>
            <FormError id={`${id}-${key}-error`}>{vendorItemProblemText(t, error)}</FormError>
          </div>
        )}
      </div>
    );
  };

  return (
    <form
      className="vendor-items__editor"
      data-testid="vendor-item-editor"
      aria-label={t('itemEditorLabel', { name })}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="vendor-items__editor-name">{name}</p>
      <div className="vendor-items__editor-fields">
        {field('cost', t('costLabel'), 'vendor-item-cost')}
        {field('pack', t('packLabel'), 'vendor-item-pack')}
      </div>
      {problem !== null && (
        <div role="alert">
          <FormError>{problem}</FormError>
        </div>
      )}
      <div className="vendor-form__actions">
        <Button variant="primary" type="submit" data-testid="vendor-item-save" disabled={saving} aria-busy={saving}>
          {saving ? t('saving') : t('saveItem')}
        </Button>
        <Button disabled={saving} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
