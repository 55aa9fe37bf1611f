// Reading untrusted JSON. JSON.parse alone lets through values the sandbox
// cannot hold safely: keys that rewrite an object's prototype when copied by assignment
// (`__proto__`, `constructor`, `prototype`), and nesting so deep that JSON.stringify,
// structuredClone and the state file overflow the stack later, on every list call. Both are
// refused here, before any route keeps a value.

/** Deepest nesting of arrays and objects accepted in a body (spec bodies need fewer than 10). */
export const MAX_JSON_DEPTH = 32;

/** Keys refused anywhere in a body: they reach an object's prototype when copied by assignment. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Where a problem is in the value, e.g. `order.contents[2]`. */
function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key), '') || 'the top level';
}

/**
 * The problem of a parsed JSON value (too deep, a forbidden key), or null. Walks with its own
 * stack, so a deep value cannot overflow the call stack here.
 */
export function jsonValueProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: Array<{ value: unknown; depth: number; path: (string | number)[] }> = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { value: node, depth, path } = stack.pop() as (typeof stack)[number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return `it nests arrays and objects deeper than ${maxDepth} levels (at ${pathText(path)})`;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push({ value: node[i], depth: depth + 1, path: [...path, i] });
      continue;
    }
    for (const key of Object.keys(node)) {
      if (FORBIDDEN_KEYS.has(key)) return `the key "${key}" is not allowed (at ${pathText(path)})`;
      stack.push({ value: (node as Record<string, unknown>)[key], depth: depth + 1, path: [...path, key] });
    }
  }
  return null;
}

/** JSON text → value, refusing malformed JSON, forbidden keys and deep nesting. `what` names the text. */
export function parseJson(text: string, what = 'The request body'): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `${what} is not valid JSON.` };
  }
  const problem = jsonValueProblem(value);
  return problem ? { ok: false, message: `${what} is refused: ${problem}.` } : { ok: true, value };
}
