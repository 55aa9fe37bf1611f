// @ts-check
// A zustand selector answers the same value while the state it reads is the same. zustand
// (through React's useSyncExternalStore) compares a selector's answer with Object.is: a selector
// that builds a new array, object, Map or function on every call makes every render look like a
// change, and React re-renders until it stops with "Maximum update depth exceeded" — a blank
// screen for the waiter (docs/decisions.md, "Selectors answer stable values").
//
// Checked: functions given to a store hook (`useOrderStore(fn)`, `useStore(store, fn)`,
// `useSyncExternalStore(subscribe, getSnapshot)`, and the hooks named in the `hooks` option), and
// the functions of an object named `…Selectors` (a factory there — a function answering a
// function — has its inner function checked). Reported when one of them can answer a fresh value:
// an array or object literal, `new …`, a function, `.filter/.map/.slice/…` or `Object.keys/…`
// results, `x ?? []`, either branch of `?:`, or a local variable holding one of those.
// Not checked: a selector wrapped in `useShallow(…)` (it compares element by element), and what a
// called function answers (memoise those; a module-level constant answers the empty case).

const STORE_HOOK = /^use[A-Z]?\w*Store$/;
/** Array and string methods that answer a new array (or iterator) every call. */
const FRESH_METHODS = new Set([
  'filter',
  'map',
  'flatMap',
  'flat',
  'slice',
  'concat',
  'toSorted',
  'toReversed',
  'toSpliced',
  'with',
  'split',
  'entries',
  'keys',
  'values',
  'matchAll',
]);
/** `Object.keys(x)`, `Array.from(x)`…: a new value every call. */
const FRESH_STATICS = {
  Object: new Set(['keys', 'values', 'entries', 'fromEntries', 'assign', 'groupBy', 'create']),
  Array: new Set(['from', 'of']),
  Map: new Set(['groupBy']),
  JSON: new Set(['parse']),
};
const FRESH_CALLS = new Set(['structuredClone']);

/** @param {any} node */
function unwrap(node) {
  let current = node;
  while (
    current &&
    (current.type === 'TSAsExpression' ||
      current.type === 'TSSatisfiesExpression' ||
      current.type === 'TSNonNullExpression' ||
      current.type === 'ChainExpression' ||
      current.type === 'TSTypeAssertion')
  ) {
    current = current.expression;
  }
  return current;
}

/** @param {any} node */
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression' || node?.type === 'FunctionDeclaration';

/**
 * What makes `node` a fresh value on every evaluation, or null when it is not (as far as the
 * expression shows). `locals` resolves an identifier declared inside the selector.
 * @param {any} node
 * @param {(name: any) => any} locals
 * @param {number} depth
 * @returns {string | null}
 */
function freshness(node, locals, depth = 0) {
  const expr = unwrap(node);
  if (!expr || depth > 8) return null;
  switch (expr.type) {
    case 'ArrayExpression':
      return 'an array literal';
    case 'ObjectExpression':
      return 'an object literal';
    case 'NewExpression':
      return `new ${expr.callee.type === 'Identifier' ? expr.callee.name : '…'}`;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return 'a new function';
    case 'ConditionalExpression':
      return freshness(expr.consequent, locals, depth + 1) ?? freshness(expr.alternate, locals, depth + 1);
    case 'LogicalExpression':
      return freshness(expr.left, locals, depth + 1) ?? freshness(expr.right, locals, depth + 1);
    case 'SequenceExpression':
      return freshness(expr.expressions[expr.expressions.length - 1], locals, depth + 1);
    case 'AssignmentExpression':
      return freshness(expr.right, locals, depth + 1);
    case 'Identifier': {
      const init = locals(expr);
      return init ? freshness(init, locals, depth + 1) : null;
    }
    case 'CallExpression': {
      const callee = unwrap(expr.callee);
      if (callee.type === 'Identifier' && FRESH_CALLS.has(callee.name)) return `${callee.name}(…)`;
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        const method = callee.property.name;
        const object = unwrap(callee.object);
        if (object.type === 'Identifier' && Object.hasOwn(FRESH_STATICS, object.name)) {
          const statics = FRESH_STATICS[/** @type {keyof typeof FRESH_STATICS} */ (object.name)];
          return statics.has(method) ? `${object.name}.${method}(…)` : null;
        }
        if (FRESH_METHODS.has(method)) return `.${method}(…)`;
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * Every expression `fn` can answer: its expression body, or each `return` of its block body (not
 * those of functions nested in it).
 * @param {any} fn
 * @returns {any[]}
 */
function answers(fn) {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  /** @type {any[]} */
  const found = [];
  /** @param {any} node */
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (isFunction(node) || node.type === 'ClassBody') return;
    if (node.type === 'ReturnStatement') {
      if (node.argument) found.push(node.argument);
      return;
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const value = node[key];
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && typeof value.type === 'string') visit(value);
    }
  };
  fn.body.body.forEach(visit);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const stableSelector = {
  meta: {
    type: 'problem',
    docs: { description: 'A zustand selector answers the same value for the same state (never a fresh array, object or function)' },
    messages: {
      fresh:
        'This selector can answer {{what}}, a new value on every call: React re-renders until "Maximum update depth exceeded". Answer a value kept in the state, a module-level constant for the empty case, a memoised result, or wrap the selector in useShallow(…).',
    },
    schema: [
      {
        type: 'object',
        properties: { hooks: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const extraHooks = new Set(/** @type {{ hooks?: string[] }} */ (context.options[0] ?? {}).hooks ?? []);
    const sourceCode = context.sourceCode;

    /** @param {any} fn */
    const check = (fn) => {
      /** @param {any} identifier */
      const locals = (identifier) => {
        let scope = sourceCode.getScope(identifier);
        while (scope) {
          const variable = scope.set.get(identifier.name);
          if (variable) {
            const def = variable.defs[0];
            // Only variables made inside the selector are new per call; a module constant is stable.
            const inside = def && def.node.range[0] >= fn.range[0] && def.node.range[1] <= fn.range[1];
            return inside && def.type === 'Variable' && def.parent?.kind === 'const' ? def.node.init : null;
          }
          if (scope.block === fn) return null;
          scope = scope.upper;
        }
        return null;
      };
      for (const answer of answers(fn)) {
        const what = freshness(answer, locals);
        if (what) context.report({ node: answer, messageId: 'fresh', data: { what } });
      }
    };

    /** A selector factory (a function answering a function): check the selector it makes. @param {any} fn */
    const checkSelectorProperty = (fn) => {
      const made = answers(fn).map(unwrap);
      if (made.length > 0 && made.every(isFunction)) made.forEach(checkSelectorProperty);
      else check(fn);
    };

    return {
      /** @param {any} node */
      CallExpression(node) {
        const callee = unwrap(node.callee);
        const name =
          callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property.name : '';
        if (!STORE_HOOK.test(name) && !extraHooks.has(name)) return;
        for (const argument of node.arguments) {
          if (isFunction(argument)) check(argument);
        }
      },
      /** @param {any} node */
      VariableDeclarator(node) {
        if (node.id.type !== 'Identifier' || !/Selectors$/.test(node.id.name)) return;
        const object = unwrap(node.init);
        if (object?.type !== 'ObjectExpression') return;
        for (const property of object.properties) {
          if (property.type !== 'Property') continue;
          const value = unwrap(property.value);
          if (isFunction(value)) checkSelectorProperty(value);
        }
      },
    };
  },
};
