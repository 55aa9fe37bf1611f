import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useLockActions } from './LockProvider';
import { lockSelectors, useLockStore } from './lockStore';

/**
 * The header's "Lock", shown once a PIN is set: a padlock on a full touch
 * target, named for readers and in its tooltip (the header has no room for one more word).
 */
export function LockButton() {
  const { t } = useTranslation('lock');
  const pinSet = useLockStore(lockSelectors.pinSet);
  const actions = useLockActions();
  if (!pinSet || !actions) return null;
  return (
    <Button className="lock-button" aria-label={t('lockButton')} title={t('lockButton')} onClick={() => void actions.lockNow().catch(() => {})}>
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
        className="lock-button__icon"
      >
        <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      </svg>
    </Button>
  );
}
