import { useTranslation } from 'react-i18next';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { pendingButtonName } from './pendingText';
import './pending.css';

// "Pending orders" in the header: the number of queue entries still waiting to
// leave or needing a person, from the queue store (the main side's latest snapshot). The badge is text (a number),
// so it is not a colour-only signal. Where the header is narrow a tray icon stands for the words
// (styles.css); the button's name is the same.

/** The venue's screens are the service store's; a shop's header says itself (`current`, `onOpen`). */
export function PendingButton({ current: shown, onOpen }: { current?: boolean; onOpen?: () => void } = {}) {
  const { t } = useTranslation('pending');
  const screen = useServiceStore(serviceSelectors.screen);
  const showScreen = useServiceStore((s) => s.showScreen);
  const count = useQueueStore(queueSelectors.pendingCount);
  const current = shown ?? screen === 'pending';
  return (
    <button
      type="button"
      className={`pending-button${count > 0 ? ' pending-button--some' : ''}`}
      aria-label={pendingButtonName(t, count)}
      aria-current={current ? 'page' : undefined}
      title={t('title')}
      data-testid="pending-button"
      onClick={() => (onOpen ? onOpen() : showScreen('pending'))}
    >
      <IconPending className="pending-button__icon" />
      <span className="pending-button__text">{t('title')}</span>{' '}
      <span className="pending-button__count" data-testid="pending-count">
        {count}
      </span>
    </button>
  );
}

/** A tray with waiting orders. */
function IconPending({ className }: { className?: string }) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      className={className}
    >
      <path d="M3.5 13.5h4.5l1.5 2.5h5l1.5-2.5h4.5" />
      <path d="M5.5 5.5h13l2 8v5a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1v-5z" />
      <path d="M9 9.5h6" />
    </svg>
  );
}
