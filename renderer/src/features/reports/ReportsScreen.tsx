import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeProblem, resolveRange, type PresetRange, type RangeChoice, type ReportRange } from '../../../../shared/domain/retail/reportRanges';
import { errorText } from '../../i18n/errorText';
import type { Formatters } from '../../i18n/format';
import { localeOf, isLanguage } from '../../i18n/languages';
import { useFormat } from '../../i18n/useFormat';
import { useShopAccountKey, useShopBridge } from '../../session/shopContext';
import { downloadCsv } from './csv';
import { ReportChart } from './ReportChart';
import { rowsInView } from '../../ui/virtualWindow';
import { useElementSize } from '../../ui/useElementSize';
import { buildReportSections, isFigureColumn, type ReportSection, type ReportTable, type Translate } from './reportTables';
import { useShopReports, type ShopReportsView } from './useShopReports';
import './reports.css';

// The shop's Reports: a period (today, yesterday, this week, this month, or
// dates with times for a business day that ends after midnight), then six sections — sales by
// hour against the same weekdays a week before, by category, top products, payments by method,
// taxes, stock alerts — each a chart with its table beside it and a CSV of that table. Loaded on
// demand (LazyReportsScreen: its own chunk with the charting library). Money and dates in the
// terminal's language; each table's Total row is the sum of the report's lines (reportTables.ts).
// Test ids: reports-screen, reports-range-<kind>, reports-custom, reports-status, reports-as-of,
// reports-progress, report-<section> (with report-chart, report-table, report-total, report-csv).

const PRESETS: readonly PresetRange[] = ['today', 'yesterday', 'week', 'month'];

/** A shop date (YYYY-MM-DD) as a Date for formatting: noon local time, so no time zone moves its day. */
function dayOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 12);
}

export function periodText(range: ReportRange, f: Formatters, t: Translate): string {
  const end = (date: string, time: string | undefined) => (time === undefined ? f.date(dayOf(date)) : `${f.date(dayOf(date))} ${time}`);
  if (range.startDate === range.endDate && range.startTime === undefined && range.endTime === undefined)
    return t('showingDay', { day: f.date(dayOf(range.startDate)) });
  return t('showing', { from: end(range.startDate, range.startTime), to: end(range.endDate, range.endTime) });
}

export default function ReportsScreen({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation('reports');
  const translate = t as unknown as Translate;
  const f = useFormat();
  const bridge = useShopBridge();
  const accountKey = useShopAccountKey() ?? 'shop';
  const { view, choose, refresh } = useShopReports(bridge, accountKey);
  const locale = localeOf[isLanguage(i18n.language) ? i18n.language : 'es'];
  const sections = useMemo(
    () => (view.shown === null ? null : buildReportSections(view.shown.data, translate, f, (range) => periodText(range, f, translate))),
    [view.shown, translate, f],
  );
  const [customOpen, setCustomOpen] = useState(false);

  return (
    <section className="reports" aria-labelledby="reports-title" data-testid="reports-screen">
      <div className="reports__bar">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('backToTill')}
        </button>
        <h1 className="reports__title" id="reports-title" tabIndex={-1}>
          {t('title')}
        </h1>
        <div className="reports__ranges" role="group" aria-label={t('period')}>
          {PRESETS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="reports__range"
              aria-pressed={view.choice?.kind === kind}
              data-testid={`reports-range-${kind}`}
              onClick={() => {
                setCustomOpen(false);
                void choose({ kind });
              }}
            >
              {t(`range_${kind}`)}
            </button>
          ))}
          <button
            type="button"
            className="reports__range"
            aria-pressed={view.choice?.kind === 'custom'}
            aria-expanded={customOpen}
            data-testid="reports-range-custom"
            onClick={() => setCustomOpen((open) => !open)}
          >
            {t('range_custom')}
          </button>
        </div>
        <button
          type="button"
          className="button button--secondary reports__refresh"
          data-testid="reports-refresh"
          disabled={view.choice === null || view.offline}
          onClick={refresh}
        >
          {t('refresh')}
        </button>
      </div>
      {customOpen && (
        <CustomRange
          initial={view.range}
          onShow={(choice) => {
            setCustomOpen(false);
            void choose(choice);
          }}
        />
      )}
      <ReportsStatus view={view} f={f} />
      {sections !== null && (
        <div className="reports__sections">
          {sections.map((section) => (
            <ReportSectionView key={section.id} section={section} f={f} locale={locale} range={view.shown!.data.range} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The period shown, when its figures were read, and what is happening: reading (pages), offline, a failure. */
function ReportsStatus({ view, f }: { view: ShopReportsView; f: Formatters }) {
  const { t } = useTranslation('reports');
  const shown = view.shown;
  const asOf = shown === null ? null : f.dateTime(new Date(shown.readAt));
  let note: string | null = null;
  if (view.reading !== null) note = t('reading', { read: view.reading.read, known: Math.max(view.reading.known, 1) });
  else if (view.failure !== null)
    note = asOf !== null ? t('failedKept', { reason: errorText(t, view.failure) }) : t('failed', { reason: errorText(t, view.failure) });
  else if (view.offline) note = asOf !== null ? t('offlineKept') : t('offlineNothing');
  else if (shown === null) note = t('nothingYet');
  const period = shown?.data.range ?? view.range;
  return (
    <div className="reports__status" role="status" data-testid="reports-status">
      {period !== null && (
        <span className="reports__period" data-testid="reports-period">
          {periodText(period, f, t as unknown as Translate)}
        </span>
      )}
      {asOf !== null && (
        <span className="reports__as-of" data-testid="reports-as-of">
          {t('asOf', { time: asOf })}
        </span>
      )}
      {note !== null && (
        <span
          className={`reports__note${view.failure !== null || view.offline ? ' reports__note--problem' : ''}`}
          data-testid={view.reading !== null ? 'reports-progress' : 'reports-note'}
        >
          {view.reading !== null && <progress className="reports__progress" max={Math.max(view.reading.known, 1)} value={view.reading.read} />}
          {note}
        </span>
      )}
    </div>
  );
}

/** Dates and times of a custom period (a business day may end after midnight: Friday 10:00 → Saturday 02:00). */
function CustomRange({ initial, onShow }: { initial: ReportRange | null; onShow: (choice: RangeChoice) => void }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const start = initial ?? resolveRange({ kind: 'today' });
  const [startDate, setStartDate] = useState(start.startDate);
  const [endDate, setEndDate] = useState(start.endDate);
  const [startTime, setStartTime] = useState(start.startTime ?? '');
  const [endTime, setEndTime] = useState(start.endTime ?? '');
  const [problem, setProblem] = useState<'date' | 'time' | 'order' | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range: ReportRange = { startDate, endDate, ...(startTime ? { startTime } : {}), ...(endTime ? { endTime } : {}) };
    const why = startDate === '' || endDate === '' ? 'date' : rangeProblem(range);
    setProblem(why);
    if (why === null) onShow({ kind: 'custom', ...range });
  };
  return (
    <form className="reports__custom" data-testid="reports-custom" onSubmit={submit} noValidate>
      <fieldset className="reports__custom-set">
        <legend className="reports__custom-legend">{t('customLegend')}</legend>
        <label className="reports__field" htmlFor={`${id}-from`}>
          <span>{t('from')}</span>
          <input id={`${id}-from`} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} data-testid="reports-from" />
        </label>
        <label className="reports__field" htmlFor={`${id}-from-time`}>
          <span>{t('fromTime')}</span>
          <input id={`${id}-from-time`} type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} data-testid="reports-from-time" />
        </label>
        <label className="reports__field" htmlFor={`${id}-to`}>
          <span>{t('to')}</span>
          <input id={`${id}-to`} type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} data-testid="reports-to" />
        </label>
        <label className="reports__field" htmlFor={`${id}-to-time`}>
          <span>{t('toTime')}</span>
          <input id={`${id}-to-time`} type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} data-testid="reports-to-time" />
        </label>
        <button type="submit" className="button button--primary reports__show" data-testid="reports-show">
          {t('show')}
        </button>
      </fieldset>
      {problem !== null && (
        <p className="reports__custom-problem" role="alert">
          {t(`rangeProblem_${problem}`)}
        </p>
      )}
    </form>
  );
}

function ReportSectionView({ section, f, locale, range }: { section: ReportSection; f: Formatters; locale: string; range: ReportRange }) {
  const { t } = useTranslation('reports');
  const titleId = useId();
  const { table, chart } = section;
  return (
    <section className="report-card" aria-labelledby={titleId} data-testid={`report-${section.id}`}>
      <header className="report-card__head">
        <div className="report-card__heading">
          <h2 className="report-card__title" id={titleId}>
            {section.title}
          </h2>
          <p className="report-card__caption">{section.caption}</p>
        </div>
        <button
          type="button"
          className="button button--secondary report-card__csv"
          data-testid="report-csv"
          aria-label={t('exportCsvOf', { title: section.title })}
          onClick={() => downloadCsv(table, range)}
        >
          {t('exportCsv')}
        </button>
      </header>
      <div className="report-card__body">
        <figure className="report-card__chart">
          {section.empty !== null ? (
            <p className="report-card__empty">{section.empty}</p>
          ) : (
            <ReportChart chart={chart} description={t('chartOf', { title: section.title })} f={f} locale={locale} />
          )}
          {chart.note !== null && section.empty === null && <figcaption className="report-card__note">{chart.note}</figcaption>}
        </figure>
        <ReportTableView table={table} titleId={titleId} />
      </div>
    </section>
  );
}

/** Tables longer than this draw only the rows in view (and a few around): a shop may have thousands of stock alerts. */
export const WINDOWED_FROM_ROWS = 60;
/** A windowed row's height (one line; CSS `.report-table--windowed`). */
const WINDOWED_ROW_PX = 32;

/**
 * A section's table: every row, or for a long one the rows in view of its scroll box with spacers
 * for the others (aria-rowcount and aria-rowindex keep the whole table's size for readers). The
 * Total row is always there, and the CSV always has every row.
 */
function ReportTableView({ table, titleId }: { table: ReportTable; titleId: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useElementSize(boxRef);
  const [scrollTop, setScrollTop] = useState(0);
  const windowed = table.rows.length > WINDOWED_FROM_ROWS;
  // Before the box is measured: the rows of its largest height (CSS max-height 420 px).
  const { first, end } = windowed
    ? rowsInView({ scrollTop, viewportHeight: box.height || 420, rowHeight: WINDOWED_ROW_PX, overscan: 8, rowCount: table.rows.length })
    : { first: 0, end: table.rows.length };
  const columns = table.columns.length;
  return (
    <div
      ref={boxRef}
      className="report-card__table-wrap"
      role="region"
      tabIndex={0}
      aria-labelledby={titleId}
      onScroll={windowed ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}
    >
      <table
        className={`report-table${windowed ? ' report-table--windowed' : ''}`}
        data-testid="report-table"
        aria-labelledby={titleId}
        aria-rowcount={table.rows.length + (table.total ? 2 : 1)}
      >
        <thead>
          <tr aria-rowindex={1}>
            {table.columns.map((column) => (
              <th key={column.key} scope="col" className={isFigureColumn(column) ? 'report-table__number' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 && <Spacer rows={first} columns={columns} />}
          {table.rows.slice(first, end).map((row, i) => (
            <tr key={first + i} data-testid="report-row" aria-rowindex={first + i + 2}>
              {row.map((cell, c) => {
                const numeric = isFigureColumn(table.columns[c]);
                return c === 0 && !numeric ? (
                  <th key={c} scope="row" data-value={cell.value} title={windowed ? cell.text : undefined}>
                    {cell.text}
                  </th>
                ) : (
                  <td
                    key={c}
                    className={numeric ? 'report-table__number' : undefined}
                    data-column={table.columns[c]?.key}
                    data-value={cell.value}
                    title={windowed && !numeric ? cell.text : undefined}
                  >
                    {cell.text}
                  </td>
                );
              })}
            </tr>
          ))}
          {end < table.rows.length && <Spacer rows={table.rows.length - end} columns={columns} />}
        </tbody>
        {table.total !== null && (
          <tfoot>
            <tr data-testid="report-total" aria-rowindex={table.rows.length + 2}>
              {table.total.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell.text}
                  </th>
                ) : (
                  <td
                    key={c}
                    className={isFigureColumn(table.columns[c]) ? 'report-table__number' : undefined}
                    data-column={table.columns[c]?.key}
                    data-value={cell.value}
                  >
                    {cell.text}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** The height of rows not drawn, so the scroll box keeps the whole table's height. */
function Spacer({ rows, columns }: { rows: number; columns: number }) {
  return (
    <tr className="report-table__spacer" aria-hidden="true" style={{ height: rows * WINDOWED_ROW_PX }}>
      <td colSpan={columns} />
    </tr>
  );
}
