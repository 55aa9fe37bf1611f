import { svgProps, type IconProps } from './icons';

// Stock marks' icons (each goes with a word or a number: hidden from assistive technology).

/** A box: the stock of an item. */
export function IconStock({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M3.5 8L12 3.5 20.5 8v8.5L12 21l-8.5-4.5z" />
      <path d="M3.5 8L12 12.5 20.5 8" />
      <path d="M12 12.5V21" />
    </svg>
  );
}

/** A circle struck through: sold out. */
export function IconSoldOut({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </svg>
  );
}
