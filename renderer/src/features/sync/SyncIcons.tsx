// Icons of the sync view (inline SVG, CSP). Each goes with visible text: hidden from assistive technology.

import { svgProps, type IconProps } from '../../ui/icons';

/** Two arrows chasing each other round: the catalog copy and its updates. */
export function IconSync({ className, spinning = false }: IconProps & { spinning?: boolean }) {
  return (
    <svg {...svgProps} className={[spinning ? 'icon-spin' : null, className].filter(Boolean).join(' ')}>
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
      <path d="M4 4v4h4" />
      <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
      <path d="M20 20v-4h-4" />
    </svg>
  );
}

/** An empty circle: not started yet. */
export function IconWaiting({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle cx="12" cy="12" r="8" strokeDasharray="3 3" />
    </svg>
  );
}

/** An arrow into a tray: downloading. */
export function IconDownloading({ className }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M12 4v11" />
      <path d="M7.5 10.5L12 15l4.5-4.5" />
      <path d="M5 19h14" />
    </svg>
  );
}
