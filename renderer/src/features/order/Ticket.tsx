import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { roundDiscountCents } from './sendForm';
import { sendSelectors, useSendStore } from '../../session/sendStore';
import { lineTotalCents, orderSelectors, useOrderStore, type TicketLine } from '../../session/orderStore';

// The ticket: lines with what was chosen, quantity − / +1 (repeat
// the line), Edit (reopens the line's sheet with its choices), a note, remove; the total, summed
// exactly in cents. Test ids: order-ticket, order-line (data-line-key), order-line-quantity,
// order-line-total, order-total.

export function Ticket() {
  const { t } = useTranslation('order');
  const format = useFormat();
  const lines = useOrderStore(orderSelectors.lines);
  const total = useOrderStore(orderSelectors.subtotalCents);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const { t: billT } = useTranslation('bill');
  const round = useSendStore(sendSelectors.round);
  const target = useServiceStore(serviceSelectors.target);
  // A round's discount and the total after it, exact in cents.
  const discount = target.kind === 'service' && lines.length > 0 ? roundDiscountCents(round.discount, total) : null;
  return (
    <section className="order-ticket" aria-label={t('ticket')} data-testid="order-ticket">
      <h2 className="order-ticket__title">
        {t('ticket')}
        {count > 0 && <span className="order-ticket__count"> · {t('itemCount', { count })}</span>}
      </h2>
      {lines.length === 0 ? (
        <p className="order-ticket__empty">{t('ticketEmpty')}</p>
      ) : (
        <ul className="order-ticket__lines" aria-label={t('lines')}>
          {lines.map((line) => (
            <TicketLineRow key={line.key} line={line} />
          ))}
        </ul>
      )}
      <dl className="order-ticket__sums">
        {discount !== null && (
          <div className="order-ticket__sum" data-testid="order-discount">
            <dt>{billT('roundDiscountLine', { reason: discount.reason })}</dt>
            <dd>{format.money(-discount.cents / 100)}</dd>
          </div>
        )}
        <div className="order-ticket__sum order-ticket__sum--total">
          <dt>{discount !== null ? billT('totalAfterDiscount') : t('total')}</dt>
          <dd data-testid="order-total">{format.money((total - (discount?.cents ?? 0)) / 100)}</dd>
        </div>
      </dl>
    </section>
  );
}

function TicketLineRow({ line }: { line: TicketLine }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const changeQuantity = useOrderStore(orderSelectors.changeQuantity);
  const removeLine = useOrderStore(orderSelectors.removeLine);
  const setNote = useOrderStore(orderSelectors.setNote);
  const editLine = useOrderStore(orderSelectors.editLine);
  const editing = useOrderStore((state) => state.editingKey === line.key);
  const [editingNote, setEditingNote] = useState(false);
  const noteId = `order-note-${line.key}`;
  return (
    <li className={editing ? 'order-line order-line--editing' : 'order-line'} data-testid="order-line" data-line-key={line.key} aria-label={line.name}>
      <div className="order-line__head">
        <span className="order-line__name">{line.name}</span>
        <span className="order-line__total" data-testid="order-line-total">
          {format.money(lineTotalCents(line) / 100)}
        </span>
      </div>
      {line.details.length > 0 && (
        <ul className="order-line__details" aria-label={t('choicesOf', { name: line.name })}>
          {line.details.map((detail, i) => (
            <li key={i}>{detail}</li>
          ))}
        </ul>
      )}
      {line.note !== '' && !editingNote && <p className="order-line__note">{t('noteText', { note: line.note })}</p>}
      {editingNote && (
        <div className="order-line__note-edit">
          <label htmlFor={noteId}>{t('noteFor', { name: line.name })}</label>
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
        <button
          type="button"
          className="order-button order-button--icon"
          aria-label={t('oneFewer', { name: line.name })}
          disabled={line.quantity <= 1}
          onClick={() => changeQuantity(line.key, -1)}
        >
          −
        </button>
        <output className="order-line__quantity" aria-label={t('quantityOf', { name: line.name })} data-testid="order-line-quantity">
          {line.quantity}
        </output>
        <button
          type="button"
          className="order-button order-button--icon order-button--repeat"
          aria-label={t('oneMore', { name: line.name })}
          title={t('repeatLine')}
          onClick={() => changeQuantity(line.key, 1)}
        >
          +1
        </button>
        <span className="order-line__spacer" />
        {line.editable && (
          <button
            type="button"
            className="order-button order-button--small"
            aria-pressed={editing}
            aria-label={t('editChoicesOf', { name: line.name })}
            onClick={() => editLine(line.key)}
          >
            {t('edit')}
          </button>
        )}
        <button
          type="button"
          className="order-button order-button--small"
          aria-expanded={editingNote}
          aria-label={editingNote ? t('noteDoneFor', { name: line.name }) : t('writeNoteFor', { name: line.name })}
          onClick={() => setEditingNote(!editingNote)}
        >
          {editingNote ? t('done') : t('note')}
        </button>
        <button
          type="button"
          className="order-button order-button--icon order-button--remove"
          aria-label={t('removeLine', { name: line.name })}
          title={t('remove')}
          onClick={() => removeLine(line.key)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}
