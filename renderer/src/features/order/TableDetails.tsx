import { useState } from 'react';
import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import { formatMoney } from '../../../../shared/domain/money';
import { tablesLabel } from '../../../../shared/bridge';
import type { Outbox } from '../../data/queue/outboxTypes';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { OutboxStateBadge } from '../pending/OutboxState';
import { describeClock } from '../pending/pendingText';
import { useServiceStore } from '../service/serviceStore';
import { clearTableWarning, roundTitle, serviceSummary } from './tableText';

// A seated table beside its order builder (issue 6 item 3): who sits there, and every entry of the
// service — the seating and each round — with its state, from the queue store (one snapshot: the
// service and its rounds always come from the same moment), in the order they leave (seq).
// "Clear table" when the bill is settled at the POS.

export function TableDetails({ outbox, serviceId }: { outbox: Outbox; serviceId: string }) {
  const loaded = useQueueStore(queueSelectors.loaded);
  const service = useQueueStore(queueSelectors.serviceById(serviceId));
  const entries = useQueueStore(queueSelectors.entriesOfService(serviceId));
  const showScreen = useServiceStore((s) => s.showScreen);

  if (!loaded) return <section className="send-destination" aria-label="Table" aria-busy="true" />;
  if (!service) {
    return (
      <section className="send-destination" aria-label="Table">
        <div className="send-destination__body">
          <p className="send-destination__hint">This table is not seated on this terminal any more.</p>
          <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
            Back to the floor
          </button>
        </div>
      </section>
    );
  }
  const title = tablesLabel(service.tableNames);
  return (
    <section className="send-destination table-details" aria-label={title}>
      <div className="send-destination__head">
        <h2 className="send-destination__title">{title}</h2>
        <button type="button" className="order-button" onClick={() => showScreen('floor')}>
          Floor
        </button>
      </div>
      <div className="send-destination__body table-details__body">
        <ServiceFacts service={service} />
        <h3 className="table-details__subtitle">Rounds</h3>
        <RoundsList entries={entries} />
        {service.open === 1 ? <ClearTable outbox={outbox} service={service} entries={entries} /> : <p className="send-destination__hint">This table was cleared.</p>}
      </div>
    </section>
  );
}

function ServiceFacts({ service }: { service: TableService }) {
  const { guests, since, customer } = serviceSummary(service);
  return (
    <dl className="table-details__facts">
      <div>
        <dt>Guests</dt>
        <dd data-testid="service-guests">{guests}</dd>
      </div>
      <div>
        <dt>Seated</dt>
        <dd>{since}</dd>
      </div>
      {customer !== null && (
        <div>
          <dt>Customer</dt>
          <dd>{customer}</dd>
        </div>
      )}
      {service.notes.trim() !== '' && (
        <div>
          <dt>Notes</dt>
          <dd className="table-details__notes">{service.notes}</dd>
        </div>
      )}
    </dl>
  );
}

function RoundsList({ entries }: { entries: readonly OutboxEntry[] }) {
  if (entries.length === 0) {
    return (
      <ul className="rounds" aria-label="Rounds">
        <li className="rounds__empty">Nothing sent yet.</li>
      </ul>
    );
  }
  let round = 0;
  return (
    <ul className="rounds" aria-label="Rounds">
      {entries.map((entry) => {
        if (entry.kind === 'round') round += 1;
        const title = roundTitle(entry, round);
        return (
          <li key={entry.id} className={`round round--${entry.resolution === null ? entry.state : 'resolved'}`} data-testid="round" data-state={entry.state} data-kind={entry.kind} data-resolution={entry.resolution ?? undefined} aria-label={title}>
            <div className="round__head">
              <span className="round__title">{title}</span>
              <span className="round__time">{describeClock(entry.createdAt)}</span>
            </div>
            <div className="round__status">
              <OutboxStateBadge state={entry.state} resolution={entry.resolution} />
              {entry.totalCents > 0 && <span className="round__total">{formatMoney(entry.totalCents)}</span>}
            </div>
            {entry.lines.length > 0 && (
              <ul className="round__lines" aria-label={`Lines of ${title}`}>
                {entry.lines.map((line, i) => (
                  <li key={i} className="round__line">
                    <span className="round__qty">{line.quantity}×</span> {line.name}
                    {line.details.length > 0 && <span className="round__details"> · {line.details.join(', ')}</span>}
                    {line.note !== '' && <span className="round__note"> · Note: {line.note}</span>}
                  </li>
                ))}
              </ul>
            )}
            {entry.lastError && entry.state !== 'accepted' && entry.resolution === null && <p className="round__problem">{entry.lastError.message}</p>}
            {entry.pending === 1 && (entry.state === 'unconfirmed' || entry.state === 'rejected') && (
              <button type="button" className="order-button round__resolve" onClick={() => useServiceStore.getState().showScreen('pending')}>
                Resolve in Pending orders
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ClearTable({ outbox, service, entries }: { outbox: Outbox; service: TableService; entries: readonly OutboxEntry[] }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openOrder = useServiceStore((s) => s.openOrder);
  const showScreen = useServiceStore((s) => s.showScreen);
  const title = tablesLabel(service.tableNames);

  if (!confirming) {
    return (
      <button type="button" className="button button--secondary table-details__clear" onClick={() => setConfirming(true)}>
        Clear table
      </button>
    );
  }
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
        setProblem(`The table was not cleared: ${error instanceof Error ? error.message : String(error)}`);
        setBusy(false);
      });
  };
  return (
    <div className="table-details__confirm" role="alertdialog" aria-label={`Clear ${title}?`} aria-describedby="clear-table-warning">
      <p id="clear-table-warning">{clearTableWarning(title, entries)}</p>
      {problem !== null && <p className="send-field__error">{problem}</p>}
      <div className="table-details__confirm-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={clear}>
          {busy ? 'Clearing…' : `Clear ${title}`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
