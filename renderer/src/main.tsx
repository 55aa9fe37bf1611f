import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/App';
import { createBridgeClient, pickBridgeApi } from './bridge';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/index.html has no #root element');

const bridge = createBridgeClient(pickBridgeApi());

createRoot(container).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
