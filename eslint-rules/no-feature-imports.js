// @ts-check
// Features are leaves (docs/decisions.md, "Renderer layers"): a file in
// renderer/src/features/<name>/ imports ui/, i18n/, data/, bridge/, session/, shared/ and its own
// folder, never another feature. Whatever two features need moves down a layer; a screen that shows
// another feature's part takes it as a child or slot, composed in renderer/src/app/.
import path from 'node:path';

const FEATURES = `${path.sep}renderer${path.sep}src${path.sep}features${path.sep}`;

/** The feature folder a path lies in, or null. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports no other feature (docs/decisions.md, "Renderer layers").' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: features are leaves. Move what both need to ui/, i18n/, data/ or session/, or pass the part in from app/ as a child (docs/decisions.md, "Renderer layers").',
    },
  },
  create(context) {
    const file = path.resolve(context.cwd, context.filename);
    const from = featureOf(file);
    if (from === null) return {};
    /** @param {any} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source) + path.sep);
      if (to !== null && to !== '' && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
