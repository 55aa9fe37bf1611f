import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import './styles.css';
// Shared pieces (ui/*.css) before every feature's stylesheet, whose rules then win at equal weight.
import './ui/dialog.css';
import './ui/form.css';
import './ui/catalog.css';
import './ui/card.css';
import './ui/notice.css';
import './ui/keypad.css';
import { App } from './app/App';
import { createBridgeClient, pickBridgeApi } from './bridge';
import { createI18n, startLanguage } from './i18n/i18n';
import { applyTheme, mirroredPreferences, startPreferences } from './session/preferences';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/index.html has no #root element');

const bridge = createBridgeClient(pickBridgeApi());

// The language and theme saved in Settings, as this browser mirrored them, paint the first frame
// (at first start: the system's language — Spanish when it is none of the three — and theme).
// The main side's saved preferences follow and win.
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const mirrored = mirroredPreferences(storage);
const language = startLanguage(mirrored.language, navigator.languages);
const i18n = createI18n(language);
document.documentElement.lang = language;
applyTheme(mirrored.theme, document.documentElement);
void startPreferences(bridge, {
  changeLanguage: (next) => i18n.changeLanguage(next),
  root: document.documentElement,
  storage,
  systemLanguages: navigator.languages,
});

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
