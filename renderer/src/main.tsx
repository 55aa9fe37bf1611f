import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import './styles.css';
import { App } from './app/App';
import { createBridgeClient, pickBridgeApi } from './bridge';
import { createI18n, startLanguage } from './i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/index.html has no #root element');

const bridge = createBridgeClient(pickBridgeApi());

// The system's language at first start (Spanish when it is none of the three); Settings may change it.
const language = startLanguage(null, navigator.languages);
const i18n = createI18n(language);
document.documentElement.lang = language;

// `npm run bench` opens the page with ?bench: its measuring hooks come as a separate chunk.
if (new URLSearchParams(location.search).has('bench')) {
  void import('./data/benchHooks').then((hooks) => hooks.installBenchHooks());
}

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App bridge={bridge} />
    </I18nextProvider>
  </StrictMode>,
);
