import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '../../../../../shared/bridge';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { Button, RetryButton } from '../../../ui/Button';
import { EmptyState } from '../../../ui/Notice';
import { IconCheck } from '../../../ui/icons';
import { SearchField } from '../../../ui/SearchField';
import { SearchList } from '../../../ui/SearchList';
import type { ManagerTabProps } from '../managerTab';
import { VendorDetails } from './VendorDetails';
import { VendorEditor } from './VendorEditor';
import { searchVendors, upsertVendor } from './vendorForm';
import './vendors.css';

// Manager mode's Vendors: the venue's vendors (search by name, NIF, city, phone,
// e-mail), a new one, and the one chosen — its details, Edit (PUT of what changed), Delete (asked
// first) and its items (VendorItems.tsx). Online only: every change goes to the POS at once and
// what it answers is shown; the POS is the judge of a unique NIF (its refusal shows on the field).
// Wide: the list beside the vendor; narrow (portrait): one or the other, "All vendors" goes back.
//
// Test ids: vendors-search, vendors-list, vendor-row (data-vendor-id), vendors-new, vendor-details,
// vendor-form, vendor-field-<field>, vendor-error-<field>, vendor-form-problem, vendor-save,
// vendor-edit, vendor-delete, vendor-delete-confirm, vendors-notice.

type Mode = { kind: 'none' } | { kind: 'view'; id: number } | { kind: 'edit'; id: number } | { kind: 'new' };

export function VendorsTab({ bridge }: ManagerTabProps) {
  const { t } = useTranslation('managerVendors');
  const format = useFormat();
  const [vendors, setVendors] = useState<Vendor[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [notice, setNotice] = useState<string | null>(null);

  // State is set when the answer comes (in the promise's callbacks), never synchronously in the
  // effect that starts the read (docs/decisions.md, "React hooks lint").
  const load = useCallback(
    () =>
      bridge.listVendors({}).then(
        ({ vendors: all }) => {
          setVendors(all);
          setProblem(null);
        },
        (error: unknown) => setProblem(errorText(t, error)),
      ),
    [bridge, t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => (vendors === null ? [] : searchVendors(vendors, query, format.collator)), [vendors, query, format.collator]);
  const chosenId = mode.kind === 'view' || mode.kind === 'edit' ? mode.id : null;
  const chosen = chosenId === null ? null : (vendors?.find((v) => v.id === chosenId) ?? null);

  if (vendors === null) {
    if (problem !== null)
      return (
        <EmptyState tone="problem" title={t('cannotRead')} action={<RetryButton onRetry={load} />}>
          {problem}
        </EmptyState>
      );
    return <EmptyState title={t('reading')} />;
  }

  const choose = (next: Mode) => {
    setNotice(null);
    setMode(next);
  };

  const onSaved = async (vendor: Vendor | null, words: string) => {
    if (vendor !== null) {
      setVendors((current) => upsertVendor(current ?? [], vendor));
      setMode({ kind: 'view', id: vendor.id });
    } else {
      // The POS's answer carried no vendor: the list read again has it.
      await load();
      setMode({ kind: 'none' });
    }
    setNotice(words);
  };

  const onDeleted = (vendor: Vendor) => {
    setVendors((current) => (current ?? []).filter((v) => v.id !== vendor.id));
    setMode({ kind: 'none' });
    setNotice(t('deleted', { name: vendor.name }));
  };

  const detailOpen = mode.kind !== 'none';
  return (
    <div className={`vendors${detailOpen ? ' vendors--detail' : ''}`}>
      <p className="vendors__notice" role="status" data-testid="vendors-notice">
        {notice !== null && (
          <>
            <IconCheck className="vendors__notice-icon" />
            {notice}
          </>
        )}
      </p>
      <section className="vendors__list-pane" aria-labelledby="vendors-list-title">
        <div className="vendors__list-bar">
          <h2 id="vendors-list-title" className="vendors__title">
            {t('listTitle')} <span className="vendors__count">({format.number(vendors.length)})</span>
          </h2>
          <Button variant="primary" data-testid="vendors-new" onClick={() => choose({ kind: 'new' })}>
            {t('newVendor')}
          </Button>
        </div>
        <SearchField
          block="catalog-search"
          className="vendors__search"
          value={query}
          onChange={setQuery}
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          clearLabel={t('clearSearch')}
          testId="vendors-search"
        />
        <SearchList
          items={shown}
          itemKey={(vendor) => vendor.id}
          className="vendors__list"
          testId="vendors-list"
          label={t('listTitle')}
          empty={vendors.length === 0 ? t('empty') : t('noMatch', { query: query.trim() })}
          emptyClassName="vendors__empty"
          renderRow={(vendor) => (
            <button
              type="button"
              className="card-button vendors__row"
              data-testid="vendor-row"
              data-vendor-id={vendor.id}
              aria-current={vendor.id === chosenId ? 'true' : undefined}
              onClick={() => choose({ kind: 'view', id: vendor.id })}
            >
              <span className="vendors__row-name">{vendor.name}</span>
              <span className="vendors__row-meta">
                {t('nifShort', { nif: vendor.nif })}
                {vendor.city ? ` · ${vendor.city}` : ''}
              </span>
            </button>
          )}
        />
      </section>

      <section className="vendors__detail-pane" aria-label={t('detailLabel')}>
        {detailOpen && (
          <Button className="vendors__back" onClick={() => choose({ kind: 'none' })}>
            {t('backToList')}
          </Button>
        )}
        {mode.kind === 'new' ? (
          <VendorEditor key="new" bridge={bridge} original={null} onSaved={onSaved} onCancel={() => choose({ kind: 'none' })} />
        ) : mode.kind === 'edit' && chosen !== null ? (
          <VendorEditor
            key={`edit-${chosen.id}`}
            bridge={bridge}
            original={chosen}
            onSaved={onSaved}
            onCancel={() => choose({ kind: 'view', id: chosen.id })}
          />
        ) : mode.kind === 'view' && chosen !== null ? (
          <VendorDetails key={chosen.id} bridge={bridge} vendor={chosen} onEdit={() => choose({ kind: 'edit', id: chosen.id })} onDeleted={onDeleted} />
        ) : (
          <p className="vendors__hint">{t('chooseVendor')}</p>
        )}
      </section>
    </div>
  );
}
