import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainSyncResult, LastChainSync } from '../../../../../shared/bridge';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/Button';
import { IconCheck, IconWarning } from '../../../ui/icons';
import { useInlineConfirm } from '../../../ui/useInlineConfirm';
import type { ManagerTabProps } from '../managerTab';
import './chain.css';

// Manager mode's Chain, offered on a chain's master only (useChainOffered): one
// button — asked first, since every child venue's catalog is replaced by this one's — that asks the
// POS to sync the chain, then what it answered ("Synced", or its refusal with its words), shown
// with an icon and words, never colour alone; and when this terminal last synced (the audit log).
//
// Test ids: chain-sync, chain-sync-confirm, chain-sync-go, chain-sync-result, chain-last-sync.

type Outcome = { kind: 'answer'; result: ChainSyncResult } | { kind: 'failed'; reason: string };

const LAST_OUTCOME = { accepted: 'lastSynced', refused: 'lastRefused', failed: 'lastFailed', unknown: 'lastUnknown' } as const;

export function ChainTab({ bridge }: ManagerTabProps) {
  const { t } = useTranslation('managerVendors');
  const format = useFormat();
  const { scope: confirmScope, ...confirm } = useInlineConfirm<'sync', HTMLDivElement>();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [last, setLast] = useState<LastChainSync | null | undefined>(undefined);

  // State is set in the answer's callbacks, not synchronously in the effect (docs/decisions.md, "React hooks lint").
  const readLast = useCallback(
    () =>
      bridge.lastChainSync({}).then(
        (answer) => setLast(answer.last),
        // The audit log cannot be read: the line is left out, the sync still works.
        () => setLast(undefined),
      ),
    [bridge],
  );

  useEffect(() => {
    void readLast();
  }, [readLast]);

  const sync = async () => {
    confirm.close();
    setRunning(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'answer', result: await bridge.syncChain({}) });
    } catch (error) {
      setOutcome({ kind: 'failed', reason: errorText(t, error) });
    } finally {
      setRunning(false);
      await readLast();
    }
  };

  return (
    <section className="chain" aria-labelledby="chain-title">
      <h2 id="chain-title" className="chain__title">
        {t('chainTitle')}
      </h2>
      <p className="chain__intro">{t('chainIntro')}</p>
      <div className="chain__actions" ref={confirmScope} onKeyDown={confirm.onKeyDown}>
        {confirm.asking === 'sync' ? (
          <div className="manager-confirm" role="group" aria-label={t('chainAsk')} data-testid="chain-sync-confirm">
            <p className="manager-confirm__text">{t('chainAsk')}</p>
            <Button variant="primary" data-testid="chain-sync-go" onClick={() => void sync()}>
              {t('chainSyncNow')}
            </Button>
            <Button data-autofocus onClick={confirm.close}>
              {t('cancel')}
            </Button>
          </div>
        ) : (
          <Button
            variant="primary"
            className="chain__button"
            data-testid="chain-sync"
            data-opener="sync"
            disabled={running}
            aria-busy={running}
            onClick={() => confirm.ask('sync')}
          >
            {running ? t('chainSyncing') : t('chainSync')}
          </Button>
        )}
      </div>
      <div className="chain__result" role="status" data-testid="chain-sync-result">
        {outcome?.kind === 'answer' && outcome.result.outcome === 'synced' && (
          <p className="chain__answer chain__answer--ok">
            <IconCheck className="chain__icon" />
            <span>
              <strong>{t('chainSynced')}</strong>
              {outcome.result.said ? ` ${t('posSaid', { said: outcome.result.said })}` : ''}
            </span>
          </p>
        )}
        {outcome?.kind === 'answer' && outcome.result.outcome === 'refused' && (
          <p className="chain__answer chain__answer--problem">
            <IconWarning className="chain__icon" />
            <span>
              <strong>{t('chainRefused', { status: outcome.result.status })}</strong>
              {outcome.result.said ? ` ${t('posSaid', { said: outcome.result.said })}` : ''}
            </span>
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <p className="chain__answer chain__answer--problem">
            <IconWarning className="chain__icon" />
            <span>{t('chainFailed', { reason: outcome.reason })}</span>
          </p>
        )}
      </div>
      {last !== undefined && (
        <p className="chain__last" data-testid="chain-last-sync">
          {last === null
            ? t('lastNever')
            : t(LAST_OUTCOME[last.answer.outcome], { when: format.dateTime(new Date(last.at)), status: last.answer.status ?? '—' })}
        </p>
      )}
    </section>
  );
}
