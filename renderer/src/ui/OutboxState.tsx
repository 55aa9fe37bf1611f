import { useTranslation } from 'react-i18next';
import type { OutboxResolution, OutboxState } from '../../../shared/bridge';
import { IconConnecting, svgProps, type IconProps } from './icons';
import { outboxResolutionWord, outboxStateMeaning, outboxStateWord } from '../i18n/outboxText';
import './outboxState.css';

// An outbox entry's state as icon + word (never colour alone): the table's rounds list and the
// pending-orders screen. The icons differ in shape, so they read in greyscale too.

/** A clock face: waiting its turn. */
function IconQueued({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </svg>
  );
}

/** A filled disc with a tick: the POS has it. */
function IconSent({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
      <path d="M7 12.5l3.2 3.2L17 9" style={{ stroke: 'var(--paper)' }} />
    </svg>
  );
}

/** A square with a cross: refused. */
function IconRejected({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" />
    </svg>
  );
}

/** A question mark in a diamond: unknown whether it arrived. */
function IconUnconfirmed({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M12 2.5L21.5 12 12 21.5 2.5 12z" />
      <path d="M9.8 9.6a2.3 2.3 0 1 1 3.2 2.1c-.6.3-1 .8-1 1.5v.3" />
      <path d="M12 16.6v.01" />
    </svg>
  );
}

export function OutboxStateIcon({ state, className }: { state: OutboxState; className?: string }) {
  switch (state) {
    case 'queued':
      return <IconQueued className={className} />;
    case 'sending':
      return <IconConnecting className={className} />;
    case 'accepted':
      return <IconSent className={className} />;
    case 'rejected':
      return <IconRejected className={className} />;
    case 'unconfirmed':
      return <IconUnconfirmed className={className} />;
  }
}

/** A circle with a dash: set aside by the waiter (done at the POS, discarded, moved). */
function IconResolved({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M7.5 12h9" />
    </svg>
  );
}

/** Icon + word, with the meaning for a long press and screen readers; a resolved entry shows the waiter's decision. */
export function OutboxStateBadge({ state, resolution = null }: { state: OutboxState; resolution?: OutboxResolution | null }) {
  const { t } = useTranslation('pending');
  if (resolution !== null) {
    return (
      <span className="outbox-state outbox-state--resolved" title={t('resolvedTitle')}>
        <IconResolved className="outbox-state__icon" />
        <span className="outbox-state__word">{outboxResolutionWord(t, resolution)}</span>
      </span>
    );
  }
  return (
    <span className={`outbox-state outbox-state--${state}`} title={outboxStateMeaning(t, state)}>
      <OutboxStateIcon state={state} className="outbox-state__icon" />
      <span className="outbox-state__word">{outboxStateWord(t, state)}</span>
    </span>
  );
}
