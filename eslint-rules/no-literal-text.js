// @ts-check
// A component never renders a hard-coded word. Every user-facing text goes
// through the i18n layer (renderer/src/i18n) so it exists in Spanish, Catalan and English.
// Reported: JSX text with a letter, and string or template literals with a letter given as a JSX
// child or to an attribute a person reads or hears (aria-label, title, placeholder, alt, label…).
// Punctuation, digits and symbols ("·", "×", "+1", "—") are allowed.

const LETTER = /\p{L}/u;
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'alt',
  'placeholder',
  'label',
  'text',
  'heading',
  'caption',
  'message',
]);

/** @param {import('estree').Node | null | undefined} node */
function literalWithLetters(node) {
  if (!node) return false;
  if (node.type === 'Literal') return typeof node.value === 'string' && LETTER.test(node.value);
  if (node.type === 'TemplateLiteral') return node.quasis.some((q) => LETTER.test(q.value.cooked ?? q.value.raw));
  if (node.type === 'ConditionalExpression') return literalWithLetters(node.consequent) || literalWithLetters(node.alternate);
  if (node.type === 'LogicalExpression') return literalWithLetters(node.right);
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Components render words through the i18n layer (t()), never as literals' },
    messages: {
      text: 'Hard-coded text "{{text}}": put it in renderer/src/i18n/locales (en, es, ca) and render t(…).',
      attribute: 'Hard-coded {{name}}: put it in renderer/src/i18n/locales (en, es, ca) and pass t(…).',
    },
    schema: [],
  },
  create(context) {
    return {
      /** @param {any} node */
      JSXText(node) {
        const text = String(node.value).trim();
        if (LETTER.test(text)) context.report({ node, messageId: 'text', data: { text: text.slice(0, 40) } });
      },
      /** @param {any} node */
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent?.type === 'JSXAttribute') {
          const name = parent.name.type === 'JSXIdentifier' ? parent.name.name : '';
          if (READ_ATTRIBUTES.has(name) && literalWithLetters(node.expression)) {
            context.report({ node, messageId: 'attribute', data: { name } });
          }
          return;
        }
        if ((parent?.type === 'JSXElement' || parent?.type === 'JSXFragment') && literalWithLetters(node.expression)) {
          context.report({ node, messageId: 'text', data: { text: context.sourceCode.getText(node.expression).slice(0, 40) } });
        }
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (READ_ATTRIBUTES.has(name) && node.value?.type === 'Literal' && literalWithLetters(node.value)) {
          context.report({ node, messageId: 'attribute', data: { name } });
        }
      },
    };
  },
};
