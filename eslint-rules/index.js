// @ts-check
// The project's own ESLint rules, as one plugin ("comanda/…" in eslint.config.js).
import { noFeatureImports } from './no-feature-imports.js';
import { noLiteralText } from './no-literal-text.js';
import { stableSelector } from './stable-selector.js';

export default { rules: { 'no-feature-imports': noFeatureImports, 'no-literal-text': noLiteralText, 'stable-selector': stableSelector } };
