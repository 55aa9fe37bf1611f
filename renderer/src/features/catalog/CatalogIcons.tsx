// Icons of the catalog view and the header's view switch (inline SVG, CSP). Each goes with visible
// text, so they are hidden from assistive technology.

import { svgProps, type IconProps } from '../../ui/icons';

/** An open menu card: the catalog. */
export function IconCatalog({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className} strokeWidth={2.2}>
      <path d="M3 5.5C5.5 4.5 8.5 4.5 12 6.5c3.5-2 6.5-2 9-1V19c-2.5-1-5.5-1-9 1-3.5-2-6.5-2-9-1V5.5z" />
      <path d="M12 6.5V20" />
    </svg>
  );
}

/** Four tables seen from above: the floor plan. */
export function IconFloor({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className} strokeWidth={2.2}>
      <rect x="3" y="3" width="7.5" height="7.5" rx="1.5" />
      <circle cx="17.25" cy="6.75" r="3.75" />
      <circle cx="6.75" cy="17.25" r="3.75" />
      <rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5" />
    </svg>
  );
}

/** A plate between a fork and a knife: the neutral stand-in for a missing photo. */
export function IconPlate({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className} strokeWidth={1.6}>
      <circle cx="12" cy="12" r="6" />
      <circle cx="12" cy="12" r="3.2" />
      <path d="M3 4v4.5a1.5 1.5 0 0 0 3 0V4" />
      <path d="M4.5 9.5V20" />
      <path d="M20.5 4c-1.5 1-2 3-2 5.5V12h2V20" />
    </svg>
  );
}
