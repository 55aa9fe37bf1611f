// @ts-check
// The project's own ESLint rules, as one plugin ("comanda/…" in eslint.config.js).
import { noLiteralText } from './no-literal-text.js';
import { stableSelector } from './stable-selector.js';

export default { rules: { 'no-literal-text': noLiteralText, 'stable-selector': stableSelector } };
