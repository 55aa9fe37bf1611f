import { useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';

export type ButtonProps = ComponentPropsWithoutRef<'button'> & {
  variant?: 'primary' | 'secondary';
};

/** A touch-sized button (≥ 48 px high, see styles.css); `type="button"` unless told otherwise. */
export function Button({ variant = 'secondary', className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['button', `button--${variant}`, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** "Try again" that says it is trying while the attempt runs, so a waiter does not tap it again and again. */
export function RetryButton({ onRetry, label }: { onRetry: () => Promise<void>; label?: string }) {
  const { t } = useTranslation('common');
  const [trying, setTrying] = useState(false);
  return (
    <Button
      variant="primary"
      disabled={trying}
      aria-busy={trying}
      onClick={() => {
        setTrying(true);
        void onRetry().finally(() => setTrying(false));
      }}
    >
      {trying ? t('trying') : (label ?? t('retry'))}
    </Button>
  );
}
