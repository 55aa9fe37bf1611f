import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinAttempt } from '../../../../shared/bridge';
import { sessionSelectors, useSession } from '../session';
import { Modal } from '../../ui/Modal';
import { PinEntry } from './PinEntry';
import { refusedText } from './lockText';
import { useRefusal } from './useRefusal';

/**
 * The lock screen: covers the whole terminal with an opaque sheet (nothing of the
 * orders behind shows or can be reached), names the venue and asks the PIN. Escape does nothing.
 */
export function LockScreen({ verify }: { verify: (pin: string) => Promise<PinAttempt> }) {
  const { t } = useTranslation('lock');
  const titleId = useId();
  const appInfo = useSession(sessionSelectors.appInfo);
  const venue = appInfo === null ? null : appInfo.mode === 'demo' ? t('demoVenue') : appInfo.tenant;
  const { busy, wrongCount, failed, submit } = usePinAttempts(verify);
  const refusedMs = useRefusal();

  return (
    <Modal className="lock-screen" labelledBy={titleId}>
      <div className="lock-screen__panel" data-testid="lock-screen">
        <IconLock className="lock-screen__icon" />
        {venue && <p className="lock-screen__venue">{venue}</p>}
        <h1 id={titleId} className="lock-screen__title">
          {t('lockedTitle')}
        </h1>
        <p className="lock-screen__hint">{t('lockedHint')}</p>
        <PinEntry
          onSubmit={submit}
          submitLabel={t('unlock')}
          busy={busy}
          refused={refusedMs > 0}
          resetKey={wrongCount}
          message={refusedMs > 0 ? refusedText(t, refusedMs) : failed ? t('cannotCheck') : wrongCount > 0 ? t('wrongPin') : null}
        />
      </div>
    </Modal>
  );
}

/** Sends a PIN; counts wrong answers (each empties the entry) and says when it could not be checked. */
export function usePinAttempts(verify: (pin: string) => Promise<PinAttempt>, onRight?: () => void) {
  const [busy, setBusy] = useState(false);
  const [wrongCount, setWrongCount] = useState(0);
  const [failed, setFailed] = useState(false);
  const submit = (pin: string) => {
    setBusy(true);
    setFailed(false);
    verify(pin).then(
      (attempt) => {
        setBusy(false);
        if (attempt.result === 'ok') onRight?.();
        else setWrongCount((n) => n + 1);
      },
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };
  return { busy, wrongCount, failed, submit };
}

function IconLock({ className }: { className?: string }) {
  return (
    <svg
      width={48}
      height={48}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      className={className}
    >
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </svg>
  );
}
