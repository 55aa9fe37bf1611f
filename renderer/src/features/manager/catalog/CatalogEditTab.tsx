import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/Notice';
import type { ManagerTabProps } from '../managerTab';

// Placeholder while issue 17 is built: replaced by the tab itself.
export function CatalogEditTab(_props: ManagerTabProps) {
  const { t } = useTranslation('manager');
  return <EmptyState title={t('tabCatalog')} />;
}
