import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// A type only: erased from the start-up chunk.
import type * as ReportsScreenModule from './ReportsScreen';

// The Reports screen is its own chunk, with the charting library: the till's start-up
// never loads it; the first time Reports are asked for (the header's button), it is fetched from
// the app's own files (no network) while this says so. Not React.lazy: a Suspense boundary that
// showed its fallback holds the content back for React's fallback throttle (~300 ms) even when the
// chunk is ready sooner; here the screen shows as soon as its module is there.

type ReportsModule = typeof ReportsScreenModule;

let loaded: ReportsModule | null = null;
let loading: Promise<ReportsModule> | null = null;

/** Starts loading the screen's chunk (once); the header's button calls it on the tap, before the PIN check. */
export function loadReportsScreen(): Promise<ReportsModule> {
  loading ??= import('./ReportsScreen').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed load may be tried again on the next tap.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function LazyReportsScreen({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('reports');
  const [module, setModule] = useState<ReportsModule | null>(loaded);
  useEffect(() => {
    if (module !== null) return;
    let current = true;
    loadReportsScreen().then(
      (ready) => {
        if (current) setModule(ready);
      },
      (error: unknown) => console.warn(`reports: the screen could not be loaded: ${String(error)}`),
    );
    return () => {
      current = false;
    };
  }, [module]);
  if (module === null) {
    return (
      <p className="reports-loading" role="status" data-testid="reports-loading">
        {t('nothingYet')}
      </p>
    );
  }
  const ReportsScreen = module.default;
  return <ReportsScreen onBack={onBack} />;
}
