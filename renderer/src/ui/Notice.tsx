import type { ReactNode } from 'react';
import { IconWarning } from './icons';

/** A full-area message for empty and error states: what happened, and what to do. */
export function EmptyState({ title, children, action, tone = 'info' }: { title: string; children?: ReactNode; action?: ReactNode; tone?: 'info' | 'problem' }) {
  return (
    <div className={`empty-state empty-state--${tone}`} role={tone === 'problem' ? 'alert' : undefined}>
      {tone === 'problem' && <IconWarning className="empty-state__icon" />}
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}

/** A one-line problem above content that is still usable (e.g. an old floor plan). */
export function Banner({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="banner" role="alert">
      <IconWarning className="banner__icon" />
      <span className="banner__text">{children}</span>
      {action}
    </div>
  );
}
