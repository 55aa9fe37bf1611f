import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinAttempt } from '../../../../shared/bridge';
import { Button } from '../../ui/Button';
import { usePinAttempts } from './LockScreen';
import { Modal } from '../../ui/Modal';
import { PinEntry } from './PinEntry';
import { refusedText } from './lockText';
import type { PinGuardedAction } from './pinGate';
import { useRefusal } from './useRefusal';

const TITLE = {
  settings: 'gateSettings',
  discard: 'gateDiscard',
  'mark-done': 'gateMarkDone',
  'set-stock': 'gateSetStock',
  reports: 'gateReports',
  manager: 'gateManager',
  continue: 'gateContinue',
} as const satisfies Record<PinGuardedAction, string>;

/** The PIN gate's question: right PIN → the action goes ahead; Cancel or Escape → it does not. */
export function PinDialog({
  action,
  verify,
  onDone,
}: {
  action: PinGuardedAction;
  verify: (pin: string) => Promise<PinAttempt>;
  onDone: (ok: boolean) => void;
}) {
  const { t } = useTranslation('lock');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const { busy, wrongCount, failed, submit } = usePinAttempts(verify, () => onDone(true));
  // The gates count wrong PINs apart from the lock screen.
  const refusedMs = useRefusal('gate');

  return (
    <Modal className="dialog-card" labelledBy={titleId} onCancel={() => onDone(false)}>
      <div className="pin-dialog__panel" data-testid="pin-dialog">
        <h2 id={titleId} className="pin-dialog__title">
          {t(TITLE[action])}
        </h2>
        <PinEntry
          onSubmit={submit}
          submitLabel={t('ok')}
          busy={busy}
          refused={refusedMs > 0}
          resetKey={wrongCount}
          message={refusedMs > 0 ? refusedText(t, refusedMs) : failed ? t('cannotCheck') : wrongCount > 0 ? t('wrongPin') : null}
        />
        <Button className="pin-dialog__cancel" onClick={() => onDone(false)}>
          {tc('cancel')}
        </Button>
      </div>
    </Modal>
  );
}
