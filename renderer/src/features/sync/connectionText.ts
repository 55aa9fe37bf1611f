import type { TFunction } from 'i18next';
import type { Formatters } from '../../i18n/format';
import type { ConnectionIndicatorState } from '../../session/session';
import { savedWhen } from '../../i18n/savedAt';

// The header's connection indicator in words: one or two short words (the
// 1280 px header is full), and a longer sentence for the title and screen readers. Pure, so the
// wording is unit-tested without a DOM.

export interface ConnectionActivity {
  label: string;
  sentence: string;
  busy: boolean;
  problem: boolean;
}

/**
 * `waiting` = entries queued or sending. "Online" stays in the sentence while sending, so the
 * state is always said. Storage that refuses writes comes first: no order can
 * be saved or leave until it is fixed.
 */
export function connectionActivityText(t: TFunction<'app'>, connection: ConnectionIndicatorState, waiting: number, cannotSave = false): ConnectionActivity {
  const { label, sentence, busy } = activity(t, connection, waiting);
  if (cannotSave) return { label: t('cannotSave'), sentence: `${t('cannotSaveSentence')} ${sentence}`, busy: false, problem: true };
  return { label, sentence, busy, problem: false };
}

function activity(t: TFunction<'app'>, connection: ConnectionIndicatorState, count: number): Omit<ConnectionActivity, 'problem'> {
  switch (connection) {
    case 'connecting':
      return { label: t('connecting'), sentence: count > 0 ? t('connectingWaiting', { count }) : t('connectingSentence'), busy: false };
    case 'online':
      return count > 0
        ? { label: t('sendingLabel', { count }), sentence: t('sendingSentence', { count }), busy: true }
        : { label: t('online'), sentence: t('onlineSentence'), busy: false };
    case 'offline':
      return count > 0
        ? { label: t('offlineWaitingLabel', { count }), sentence: t('offlineWaitingSentence', { count }), busy: false }
        : { label: t('offline'), sentence: t('offlineSentence'), busy: false };
  }
}

/** Offline only: what the terminal works from ("working from the data saved on this terminal today at 14:32"). */
export function offlineDetail(t: TFunction<'app'>, fmt: Formatters, floorSavedAt: string | null, now: Date): string {
  if (floorSavedAt === null) return t('offlineNothingSaved');
  const when = savedWhen(floorSavedAt, now, fmt);
  switch (when.day) {
    case 'today':
      return t('offlineSavedToday', { time: when.time });
    case 'yesterday':
      return t('offlineSavedYesterday', { time: when.time });
    case 'date':
      return t('offlineSavedOn', { date: when.date, time: when.time });
    case 'unknown':
      return t('offlineSavedUnknown');
  }
}
