import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './moreMenu.css';

// The header's "More" menu: screens a waiter does not need at every table — Customers
// and Gift cards. A menu button: Enter, Space or Arrow Down open it on its first item, Arrow Up on
// its last; arrows, Home and End move; Escape (or Tab, or a tap elsewhere) closes it and the focus
// goes back to the button. Where the header is narrow only the icon shows; the word stays for
// readers and in the tooltip (moreMenu.css).

export type MoreScreen = 'customers' | 'giftCards' | 'manager';

const ITEMS = [
  { screen: 'customers', label: 'moreCustomers' },
  { screen: 'giftCards', label: 'moreGiftCards' },
  { screen: 'manager', label: 'moreManager' },
] as const satisfies readonly { screen: MoreScreen; label: string }[];

export function MoreMenu({ current, onShow }: { current: MoreScreen | null; onShow: (screen: MoreScreen) => void }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  // A tap anywhere else closes it (the focus stays where the tap put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (screen: MoreScreen) => {
    setOpen(false);
    onShow(screen);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(ITEMS.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = ITEMS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="more-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--secondary header-button more-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-current={current !== null ? 'page' : undefined}
        title={t('moreLong')}
        onClick={() => (open ? close(true) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <IconMore className="header-button__icon" />
        <span className="header-button__text">{t('more')}</span>
      </button>
      {open && (
        <ul ref={menu} id={`${id}-menu`} className="more-menu__list" role="menu" aria-label={t('moreLong')} onKeyDown={onMenuKey}>
          {ITEMS.map((item, index) => (
            <li key={item.screen} role="none">
              <button
                type="button"
                role="menuitem"
                className="more-menu__item"
                tabIndex={index === focusIndex ? 0 : -1}
                aria-current={current === item.screen ? 'page' : undefined}
                onClick={() => choose(item.screen)}
              >
                {t(item.label)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function IconMore({ className }: { className?: string }) {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable={false} className={className}>
      <circle cx="5" cy="12" r="2.2" />
      <circle cx="12" cy="12" r="2.2" />
      <circle cx="19" cy="12" r="2.2" />
    </svg>
  );
}
