import { useId, useState, type ReactNode } from 'react';

/**
 * Where the order goes, folded into a strip above the ticket: one line that says
 * the essentials (a table's guests, since when, its rounds; who collects a takeaway) and opens on
 * tap (a disclosure button with `aria-expanded`) to show the rest. Opened, its body scrolls within
 * a bounded height (order.css), so the ticket's lines shrink but its total and Send stay in view.
 */
/**
 * A comma only a screen reader hears, between parts the layout sets apart (a grid, a gap): the
 * button's name is its text, and without it "Table 1" and "3 guests" would read "Table 13 guests".
 */
export function Pause() {
  return <span className="visually-hidden">, </span>;
}

export function DestinationStrip({
  label,
  title,
  summary,
  actions,
  defaultOpen = false,
  children,
}: {
  /** The region's name ("Table 5", "Takeaway"). */
  label: string;
  title: ReactNode;
  summary?: ReactNode;
  /** Buttons beside the disclosure (Floor, Change). */
  actions?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className={open ? 'destination-strip destination-strip--open' : 'destination-strip'} aria-label={label} data-testid="destination-strip">
      <div className="destination-strip__bar">
        <button
          type="button"
          className="card-button destination-strip__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          data-testid="destination-toggle"
        >
          <span className="destination-strip__title">{title}</span>
          {summary !== undefined && <Pause />}
          {summary !== undefined && <span className="destination-strip__summary">{summary}</span>}
          <span className="destination-strip__caret" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
        {actions}
      </div>
      <div id={bodyId} className="destination-strip__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
