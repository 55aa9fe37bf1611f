import { useState } from 'react';
import { formatMoney } from '../../../../shared/domain/money';
import { lineTotalCents, orderSelectors, useOrderStore, type TicketLine } from './orderStore';

// The ticket (issue 5 item 3): lines with what was chosen, quantity − / +, a note, remove; the
// subtotal and total, summed exactly in cents. Test ids: order-ticket, order-line (data-line-key),
// order-line-total, order-subtotal, order-total.

export function Ticket() {
  const lines = useOrderStore(orderSelectors.lines);
  const subtotal = useOrderStore(orderSelectors.subtotalCents);
  return (
    <section className="order-ticket" aria-label="Ticket" data-testid="order-ticket">
      <h2 className="order-ticket__title">Ticket</h2>
      {lines.length === 0 ? (
        <p className="order-ticket__empty">No items yet. Tap an item to add it.</p>
      ) : (
        <ul className="order-ticket__lines" aria-label="Lines">
          {lines.map((line) => (
            <TicketLineRow key={line.key} line={line} />
          ))}
        </ul>
      )}
      <dl className="order-ticket__sums">
        <div className="order-ticket__sum">
          <dt>Subtotal</dt>
          <dd data-testid="order-subtotal">{formatMoney(subtotal)}</dd>
        </div>
        <div className="order-ticket__sum order-ticket__sum--total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatMoney(subtotal)}</dd>
        </div>
      </dl>
    </section>
  );
}

function TicketLineRow({ line }: { line: TicketLine }) {
  const changeQuantity = useOrderStore(orderSelectors.changeQuantity);
  const removeLine = useOrderStore(orderSelectors.removeLine);
  const setNote = useOrderStore(orderSelectors.setNote);
  const [editingNote, setEditingNote] = useState(false);
  const noteId = `order-note-${line.key}`;
  return (
    <li className="order-line" data-testid="order-line" data-line-key={line.key} aria-label={line.name}>
      <div className="order-line__head">
        <span className="order-line__name">{line.name}</span>
        <span className="order-line__total" data-testid="order-line-total">
          {formatMoney(lineTotalCents(line))}
        </span>
      </div>
      {line.details.length > 0 && (
        <ul className="order-line__details" aria-label={`Choices of ${line.name}`}>
          {line.details.map((detail, i) => (
            <li key={i}>{detail}</li>
          ))}
        </ul>
      )}
      {line.note !== '' && !editingNote && <p className="order-line__note">Note: {line.note}</p>}
      {editingNote && (
        <div className="order-line__note-edit">
          <label htmlFor={noteId}>Note for {line.name}</label>
          <input
            id={noteId}
            type="text"
            className="order-line__note-input"
            value={line.note}
            maxLength={200}
            autoFocus
            onChange={(event) => setNote(line.key, event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setEditingNote(false);
            }}
          />
        </div>
      )}
      <div className="order-line__actions">
        <button type="button" className="order-button order-button--icon" aria-label={`One fewer ${line.name}`} disabled={line.quantity <= 1} onClick={() => changeQuantity(line.key, -1)}>
          −
        </button>
        <output className="order-line__quantity" aria-label={`Quantity of ${line.name}`} data-testid="order-line-quantity">
          {line.quantity}
        </output>
        <button type="button" className="order-button order-button--icon" aria-label={`One more ${line.name}`} onClick={() => changeQuantity(line.key, 1)}>
          +
        </button>
        <span className="order-line__spacer" />
        <button type="button" className="order-button" aria-expanded={editingNote} aria-label={editingNote ? `Done with the note for ${line.name}` : `Write a note for ${line.name}`} onClick={() => setEditingNote(!editingNote)}>
          {editingNote ? 'Done' : 'Note'}
        </button>
        <button type="button" className="order-button order-button--remove" aria-label={`Remove ${line.name}`} onClick={() => removeLine(line.key)}>
          Remove
        </button>
      </div>
    </li>
  );
}
