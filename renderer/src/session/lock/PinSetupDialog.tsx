import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinAttempt } from '../../../../shared/bridge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { PinEntry } from './PinEntry';
import { refusedText } from './lockText';
import { useRefusal } from './useRefusal';

export type PinSetupMode = 'set' | 'change' | 'remove';
type Step = 'current' | 'new' | 'repeat';

const STEPS: Record<PinSetupMode, Step[]> = { set: ['new', 'repeat'], change: ['current', 'new', 'repeat'], remove: ['current'] };
const TITLE = { set: 'setTitle', change: 'changeTitle', remove: 'removeTitle' } as const;
const PROMPT = { current: 'stepCurrent', new: 'stepNew', repeat: 'stepRepeat' } as const;

/**
 * Settings' PIN dialog: set a PIN (typed twice), change it (the current one
 * first) or remove it (the current one). The main side checks the current PIN and counts wrong ones.
 */
export function PinSetupDialog({
  mode,
  setPin,
  clearPin,
  onDone,
}: {
  mode: PinSetupMode;
  setPin: (pin: string, current?: string) => Promise<PinAttempt>;
  clearPin: (current: string) => Promise<PinAttempt>;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation('lock');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const promptId = useId();
  const steps = STEPS[mode];
  const [stepIndex, setStepIndex] = useState(0);
  const [typed, setTyped] = useState<{ current?: string; fresh?: string }>({});
  const [problem, setProblem] = useState<'wrong' | 'mismatch' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  // Each step, and each retry of one, starts with an empty entry.
  const [entryKey, setEntryKey] = useState(0);
  // Changing or removing the PIN counts at the gates, apart from the lock screen.
  const refusedMs = useRefusal('gate');
  const step = steps[stepIndex]!;
  const last = stepIndex === steps.length - 1;

  const restartAt = (index: number, why: typeof problem) => {
    setStepIndex(index);
    setProblem(why);
    setEntryKey((k) => k + 1);
  };

  const send = (call: Promise<PinAttempt>) => {
    setBusy(true);
    call.then(
      (attempt) => {
        setBusy(false);
        if (attempt.result === 'ok') onDone(true);
        else restartAt(0, 'wrong');
      },
      () => {
        setBusy(false);
        restartAt(stepIndex, 'failed');
      },
    );
  };

  const submit = (pin: string) => {
    setProblem(null);
    if (step === 'current') {
      if (mode === 'remove') return send(clearPin(pin));
      setTyped({ current: pin });
    } else if (step === 'new') {
      setTyped((previous) => ({ ...previous, fresh: pin }));
    } else {
      if (pin !== typed.fresh) return restartAt(steps.indexOf('new'), 'mismatch');
      return send(setPin(pin, typed.current));
    }
    setStepIndex((i) => i + 1);
    setEntryKey((k) => k + 1);
  };

  const message =
    refusedMs > 0
      ? refusedText(t, refusedMs)
      : problem === 'wrong'
        ? t('wrongPin')
        : problem === 'mismatch'
          ? t('mismatch')
          : problem === 'failed'
            ? t('cannotCheck')
            : null;

  return (
    <Modal className="dialog-card" labelledBy={titleId} onCancel={() => onDone(false)}>
      <div className="pin-dialog__panel" data-testid="pin-setup">
        <h2 id={titleId} className="pin-dialog__title">
          {t(TITLE[mode])}
        </h2>
        <p id={promptId} className="pin-dialog__prompt" data-testid="pin-setup-step">
          {t(PROMPT[step])}
        </p>
        <PinEntry
          key={entryKey}
          onSubmit={submit}
          submitLabel={last ? (mode === 'remove' ? t('remove') : tc('save')) : t('next')}
          busy={busy}
          refused={refusedMs > 0 && (step === 'current' || last)}
          message={message}
          describedBy={promptId}
        />
        <Button className="pin-dialog__cancel" onClick={() => onDone(false)}>
          {tc('cancel')}
        </Button>
      </div>
    </Modal>
  );
}
