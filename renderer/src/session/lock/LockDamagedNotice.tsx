import { useTranslation } from 'react-i18next';
import { lockSelectors, useLockStore } from './lockStore';

/**
 * The header says when the saved lock could not be read (a damaged or unreadable lock.json, kept
 * aside by the main side): the terminal then runs without a PIN, and nobody should think it is
 * locked down. Words after a warning icon, never colour alone; the full sentence for readers and
 * in the tooltip. Gone once a PIN is set again.
 */
export function LockDamagedNotice() {
  const damaged = useLockStore(lockSelectors.damaged);
  return damaged ? <DamagedLockNotice /> : null;
}

/** The notice itself (LockDamagedNotice shows it while the lock state says `damaged`). */
export function DamagedLockNotice() {
  const { t } = useTranslation('lock');
  return (
    <span className="notice lock-damaged" role="status" title={t('damagedDetail')} data-testid="lock-damaged">
      <svg
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
      >
        <path d="M12 3 2 21h20L12 3z" />
        <path d="M12 10v5M12 18h.01" />
      </svg>
      <span>{t('damagedNotice')}</span>
      <span className="visually-hidden">{t('damagedDetail')}</span>
    </span>
  );
}
