import { useEffect, useState } from 'react';
import type { AppInfo, BridgeClient } from '../../../shared/bridge';

/** How long to wait before asking again when the main side did not answer. */
const RETRY_MS = 1_000;

/**
 * The current account as the main side describes it (a venue or a shop), asked once per
 * account scope and again every second until it answers. `info` null until then: the app starts
 * neither the venue's loaders nor the till before it knows which account it is on. `failed`: the
 * first question got no answer (the screens explain an unreachable local service their own way).
 */
export function useAppInfo(bridge: BridgeClient): { info: AppInfo | null; failed: boolean } {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      bridge.getAppInfo({}).then(
        (answer) => {
          if (live) setInfo(answer);
        },
        () => {
          if (!live) return;
          setFailed(true);
          timer = setTimeout(ask, RETRY_MS);
        },
      );
    };
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [bridge]);
  return { info, failed };
}
