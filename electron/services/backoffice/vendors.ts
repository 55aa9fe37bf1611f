import {
  vendorTextFields,
  type SaveVendorResult,
  type Vendor,
  type VendorField,
  type VendorFieldProblem,
  type VendorFields,
  type VendorItem,
  type VendorItemWrite,
} from '../../../shared/bridge';
import type { VendorCreateRequest, VendorItemRequest, VendorItemWire, VendorUpdateRequest, VendorWire } from '../../../shared/api/v2';
import { explainedGatewayCall } from '../bridge/gatewayFailures';
import type { GatewayError } from '../gateway';
import { audited, auditedWrite } from './audited';
import type { BackofficeDeps, BackofficeHandlers } from './types';

// Manager mode's vendors (spec: hospitality 2.8, 4.6) through the venue's gateway,
// online only and at `interactive` priority (a manager waits). Every write goes through `audited`.
//
// A vendor save refused by the POS (kind `invalid`: its 422, or the gateway's own check) is an
// ANSWER, not an error: `{ outcome: 'refused', fields }` with a problem per field, so the form shows
// it under the field — a duplicate NIF on `nif`. The fields come from the error body when it names
// them (`data: { nif: [...] }`); the sandbox's body names none (`data: []`, its sentence says
// `The nif "B1" has already been taken.`), so a field named as a whole word in the POS's sentence
// (quoted values left out) is taken as the one refused.

const interactive = { priority: 'interactive' } as const;

const blankToNull = (value: string | null | undefined): string | null => (value === null || value === undefined || value.trim() === '' ? null : value);

export function vendorOf(wire: VendorWire): Vendor {
  return {
    id: wire.id,
    name: wire.name,
    address: wire.address,
    nif: wire.nif,
    postalCode: blankToNull(wire.postalCode),
    city: blankToNull(wire.city),
    state: blankToNull(wire.state),
    country: blankToNull(wire.country),
    phone: blankToNull(wire.phone),
    email: blankToNull(wire.email),
    web: blankToNull(wire.web),
    notes: blankToNull(wire.notes),
    shouldBeNotified: wire.shouldBeNotified,
  };
}

/** spec 2.8 `costPrice` is a decimal; the bridge carries cents (half up, as the POS's 2-decimal prices). */
export function vendorItemOf(wire: VendorItemWire): VendorItem {
  return { itemId: wire.item_id, costCents: Math.round(wire.costPrice * 100), pack: wire.pack, reference: blankToNull(wire.reference) };
}

/** Cents as spec 2.8's "string decimal": 1250 → "12.50" (integer arithmetic, no float). */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function vendorItemRequestOf(item: VendorItemWrite): VendorItemRequest {
  return {
    item_id: item.itemId,
    costPrice: centsToDecimalString(item.costCents),
    pack: item.pack,
    ...(item.reference !== undefined && item.reference !== null && item.reference !== '' ? { reference: item.reference } : {}),
  };
}

/** POST V2/vendors: the required fields and the optional ones that hold something. */
export function createRequestOf(fields: Partial<VendorFields>): VendorCreateRequest {
  const body: Record<string, unknown> = {};
  for (const field of vendorTextFields) {
    const value = fields[field];
    if (typeof value === 'string' && value.trim() !== '') body[field] = value.trim();
  }
  if (fields.shouldBeNotified !== undefined) body.shouldBeNotified = fields.shouldBeNotified;
  return body as VendorCreateRequest;
}

/** PUT V2/vendors/{id}: the fields given (an emptied optional one as null). */
export function updateRequestOf(fields: Partial<VendorFields>): VendorUpdateRequest {
  const body: Record<string, unknown> = {};
  for (const field of vendorTextFields) {
    const value = fields[field];
    if (value === undefined) continue;
    body[field] = value === null || value.trim() === '' ? null : value.trim();
  }
  if (fields.shouldBeNotified !== undefined) body.shouldBeNotified = fields.shouldBeNotified;
  return body as VendorUpdateRequest;
}

const FIELD_KEYS: readonly VendorField[] = [...vendorTextFields, 'shouldBeNotified'];

/** The vendor field a path names (`nif`, `vendor.nif`, `data.0.postalCode`), or null. */
function fieldOfPath(path: string): VendorField | null {
  const last =
    path
      .split(/[.[\]]+/)
      .filter(Boolean)
      .at(-1) ?? '';
  return FIELD_KEYS.find((field) => field.toLowerCase() === last.toLowerCase()) ?? null;
}

/** What the words say went wrong: taken (unique), required, or something else. */
function problemOfWords(words: string | undefined): VendorFieldProblem['problem'] {
  if (words === undefined) return 'refused';
  if (/\b(taken|already|exists?|unique|duplicated?|in use)\b/i.test(words)) return 'taken';
  if (/\b(required|blank|empty|missing)\b/i.test(words)) return 'required';
  return 'refused';
}

/** The fields a sentence names as whole words, quoted values left out ("postal code" for postalCode). */
export function fieldsNamedIn(sentence: string): VendorField[] {
  const unquoted = sentence.replace(/"[^"]*"|'[^']*'|“[^”]*”|«[^»]*»/g, ' ');
  return FIELD_KEYS.filter((field) => {
    const spaced = field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
    const names = spaced === field ? [field] : [field, spaced];
    return names.some((name) => new RegExp(`(^|[^\\p{L}\\p{N}_])${name.replace(' ', '[ _-]?')}($|[^\\p{L}\\p{N}_])`, 'iu').test(unquoted));
  });
}

/** A POS refusal of a vendor save (kind `invalid`) as the form shows it: a problem per field. */
export function vendorRefusal(error: GatewayError): Extract<SaveVendorResult, { outcome: 'refused' }> {
  const said = typeof error.text.params?.said === 'string' && error.text.params.said !== '' ? error.text.params.said.slice(0, 2_000) : undefined;
  const fields: Partial<Record<VendorField, VendorFieldProblem>> = {};
  for (const [path, words] of Object.entries(error.fieldMessages)) {
    const field = fieldOfPath(path);
    if (field !== null && fields[field] === undefined) fields[field] = { problem: problemOfWords(words), said: words.slice(0, 500) };
  }
  for (const path of error.fields) {
    const field = fieldOfPath(path);
    if (field !== null && fields[field] === undefined) fields[field] = { problem: problemOfWords(said), ...(said ? { said: said.slice(0, 500) } : {}) };
  }
  if (Object.keys(fields).length === 0 && said !== undefined) {
    for (const field of fieldsNamedIn(said)) fields[field] = { problem: problemOfWords(said), said: said.slice(0, 500) };
  }
  return {
    outcome: 'refused',
    ...(error.status !== undefined && error.status >= 400 && error.status < 500 ? { status: error.status } : {}),
    ...(said !== undefined ? { said } : {}),
    fields,
  };
}

export function vendorHandlers(
  deps: BackofficeDeps,
): Pick<BackofficeHandlers, 'listVendors' | 'saveVendor' | 'deleteVendor' | 'listVendorItems' | 'saveVendorItems' | 'removeVendorItems'> {
  const { gateway } = deps;

  /** The vendor's items after a write; null when they cannot be read back (the write stands). */
  const itemsAfterWrite = async (vendorId: number): Promise<VendorItem[] | null> => {
    try {
      return (await gateway.listVendorItems(vendorId, interactive)).map(vendorItemOf);
    } catch (error) {
      deps.log?.(`vendors: the items of vendor ${vendorId} could not be read back after a write: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };

  return {
    listVendors: async () => ({ vendors: (await explainedGatewayCall(() => gateway.listVendors(interactive))).map(vendorOf) }),

    async saveVendor({ id, vendor }) {
      const creating = id === undefined;
      const body = creating ? createRequestOf(vendor) : updateRequestOf(vendor);
      const result = await auditedWrite(deps.audit, {
        action: creating ? 'vendor-create' : 'vendor-update',
        target: creating ? `vendor NIF ${String(body.nif ?? '')}`.trim() : `vendor ${id}`,
        change: creating ? body : { id, ...body },
        send: () => (creating ? gateway.createVendor(body as VendorCreateRequest, interactive) : gateway.updateVendor(id, body, interactive)),
      });
      if (!result.ok) {
        if (result.failure?.kind === 'invalid') return vendorRefusal(result.failure);
        throw result.error;
      }
      if (result.answer !== null) return { outcome: 'saved', vendor: vendorOf(result.answer) };
      // The answer is not shown by the spec: read the vendor (an update) or find it by its NIF (a create).
      try {
        if (!creating) return { outcome: 'saved', vendor: vendorOf(await gateway.getVendor(id, interactive)) };
        const nif = String(body.nif ?? '')
          .trim()
          .toUpperCase();
        const found = (await gateway.listVendors(interactive)).find((v) => v.nif.trim().toUpperCase() === nif);
        return { outcome: 'saved', vendor: found ? vendorOf(found) : null };
      } catch {
        return { outcome: 'saved', vendor: null };
      }
    },

    async deleteVendor({ id }) {
      await audited(deps.audit, { action: 'vendor-delete', target: `vendor ${id}`, change: { id }, send: () => gateway.deleteVendor(id, interactive) });
      return { deleted: true };
    },

    listVendorItems: async ({ vendorId }) => ({ items: (await explainedGatewayCall(() => gateway.listVendorItems(vendorId, interactive))).map(vendorItemOf) }),

    async saveVendorItems({ vendorId, items }) {
      const body = items.map(vendorItemRequestOf);
      await audited(deps.audit, {
        action: 'vendor-items-save',
        target: `vendor ${vendorId}: items ${items.map((i) => i.itemId).join(', ')}`,
        change: { vendorId, items: body },
        send: () => gateway.saveVendorItems(vendorId, body, interactive),
      });
      return { items: await itemsAfterWrite(vendorId) };
    },

    async removeVendorItems({ vendorId, itemIds }) {
      await audited(deps.audit, {
        action: 'vendor-items-remove',
        target: `vendor ${vendorId}: items ${itemIds.join(', ')}`,
        change: { vendorId, items: itemIds },
        send: () => gateway.removeVendorItems(vendorId, itemIds, interactive),
      });
      return { items: await itemsAfterWrite(vendorId) };
    },
  };
}
