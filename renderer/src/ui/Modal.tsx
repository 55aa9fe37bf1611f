import { useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';

/**
 * A native modal `<dialog>` in document.body: the browser makes everything
 * else inert and keeps the focus inside; the focus goes back where it was when it closes.
 * `onCancel` is Escape; without it Escape does nothing, and a dialog the browser closes anyway
 * (a second Escape) opens again: the lock screen cannot be dismissed.
 */
export function Modal({ className, labelledBy, onCancel, children }: { className: string; labelledBy: string; onCancel?: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let open = true;
    const reopen = () => {
      if (open && !dialog.open) dialog.showModal();
    };
    dialog.showModal();
    dialog.addEventListener('close', reopen);
    return () => {
      open = false;
      dialog.removeEventListener('close', reopen);
      if (dialog.open) dialog.close();
      if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
    };
  }, []);

  const onCancelEvent = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    cancel.current?.();
  };

  return createPortal(
    <dialog ref={ref} className={className} aria-labelledby={labelledBy} onCancel={onCancelEvent}>
      {children}
    </dialog>,
    document.body,
  );
}
