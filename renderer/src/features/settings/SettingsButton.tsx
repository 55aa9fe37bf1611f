import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { usePinGate } from '../../session/lock/pinGate';

/**
 * The header's way into Settings: a gear and the word, a full touch target; asks the PIN when one
 * is set. Where the header is narrow the word is only for readers and the tooltip (styles.css).
 */
export function SettingsButton({ onOpen, current }: { onOpen: () => void; current: boolean }) {
  const { t } = useTranslation('settings');
  const gate = usePinGate();
  const open = () => {
    if (current) return;
    void gate.confirm('settings').then((ok) => {
      if (ok) onOpen();
    });
  };
  return (
    <Button className="header-button settings-button" onClick={open} aria-current={current ? 'page' : undefined} title={t('button')}>
      <IconSettings className="header-button__icon" />
      <span className="header-button__text">{t('button')}</span>
    </Button>
  );
}

function IconSettings({ className }: { className?: string }) {
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
      <circle cx="12" cy="12" r="3.2" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}
