// Inline SVG icons: no external images or fonts (CSP). Each icon goes with visible text, so they
// are hidden from assistive technology.

export type IconProps = { className?: string };

export const svgProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A filled circle with a tick: connected. */
export function IconOnline({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
      <path d="M7 12.5l3.2 3.2L17 9" style={{ stroke: 'var(--paper)' }} />
    </svg>
  );
}

/** A cloud struck through: no connection. */
export function IconOffline({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.2 9.1 4.5 4.5 0 0 0 7 18z" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/** Three-quarter ring, spun by CSS (and still when the user asks for reduced motion). */
export function IconConnecting({ className }: IconProps) {
  return (
    <svg {...svgProps} className={['icon-spin', className].filter(Boolean).join(' ')}>
      <path d="M21 12a9 9 0 1 1-9-9" />
    </svg>
  );
}

/** Two chain links: tables joined together. */
export function IconLink({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
    </svg>
  );
}

/** A tick: the selected table. */
export function IconCheck({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className} strokeWidth={3.5}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/** A warning triangle: something needs attention. */
export function IconWarning({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M12 3.5L2.5 20h19L12 3.5z" />
      <path d="M12 10v4.5" />
      <path d="M12 17.5v.01" />
    </svg>
  );
}

/** A magnifying glass: the search field. */
export function IconSearch({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21" />
    </svg>
  );
}

/** A circle struck through: "hide items containing…". */
export function IconNoEntry({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M6 6l12 12" />
    </svg>
  );
}
