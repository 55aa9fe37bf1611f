import { useTranslation } from 'react-i18next';
import { customersSelectors, useCustomersStore } from '../../session/customersStore';

/**
 * On the floor while a customer chosen on the Customers screen waits for a table:
 * the next seat dialog starts with them; Cancel forgets the choice.
 */
export function ForTableBanner() {
  const { t } = useTranslation('customers');
  const chosen = useCustomersStore(customersSelectors.forTable);
  const choose = useCustomersStore((s) => s.chooseForTable);
  if (chosen === null) return null;
  return (
    <div className="for-table-banner" role="status" data-testid="customer-for-table">
      <span className="for-table-banner__text">{t('forTableBanner', { name: chosen.name })}</span>
      <button type="button" className="button button--secondary" onClick={() => choose(null)}>
        {t('forTableCancel')}
      </button>
    </div>
  );
}
