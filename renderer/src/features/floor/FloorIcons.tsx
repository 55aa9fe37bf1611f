import type { TableStatusKind } from '../../data/floor/tableStatus';
import { IconWarning, svgProps, type IconProps } from '../../ui/icons';

// The table states' icons: each state has its own shape, so it reads without
// colour; each goes with its word (or, on the tiniest tables, with the button's accessible name).

/** An empty circle: nobody at the table. */
export function IconTableFree({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="8" />
    </svg>
  );
}

/** A chair: guests are seated. */
export function IconChair({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M7 3v9h10V3" />
      <path d="M5 12h14" />
      <path d="M7 12v9M17 12v9" />
    </svg>
  );
}

/** A person: the guest count's icon. */
export function IconPerson({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="7.5" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

/** A receipt: the table's order is at the POS. */
export function IconReceipt({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6" />
    </svg>
  );
}

/** An arrow leaving a tray: orders waiting to be sent. */
export function IconSending({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M12 15V3M7 8l5-5 5 5" />
      <path d="M4 14v6h16v-6" />
    </svg>
  );
}

/** Several tables chosen together. */
export function IconSeatSeveral({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <rect x="2.5" y="7" width="8" height="10" rx="1.5" />
      <rect x="13.5" y="7" width="8" height="10" rx="1.5" />
      <path d="M10.5 12h3" />
    </svg>
  );
}

/** The floor drawn as a plan. */
export function IconPlan({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <rect x="3" y="3" width="7" height="7" rx="1.5" />
      <circle cx="17" cy="6.5" r="3.5" />
      <rect x="3" y="14" width="18" height="7" rx="1.5" />
    </svg>
  );
}

/** Rows of a list. */
export function IconList({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M8 6h13M8 12h13M8 18h13" />
      <path d="M3.5 6h.01M3.5 12h.01M3.5 18h.01" />
    </svg>
  );
}

export function TableStatusIcon({ kind, className }: { kind: TableStatusKind; className?: string }) {
  switch (kind) {
    case 'free':
      return <IconTableFree className={className} />;
    case 'seated':
      return <IconChair className={className} />;
    case 'open-order':
      return <IconReceipt className={className} />;
    case 'sending':
      return <IconSending className={className} />;
    case 'attention':
      return <IconWarning className={className} />;
  }
}
