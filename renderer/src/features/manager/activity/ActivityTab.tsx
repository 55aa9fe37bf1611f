import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditAction, AuditRecord } from '../../../../../shared/bridge';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/Notice';
import { IconCheck, IconWarning } from '../../../ui/icons';
import type { ManagerTabProps } from '../managerTab';
import { mergeRecords, readableChange } from './activityList';
import './activity.css';

// Manager mode's Activity: every back-office write this account's terminal made,
// newest first — when, which terminal, what (the request as sent, on demand) and the server's
// answer, shown by an icon and a word, never by colour alone. New records arrive live from every
// window (`audit-recorded`); older ones load 100 at a time.

const PAGE = 100;

const ACTION_LABEL = {
  'catalog-edit': 'actionCatalogEdit',
  'stock-count': 'actionStockCount',
  'stock-receipt': 'actionStockReceipt',
  'vendor-create': 'actionVendorCreate',
  'vendor-update': 'actionVendorUpdate',
  'vendor-delete': 'actionVendorDelete',
  'vendor-items-save': 'actionVendorItemsSave',
  'vendor-items-remove': 'actionVendorItemsRemove',
  'chain-sync': 'actionChainSync',
} as const satisfies Record<AuditAction, string>;

const OUTCOME_LABEL = { accepted: 'outcomeAccepted', refused: 'outcomeRefused', failed: 'outcomeFailed', unknown: 'outcomeUnknown' } as const;

export function ActivityTab({ bridge }: ManagerTabProps) {
  const { t } = useTranslation('manager');
  const [records, setRecords] = useState<AuditRecord[] | null>(null);
  const [more, setMore] = useState(false);
  // The error itself, worded at render: the read does not depend on the language.
  const [problem, setProblem] = useState<{ error: unknown } | null>(null);

  const load = useCallback(
    // State is set in the answer's callbacks, not synchronously in the effect (docs/decisions.md, "React hooks lint").
    (beforeId?: number) =>
      bridge.listAudit({ limit: PAGE, ...(beforeId !== undefined ? { beforeId } : {}) }).then(
        ({ records: page }) => {
          setRecords((current) => mergeRecords(current ?? [], page));
          setMore(page.length === PAGE);
          setProblem(null);
        },
        (error: unknown) => setProblem({ error }),
      ),
    [bridge],
  );

  useEffect(() => {
    const off = bridge.onEvent((event) => {
      if (event.type === 'audit-recorded') setRecords((current) => mergeRecords(current ?? [], [event.record]));
    });
    void load();
    return off;
  }, [bridge, load]);

  if (problem !== null && records === null)
    return (
      <EmptyState tone="problem" title={t('activityCannotRead')}>
        {errorText(t, problem.error)}
      </EmptyState>
    );
  if (records === null) return <EmptyState title={t('activityReading')} />;
  if (records.length === 0) return <EmptyState title={t('activityEmpty')} />;
  return (
    <div className="activity">
      <p className="activity__intro">{t('activityIntro')}</p>
      <ol className="activity__list" aria-label={t('activityListLabel')}>
        {records.map((record) => (
          <ActivityRow key={record.id} record={record} />
        ))}
      </ol>
      {more && (
        <button type="button" className="button button--secondary activity__more" onClick={() => void load(records.at(-1)?.id)}>
          {t('activityOlder')}
        </button>
      )}
    </div>
  );
}

function ActivityRow({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('manager');
  const format = useFormat();
  const { answer } = record;
  const ok = answer.outcome === 'accepted';
  return (
    <li className={`activity__row activity__row--${answer.outcome}`} data-testid="activity-row">
      <div className="activity__line">
        {ok ? <IconCheck className="activity__icon" /> : <IconWarning className="activity__icon" />}
        <span className="activity__action">{t(ACTION_LABEL[record.action])}</span>
        <span className="activity__target">{record.target}</span>
        <span className="activity__outcome">
          {t(OUTCOME_LABEL[answer.outcome])}
          {answer.status !== undefined ? ` · ${answer.status}` : ''}
        </span>
      </div>
      <div className="activity__meta">
        <time dateTime={record.at}>{format.dateTime(new Date(record.at))}</time>
        <span>{record.terminal}</span>
      </div>
      {answer.said !== undefined && <p className="activity__said">{t('activitySaid', { said: answer.said })}</p>}
      <details className="activity__change">
        <summary>{t('activityChange')}</summary>
        <pre>{readableChange(record.change)}</pre>
      </details>
    </li>
  );
}
