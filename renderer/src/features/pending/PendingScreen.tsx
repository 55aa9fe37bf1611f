import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../../shared/bridge';
import type { Outbox } from '../../data/queue/outboxTypes';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { EmptyState } from '../../ui/Notice';
import { IconWarning, svgProps } from '../../ui/icons';
import { useInlineConfirm } from '../../ui/useInlineConfirm';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { usePinGate } from '../../session/lock/pinGate';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { useMinuteClock } from '../../ui/useMinuteClock';
import { OutboxStateBadge } from '../../ui/OutboxState';
import { MoveSeating } from './MoveSeating';
import { decide, type Decision } from './pendingDecisions';
import {
  describeAttempts,
  describeClock,
  discardWarning,
  entrySummary,
  entryMeaning,
  exportFileName,
  actionLabel,
  outboxKindWord,
  pendingActions,
  placeText,
  resendWarning,
  savedAgo,
  waitingText,
  type PendingAction,
} from './pendingText';
import './pending.css';

// Pending orders (ARCHITECTURE §5 "everything is visible"): every queue entry
// still waiting to reach the POS or needing a person, oldest first, with what happened and what
// the waiter can do. Resend and discard always ask first; Discard and Mark done need the terminal
// PIN (pendingDecisions.ts); export saves them all to a file. The entries come from the queue store
// (the main side's snapshot); every decision is a bridge call.

/** `onBack`: where "Back" goes (a shop's till, "Back to the till"); default the venue's floor. */
export function PendingScreen({ onBack }: { onBack?: () => void } = {}) {
  const { t } = useTranslation('pending');
  const outbox = useServiceStore(serviceSelectors.outbox);
  const showScreen = useServiceStore((s) => s.showScreen);
  return (
    <section className="screen" aria-labelledby="pending-title" data-testid="pending-screen">
      <div className="screen__bar pending__bar">
        <button type="button" className="button button--secondary" onClick={() => (onBack ? onBack() : showScreen('floor'))}>
          {onBack ? t('backToTill') : t('backToFloor')}
        </button>
        <h1 className="screen__title pending__title" id="pending-title" tabIndex={-1}>
          {t('title')}
        </h1>
        {outbox !== null && <ExportButton outbox={outbox} />}
      </div>
      <StorageProblem />
      {outbox === null ? <EmptyState title={t('opening')} /> : <PendingList outbox={outbox} />}
    </section>
  );
}

/** The queue database refuses writes: icon + words, and the error for an engineer. */
function StorageProblem() {
  const { t } = useTranslation('pending');
  const problem = useQueueStore(queueSelectors.storageProblem);
  if (problem === null) return null;
  return (
    <div className="pending__storage-problem" role="alert" data-testid="outbox-cannot-save">
      <IconWarning className="pending__storage-problem-icon" />
      <div>
        <p className="pending__storage-problem-message">{errorText(t, problem)}</p>
        <p className="pending__storage-problem-detail">{t('storageProblemHint', { detail: problem.detail })}</p>
      </div>
    </div>
  );
}

function PendingList({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation('pending');
  // seq is the commit order: oldest first, the order they leave in.
  const loaded = useQueueStore(queueSelectors.loaded);
  const entries = useQueueStore(queueSelectors.pendingEntries);
  const now = useMinuteClock();
  // An entry that was decided leaves the list, and the focus with it: back to the screen's title.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) document.getElementById('pending-title')?.focus();
  }, [entries.length]);
  if (!loaded) return null;
  if (entries.length === 0) {
    return (
      <EmptyState title={t('emptyTitle')}>
        <p>{t('emptyHint')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="pending__list" aria-label={t('title')}>
      {entries.map((entry) => (
        <PendingEntry key={entry.id} outbox={outbox} entry={entry} now={now} waiting={waitingText(t, entry, entries)} />
      ))}
    </ul>
  );
}

type Confirming = 'resend' | 'discard' | 'move';

function PendingEntry({ outbox, entry, now, waiting }: { outbox: Outbox; entry: OutboxEntry; now: Date; waiting: string | null }) {
  const { t } = useTranslation(['pending', 'common']);
  const fmt = useFormat();
  const gate = usePinGate();
  const { scope: confirmScope, ...confirm } = useInlineConfirm<Confirming, HTMLLIElement>();
  const confirming = confirm.asking;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // An entry waiting for another leaves when that one is decided: "Retry now" cannot hurry it.
  const actions = pendingActions(entry).filter((action) => waiting === null || action !== 'retry-now');
  const place = placeText(t, entry.place);

  // A refused PIN leaves the entry (and an open confirmation) as it was.
  const run = (work: () => Promise<'done' | 'refused' | void>) => {
    setBusy(true);
    setProblem(null);
    work()
      .then((outcome) => {
        if (outcome !== 'refused') confirm.close();
      })
      .catch((error: unknown) => setProblem(errorText(t, error)))
      .finally(() => setBusy(false));
  };
  const carryOut = (decision: Decision) => run(() => decide(outbox, gate, entry.id, decision));

  const act = (action: PendingAction) => {
    switch (action) {
      case 'retry-now':
      case 'mark-done':
      case 'send-as-round':
        return carryOut(action);
      case 'resend':
      case 'discard':
      case 'move':
        setProblem(null);
        return confirm.ask(action);
    }
  };

  const titleId = `pending-${entry.id}-title`;
  return (
    <li
      className={`pending-entry pending-entry--${entry.state}`}
      data-testid="pending-entry"
      data-state={entry.state}
      data-kind={entry.kind}
      aria-labelledby={titleId}
      ref={confirmScope}
    >
      <div className="pending-entry__main">
        <div className="pending-entry__head">
          <h2 className="pending-entry__title" id={titleId}>
            {place}
          </h2>
          <span className="pending-entry__kind">{outboxKindWord(t, entry.kind)}</span>
          <OutboxStateBadge state={entry.state} />
        </div>
        <p className="pending-entry__summary">{entrySummary(t, fmt, entry)}</p>
        <p className="pending-entry__facts">
          <span>{savedAgo(t, entry.createdAt, now)}</span>
          <span>{describeAttempts(t, entry.attempts)}</span>
          {entry.state === 'queued' && entry.retryAt !== null && Date.parse(entry.retryAt) > now.getTime() && (
            <span>{t('nextTryAt', { time: describeClock(fmt, entry.retryAt) })}</span>
          )}
        </p>
        <p className="pending-entry__meaning">{entryMeaning(t, entry)}</p>
        {waiting !== null && (
          <p className="pending-entry__waiting" data-testid="pending-entry-waiting">
            <IconWaiting className="pending-entry__waiting-icon" />
            <span>{waiting}</span>
          </p>
        )}
        {entry.lastError !== null && (
          <div className="pending-entry__error">
            <p className="pending-entry__error-text">{t('lastProblem', { message: errorText(t, entry.lastError) })}</p>
            {entry.lastError.detail !== undefined && entry.lastError.detail !== '' && (
              <details className="pending-entry__detail">
                <summary>{t('common:detailsForSupport')}</summary>
                <code>
                  {entry.lastError.kind} · {entry.lastError.at}
                  {'\n'}
                  {entry.lastError.detail}
                </code>
              </details>
            )}
          </div>
        )}
        {problem !== null && (
          <p className="pending-entry__problem" role="alert">
            {t('didNotWork', { problem })}
          </p>
        )}
      </div>
      {confirming === null ? (
        actions.length > 0 && (
          <div className="pending-entry__actions" role="group" aria-label={t('actionsFor', { label: place })}>
            {actions.map((action) => (
              <ActionButton key={action} action={action} label={actionLabel(t, action, entry)} disabled={busy} onClick={() => act(action)} />
            ))}
          </div>
        )
      ) : confirming === 'move' ? (
        <MoveSeating entry={entry} busy={busy} onMove={(tables) => run(() => outbox.moveSeating(entry.id, tables))} onCancel={confirm.close} />
      ) : (
        <div
          className="pending-entry__confirm"
          role="alertdialog"
          aria-label={t(confirming === 'resend' ? 'resendQuestion' : 'discardQuestion', { label: place })}
          onKeyDown={busy ? undefined : confirm.onKeyDown}
        >
          <p>{confirming === 'resend' ? resendWarning(t, entry) : discardWarning(t, entry)}</p>
          <div className="pending-entry__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => carryOut(confirming)}>
              {t(confirming === 'resend' ? 'resend' : 'discard')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={confirm.close} data-autofocus>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function ActionButton({ action, label, disabled, onClick }: { action: PendingAction; label: string; disabled: boolean; onClick: () => void }) {
  const primary = action === 'retry-now' || action === 'send-as-round';
  return (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--secondary'} pending-entry__action`}
      disabled={disabled}
      onClick={onClick}
      data-opener={action}
    >
      {label}
    </button>
  );
}

/** An hourglass: waiting for another entry (never colour alone: the words say for what). */
function IconWaiting({ className }: { className?: string }) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9" />
    </svg>
  );
}

/** The pending entries as a JSON file (Blob + a[download]): for support, or to re-key them by hand. */
function ExportButton({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation('pending');
  const [problem, setProblem] = useState<string | null>(null);
  const exportNow = async () => {
    setProblem(null);
    try {
      const json = await outbox.exportPending();
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(new Date());
      document.body.append(link);
      link.click();
      link.remove();
      // Let the download start before the URL goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(t('exportFailed', { message: errorText(t, error) }));
    }
  };
  return (
    <div className="pending__export">
      <button type="button" className="button button--secondary" onClick={() => void exportNow()}>
        {t('export')}
      </button>
      {problem !== null && (
        <p className="pending__export-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
