import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { usePinGate } from '../../session/lock/pinGate';
import { loadReportsScreen } from './LazyReportsScreen';

// "Reports" in the shop's header, next to Pending orders: a manager's screen, so
// the terminal PIN is asked first when one is set (the lock's gate, action `reports`; nothing is
// asked without a PIN, as for Settings). A chart icon with the word; where the header is narrow
// the word is hidden visually (the button keeps it as its name, and as its tooltip): Settings' look (`.header-button`).

export function ReportsButton({ current, onOpen }: { current: boolean; onOpen: () => void }) {
  const { t } = useTranslation('reports');
  const gate = usePinGate();
  return (
    <Button
      className="header-button"
      aria-current={current ? 'page' : undefined}
      title={t('button')}
      data-testid="reports-button"
      onClick={() => {
        if (current) return;
        // The screen's chunk loads while the PIN is checked (or asked).
        loadReportsScreen().catch(() => {});
        void gate.confirm('reports').then((ok) => {
          if (ok) onOpen();
        });
      }}
    >
      <IconChart className="header-button__icon" />
      <span className="header-button__text">{t('button')}</span>
    </Button>
  );
}

/** Three bars on a baseline. */
function IconChart({ className }: { className?: string }) {
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
      <path d="M3.5 20.5h17" />
      <path d="M6.5 20.5v-7h3v7" />
      <path d="M10.5 20.5v-12h3v12" />
      <path d="M14.5 20.5v-9h3v9" />
    </svg>
  );
}
