import type { ReactNode } from 'react';
import { IconWarning } from './icons';

/** What is wrong with a field or a form: an icon, then the words (ui/form.css `.form-error`). */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="form-error">
      <IconWarning className="form-error__icon" />
      {children}
    </p>
  );
}
