import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/App';
import { createBridgeClient, pickBridgeApi } from './bridge';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/index.html has no #root element');

const bridge = createBridgeClient(pickBridgeApi());

// `npm run bench` opens the page with ?bench: its measuring hooks come as a separate chunk.
if (new URLSearchParams(location.search).has('bench')) {
  void import('./data/benchHooks').then((hooks) => hooks.installBenchHooks());
}

createRoot(container).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
