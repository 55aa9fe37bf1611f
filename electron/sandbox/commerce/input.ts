// Input helpers of the non-catalog v2 routes: path ids, JSON bodies, exact-cent decimals and the
// wording of validation failures (HTTP 422, the only failure status the spec names for v2: §7).
import type { Context } from 'hono';
import type { z } from 'zod';
import { parseJson } from '../json';

/** A path id: a positive decimal integer, else null (the route answers 404). */
export function pathId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The request's JSON body. An empty or malformed body, a prototype key or too deep a nesting is a
 * validation failure (422).
 */
export async function readJson(c: Context): Promise<BodyResult> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: false, message: 'The request body is empty: a JSON body is required.' };
  return parseJson(text);
}

/** How many entries the array under `key` of a body object holds (0 when there is none). */
export function entriesUnder(value: unknown, key: string): number {
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return 0;
  const list = (value as Record<string, unknown>)[key];
  return Array.isArray(list) ? list.length : 0;
}

/**
 * A decimal amount in whole cents: a JSON number or a decimal string ("12", "12.5", "12.50"),
 * finite, at most 2 decimals. Null when it is none of those. Sign is left to the caller.
 */
export function toCents(value: unknown): number | null {
  if (typeof value === 'string') {
    const match = /^\s*(-?)(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(value);
    if (!match) return null;
    const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
    return match[1] === '-' ? -cents : cents;
  }
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e13) {
    const cents = Math.round(value * 100);
    return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
  }
  return null;
}

/** Cents back to the decimal number the wire carries (e.g. 1250 → 12.5). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** The first problem zod found, worded for an error body: "customers[0].name: …". */
export function describeIssue(error: z.ZodError, root: string): string {
  const issue = error.issues[0];
  if (!issue) return `${root}: invalid`;
  let where = root;
  for (const key of issue.path) where += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return `${where}: ${issue.message}`;
}
