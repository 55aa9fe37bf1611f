import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import type { Outbox } from '../../data/queue/outboxTypes';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { IconWarning } from '../../ui/icons';
import { useInlineConfirm } from '../../ui/useInlineConfirm';
import { OutboxStateBadge } from '../../ui/OutboxState';
import { useServiceStore } from '../../session/navigation';
import { DestinationStrip, Pause } from './DestinationStrip';
import { clearTableWarning, roundsSummary, roundTitles, serviceSummary, tablesTitle } from './tableText';

// A seated table above its ticket (folded): the strip says the
// table, its guests, since when and its rounds; opened, who sits there and every entry of the
// service — the seating and each round — with its state, from the queue store (one snapshot: the
// service and its rounds always come from the same moment), in the order they leave (seq).
// "Clear table" when the bill is settled at the POS. Test ids: service-guests, round (data-state).

export function TableDetails({ outbox, serviceId }: { outbox: Outbox; serviceId: string }) {
  const { t } = useTranslation('order');
  const { t: billT } = useTranslation('bill');
  const format = useFormat();
  const loaded = useQueueStore(queueSelectors.loaded);
  const service = useQueueStore(queueSelectors.serviceById(serviceId));
  const entries = useQueueStore(queueSelectors.entriesOfService(serviceId));
  const showScreen = useServiceStore((s) => s.showScreen);
  const openBill = useServiceStore((s) => s.openBill);

  if (!loaded) return <section className="destination-strip" aria-label={t('table')} aria-busy="true" />;
  if (!service) {
    return (
      <section className="destination-strip destination-strip--note" aria-label={t('table')}>
        <p className="send-destination__hint">{t('tableNotSeated')}</p>
        <button type="button" className="order-button" onClick={() => showScreen('floor')}>
          {t('backToFloor')}
        </button>
      </section>
    );
  }
  const title = tablesTitle(t, service.tableNames);
  const { guests, since } = serviceSummary(t, format, service);
  const rounds = roundsSummary(t, entries);
  return (
    <DestinationStrip
      label={title}
      title={title}
      summary={
        <>
          <span data-testid="service-guests">{guests}</span>
          <Pause />
          {since !== '' && (
            <>
              <span>{since}</span>
              <Pause />
            </>
          )}
          <span className={rounds.needsAttention ? 'destination-strip__attention' : undefined}>
            {rounds.needsAttention && <IconWarning className="destination-strip__attention-icon" />}
            {rounds.needsAttention ? t('needsAttention', { rounds: rounds.text }) : rounds.text}
          </span>
        </>
      }
      actions={
        <>
          <button type="button" className="order-button destination-strip__action" onClick={() => openBill(service.id)}>
            {billT('openBill')}
          </button>
          <button type="button" className="order-button destination-strip__action" onClick={() => showScreen('floor')}>
            {t('floor')}
          </button>
        </>
      }
    >
      <ServiceFacts service={service} />
      <h3 className="table-details__subtitle">{t('rounds')}</h3>
      <RoundsList entries={entries} />
      {service.open === 1 ? <ClearTable outbox={outbox} service={service} entries={entries} /> : <p className="send-destination__hint">{t('tableCleared')}</p>}
    </DestinationStrip>
  );
}

function ServiceFacts({ service }: { service: TableService }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const { customer } = serviceSummary(t, format, service);
  if (customer === null && service.notes.trim() === '') return null;
  return (
    <dl className="table-details__facts">
      {customer !== null && (
        <div>
          <dt>{t('customer')}</dt>
          <dd>{customer}</dd>
        </div>
      )}
      {service.notes.trim() !== '' && (
        <div>
          <dt>{t('notes')}</dt>
          <dd className="table-details__notes">{service.notes}</dd>
        </div>
      )}
    </dl>
  );
}

function RoundsList({ entries }: { entries: readonly OutboxEntry[] }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const showScreen = useServiceStore((s) => s.showScreen);
  if (entries.length === 0) {
    return (
      <ul className="rounds" aria-label={t('rounds')}>
        <li className="rounds__empty">{t('nothingSent')}</li>
      </ul>
    );
  }
  const titles = roundTitles(t, entries);
  return (
    <ul className="rounds" aria-label={t('rounds')}>
      {entries.map((entry, index) => {
        const title = titles[index]!;
        return (
          <li
            key={entry.id}
            className={`round round--${entry.resolution === null ? entry.state : 'resolved'}`}
            data-testid="round"
            data-state={entry.state}
            data-kind={entry.kind}
            data-resolution={entry.resolution ?? undefined}
            aria-label={title}
          >
            <div className="round__head">
              <span className="round__title">{title}</span>
              <span className="round__time">{format.time(new Date(entry.createdAt))}</span>
            </div>
            <div className="round__status">
              <OutboxStateBadge state={entry.state} resolution={entry.resolution} />
              {entry.totalCents > 0 && <span className="round__total">{format.money(entry.totalCents / 100)}</span>}
            </div>
            {entry.lines.length > 0 && (
              <ul className="round__lines" aria-label={t('linesOf', { title })}>
                {entry.lines.map((line, i) => (
                  <li key={i} className="round__line">
                    <span className="round__qty">{line.quantity}×</span> {line.name}
                    {line.details.length > 0 && <span className="round__details"> · {line.details.join(', ')}</span>}
                    {line.note !== '' && <span className="round__note"> · {t('noteText', { note: line.note })}</span>}
                  </li>
                ))}
              </ul>
            )}
            {entry.lastError && entry.state !== 'accepted' && entry.resolution === null && <p className="round__problem">{errorText(t, entry.lastError)}</p>}
            {entry.pending === 1 && (entry.state === 'unconfirmed' || entry.state === 'rejected') && (
              <button type="button" className="order-button round__resolve" onClick={() => showScreen('pending')}>
                {t('resolveInPending')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ClearTable({ outbox, service, entries }: { outbox: Outbox; service: TableService; entries: readonly OutboxEntry[] }) {
  const { t } = useTranslation('order');
  // The question takes the button's place: focus in, and back on the button when kept (Escape too).
  const { scope: confirmScope, ...confirm } = useInlineConfirm<'clear', HTMLDivElement>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openOrder = useServiceStore((s) => s.openOrder);
  const showScreen = useServiceStore((s) => s.showScreen);
  const title = tablesTitle(t, service.tableNames);

  const clear = () => {
    setBusy(true);
    setProblem(null);
    outbox
      .clearTable(service.id)
      .then(() => {
        // Leave no target pointing at a cleared service, then back to the floor.
        openOrder({ kind: 'none' });
        showScreen('floor');
      })
      .catch((error: unknown) => {
        setProblem(t('notCleared', { reason: errorText(t, error) }));
        setBusy(false);
      });
  };
  return (
    <div ref={confirmScope}>
      {confirm.asking === null ? (
        <button type="button" className="button button--secondary table-details__clear" onClick={() => confirm.ask('clear')} data-opener="clear">
          {t('clearTable')}
        </button>
      ) : (
        <div
          className="table-details__confirm"
          role="alertdialog"
          aria-label={t('clearTitleQuestion', { title })}
          aria-describedby="clear-table-warning"
          onKeyDown={busy ? undefined : confirm.onKeyDown}
        >
          <p id="clear-table-warning">{clearTableWarning(t, title, entries)}</p>
          {problem !== null && <p className="send-field__error">{problem}</p>}
          <div className="table-details__confirm-actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={clear}>
              {busy ? t('clearing') : t('clearTitle', { title })}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={confirm.close} data-autofocus>
              {t('keepIt')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
