import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { serviceSelectors, useServiceStore } from '../service/serviceStore';
import { pendingButtonName } from './pendingText';
import './pending.css';

// "Pending orders" in the header (issue 6 item 5): the number of queue entries still waiting to
// leave or needing a person, from the queue store (the main side's latest snapshot). The badge is text (a number),
// so it is not a colour-only signal.

export function PendingButton() {
  const screen = useServiceStore(serviceSelectors.screen);
  const showScreen = useServiceStore((s) => s.showScreen);
  const count = useQueueStore(queueSelectors.pendingCount);
  const current = screen === 'pending';
  return (
    <button
      type="button"
      className={`pending-button${count > 0 ? ' pending-button--some' : ''}`}
      aria-label={pendingButtonName(count)}
      aria-current={current ? 'page' : undefined}
      onClick={() => showScreen('pending')}
    >
      <span className="pending-button__text">Pending orders</span>
      <span className="pending-button__count" data-testid="pending-count">
        {count}
      </span>
    </button>
  );
}
