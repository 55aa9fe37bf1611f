import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient, Vendor, VendorTextField } from '../../../../../shared/bridge';
import { errorText } from '../../../i18n/errorText';
import { Button } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { useInlineConfirm } from '../../../ui/useInlineConfirm';
import { VendorItems } from './VendorItems';
import { vendorFieldLabel } from './vendorText';

// One vendor: its details, Edit, Delete — asked first, in place of the button
// ("Delete X? Its items go with it."; the safe choice, Cancel, has the focus) — and its items.

type DetailsBridge = Pick<BridgeClient, 'deleteVendor' | 'listVendorItems' | 'saveVendorItems' | 'removeVendorItems'>;

const SHOWN: readonly VendorTextField[] = ['nif', 'address', 'postalCode', 'city', 'state', 'country', 'phone', 'email', 'web', 'notes'];

export function VendorDetails({
  bridge,
  vendor,
  onEdit,
  onDeleted,
}: {
  bridge: DetailsBridge;
  vendor: Vendor;
  onEdit: () => void;
  onDeleted: (vendor: Vendor) => void;
}) {
  const { t } = useTranslation('managerVendors');
  const { scope: confirmScope, ...confirm } = useInlineConfirm<'delete', HTMLDivElement>();
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      await bridge.deleteVendor({ id: vendor.id });
      onDeleted(vendor);
    } catch (error) {
      setProblem(t('deleteFailed', { reason: errorText(t, error) }));
      confirm.close();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article className="vendor-details" data-testid="vendor-details" data-vendor-id={vendor.id} aria-labelledby="vendor-details-title">
      <div className="vendor-details__head" ref={confirmScope} onKeyDown={confirm.onKeyDown}>
        <h3 id="vendor-details-title" className="vendors__subtitle">
          {vendor.name}
        </h3>
        {confirm.asking === 'delete' ? (
          <div className="manager-confirm" role="group" aria-label={t('deleteAsk', { name: vendor.name })} data-testid="vendor-delete-confirm">
            <p className="manager-confirm__text">{t('deleteAsk', { name: vendor.name })}</p>
            <Button className="button--danger" disabled={deleting} aria-busy={deleting} onClick={() => void remove()}>
              {deleting ? t('deleting') : t('deleteYes')}
            </Button>
            <Button data-autofocus onClick={confirm.close} disabled={deleting}>
              {t('cancel')}
            </Button>
          </div>
        ) : (
          <div className="vendor-details__actions">
            <Button data-testid="vendor-edit" onClick={onEdit}>
              {t('edit')}
            </Button>
            <Button className="button--danger" data-testid="vendor-delete" data-opener="delete" onClick={() => confirm.ask('delete')}>
              {t('delete')}
            </Button>
          </div>
        )}
      </div>
      {problem !== null && (
        <div role="alert">
          <FormError>{problem}</FormError>
        </div>
      )}
      <dl className="vendor-details__fields">
        {SHOWN.filter((field) => vendor[field] !== null && vendor[field] !== '').map((field) => (
          <div key={field} className="vendor-details__field" data-testid={`vendor-detail-${field}`}>
            <dt>{vendorFieldLabel(t, field)}</dt>
            <dd>{vendor[field]}</dd>
          </div>
        ))}
        <div className="vendor-details__field">
          <dt>{t('notifiedLabel')}</dt>
          <dd>{vendor.shouldBeNotified ? t('notifiedYes') : t('notifiedNo')}</dd>
        </div>
      </dl>
      <VendorItems bridge={bridge} vendor={vendor} />
    </article>
  );
}
