import { useCallback, useEffect, useRef } from 'react';
import type { BridgeClient } from '../../../shared/bridge';
import { ConnectionIndicator } from '../features/floor/ConnectionIndicator';
import { FloorPlan } from '../features/floor/FloorPlan';
import { floorSelectors, useFloorStore } from '../features/floor/floorStore';
import { startFloorLoader, type FloorLoader } from '../features/floor/loadFloor';

/** The terminal's one screen for now: header and floor plan. */
export function App({ bridge }: { bridge: BridgeClient }) {
  const loaderRef = useRef<FloorLoader | null>(null);

  useEffect(() => {
    const loader = startFloorLoader(bridge);
    loaderRef.current = loader;
    return () => {
      loader.stop();
      if (loaderRef.current === loader) loaderRef.current = null;
    };
  }, [bridge]);

  const retry = useCallback(() => loaderRef.current?.retry() ?? Promise.resolve(), []);

  return (
    <div className="app">
      <AppHeader />
      <main className="app__main">
        <FloorPlan onRetry={retry} />
      </main>
    </div>
  );
}

function AppHeader() {
  const appInfo = useFloorStore(floorSelectors.appInfo);
  return (
    <header className="app-header">
      <span className="app-header__name">Comanda</span>
      {appInfo !== null && (
        <span className="app-header__venue">
          {/* The demo venue is marked as such, so nobody takes its orders for real ones. */}
          {appInfo.mode === 'demo' ? <span className="app-header__demo">Demo venue</span> : appInfo.tenant || 'Unnamed venue'}
        </span>
      )}
      <span className="app-header__spacer" />
      <ConnectionIndicator />
    </header>
  );
}
