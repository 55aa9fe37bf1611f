import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../shared/bridge';
import type { VendorCreateRequest, VendorItemRequest, VendorItemWire, VendorUpdateRequest, VendorWire } from '../../../shared/api/v2';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError, httpStatusError, type Gateway } from '../gateway';
import { coded } from '../../../shared/bridge';
import type { AuditInput, AuditLog } from './auditLog';
import type { BackofficeDeps } from './handlers';
import { centsToDecimalString, fieldsNamedIn, vendorHandlers, vendorRefusal } from './vendors';

// The vendor handlers against a fake gateway that keeps vendors like the sandbox does (unique NIF,
// ignoring case and spaces; a 422 body that names no field), and an in-memory audit log.

function memoryAudit(): AuditLog & { records: AuditRecord[] } {
  const records: AuditRecord[] = [];
  return {
    records,
    record(input: AuditInput) {
      const record: AuditRecord = {
        id: records.length + 1,
        at: '2026-11-27T12:00:00.000Z',
        terminal: 'test',
        action: input.action,
        target: input.target,
        change: JSON.stringify(input.change),
        answer: input.answer,
      };
      records.push(record);
      return record;
    },
    list: ({ limit = 200, beforeId } = {}) =>
      records
        .filter((r) => beforeId === undefined || r.id < beforeId)
        .reverse()
        .slice(0, limit),
    close() {},
  };
}

const refused = (endpoint: string, body: unknown, status = 422) => httpStatusError({ endpoint, isWrite: true, status, body });

function fakeGateway(options: { answerWrites?: boolean; offline?: boolean } = {}) {
  const answer = options.answerWrites ?? true;
  const vendors: VendorWire[] = [
    {
      id: 1,
      name: 'Distribuciones Sol',
      address: 'Calle Mayor 1',
      nif: 'B11111111',
      city: 'Madrid',
      state: null,
      country: null,
      postalCode: null,
      web: null,
      email: null,
      phone: null,
      notes: null,
      shouldBeNotified: false,
    },
  ];
  const items: VendorItemWire[] = [{ id: 1, vendor_id: 1, item_id: 10, costPrice: 12.5, pack: 6, reference: null, unit_id: null, tax_id: null }];
  const calls: string[] = [];
  const sameNif = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
  const offline = () => new GatewayError({ kind: 'offline', endpoint: 'vendors', text: coded('offline') });
  const gateway = {
    async listVendors() {
      calls.push('GET vendors');
      if (options.offline) throw offline();
      return vendors.map((v) => ({ ...v }));
    },
    async getVendor(id: number) {
      calls.push(`GET vendors/${id}`);
      return { ...vendors.find((v) => v.id === id)! };
    },
    async createVendor(body: VendorCreateRequest) {
      calls.push('POST vendors');
      if (options.offline) throw offline();
      if (vendors.some((v) => sameNif(v.nif, body.nif)))
        throw refused('vendors', { error: `The nif "${body.nif}" has already been taken.`, code: 422, data: [] });
      const vendor: VendorWire = {
        id: vendors.length + 1,
        city: null,
        state: null,
        country: null,
        postalCode: null,
        web: null,
        email: null,
        phone: null,
        notes: null,
        ...body,
        shouldBeNotified: body.shouldBeNotified === true,
      };
      vendors.push(vendor);
      return answer ? { ...vendor } : null;
    },
    async updateVendor(id: number, body: VendorUpdateRequest) {
      calls.push(`PUT vendors/${id}`);
      if (body.nif !== undefined && vendors.some((v) => v.id !== id && sameNif(v.nif, body.nif!))) {
        throw refused('vendors/{id}', { error: `The nif "${body.nif}" has already been taken.`, code: 422, data: [] });
      }
      const vendor = vendors.find((v) => v.id === id)!;
      Object.assign(vendor, body);
      return answer ? { ...vendor } : null;
    },
    async deleteVendor(id: number) {
      calls.push(`DELETE vendors/${id}`);
      if (!vendors.some((v) => v.id === id)) throw refused('vendors/{id}', { error: `No vendor with id ${id}.`, code: 404, data: [] }, 404);
      vendors.splice(
        vendors.findIndex((v) => v.id === id),
        1,
      );
    },
    async listVendorItems(vendorId: number) {
      calls.push(`GET vendors/${vendorId}/items`);
      return items.filter((i) => i.vendor_id === vendorId).map((i) => ({ ...i }));
    },
    async saveVendorItems(vendorId: number, body: VendorItemRequest[]) {
      calls.push(`POST vendors/${vendorId}/items ${JSON.stringify(body)}`);
      for (const write of body) {
        const existing = items.find((i) => i.vendor_id === vendorId && i.item_id === write.item_id);
        if (existing) Object.assign(existing, { costPrice: Number(write.costPrice), pack: write.pack });
        else
          items.push({
            id: items.length + 1,
            vendor_id: vendorId,
            item_id: write.item_id,
            costPrice: Number(write.costPrice),
            pack: write.pack,
            reference: null,
            unit_id: null,
            tax_id: null,
          });
      }
      return null;
    },
    async removeVendorItems(vendorId: number, itemIds: number[]) {
      calls.push(`DELETE vendors/${vendorId}/items ${itemIds.join(',')}`);
      const missing = itemIds.filter((id) => !items.some((i) => i.vendor_id === vendorId && i.item_id === id));
      if (missing.length > 0)
        throw refused('vendors/{id}/items', { error: `Not items of vendor ${vendorId}: ${missing.join(', ')}. Nothing was removed.`, code: 422, data: [] });
      for (const id of itemIds)
        items.splice(
          items.findIndex((i) => i.vendor_id === vendorId && i.item_id === id),
          1,
        );
    },
  };
  return { gateway: gateway as unknown as Gateway, vendors, items, calls };
}

function setup(options: Parameters<typeof fakeGateway>[0] = {}) {
  const fake = fakeGateway(options);
  const audit = memoryAudit();
  const deps = {
    gateway: fake.gateway,
    audit,
    dataDir: '/nonexistent',
    accountKey: 'demo',
    queue: {} as BackofficeDeps['queue'],
    emit: () => {},
  } satisfies BackofficeDeps;
  return { ...fake, audit, handlers: vendorHandlers(deps) };
}

const newVendor = { name: 'Bodegas Norte', address: 'Polígono 3', nif: 'B22222222', city: 'Bilbao', shouldBeNotified: true };

describe('vendor handlers', () => {
  it('lists vendors with empty optional fields as null', async () => {
    const { handlers } = setup();
    const { vendors } = await handlers.listVendors({});
    expect(vendors).toEqual([
      expect.objectContaining({ id: 1, name: 'Distribuciones Sol', nif: 'B11111111', city: 'Madrid', phone: null, shouldBeNotified: false }),
    ]);
  });

  it('creates a vendor, sending only filled fields, and records it in the audit log', async () => {
    const { handlers, calls, audit } = setup();
    const result = await handlers.saveVendor({ vendor: { ...newVendor, phone: null } });
    expect(result).toEqual({ outcome: 'saved', vendor: expect.objectContaining({ id: 2, name: 'Bodegas Norte', city: 'Bilbao', shouldBeNotified: true }) });
    expect(calls).toEqual(['POST vendors']);
    expect(audit.records).toHaveLength(1);
    expect(audit.records[0]).toMatchObject({ action: 'vendor-create', target: 'vendor NIF B22222222', answer: { outcome: 'accepted' } });
    expect(JSON.parse(audit.records[0]!.change)).toEqual({
      name: 'Bodegas Norte',
      address: 'Polígono 3',
      nif: 'B22222222',
      city: 'Bilbao',
      shouldBeNotified: true,
    });
  });

  it('answers a duplicate NIF as refused ON the nif field, creates nothing, and records the refusal', async () => {
    const { handlers, vendors, audit } = setup();
    const result = await handlers.saveVendor({ vendor: { ...newVendor, nif: ' b11111111 ' } });
    expect(result).toMatchObject({ outcome: 'refused', status: 422, fields: { nif: { problem: 'taken' } } });
    expect(Object.keys(result.outcome === 'refused' ? result.fields : {})).toEqual(['nif']);
    expect(vendors).toHaveLength(1);
    expect(audit.records[0]).toMatchObject({ action: 'vendor-create', answer: { outcome: 'refused', status: 422 } });
  });

  it('finds the created vendor by its NIF when the answer carries none', async () => {
    const { handlers, calls } = setup({ answerWrites: false });
    const result = await handlers.saveVendor({ vendor: newVendor });
    expect(result).toMatchObject({ outcome: 'saved', vendor: { id: 2, nif: 'B22222222' } });
    expect(calls).toEqual(['POST vendors', 'GET vendors']);
  });

  it('updates with PUT carrying only the fields given (an emptied one as null)', async () => {
    const { handlers, calls, audit } = setup();
    const result = await handlers.saveVendor({ id: 1, vendor: { city: null, phone: '600 000 000' } });
    expect(result).toMatchObject({ outcome: 'saved', vendor: { id: 1, city: null, phone: '600 000 000' } });
    expect(calls).toEqual(['PUT vendors/1']);
    expect(audit.records[0]).toMatchObject({ action: 'vendor-update', target: 'vendor 1' });
    expect(JSON.parse(audit.records[0]!.change)).toEqual({ id: 1, city: null, phone: '600 000 000' });
  });

  it('refuses an update to a NIF another vendor has, on the nif field', async () => {
    const { handlers, vendors } = setup();
    await handlers.saveVendor({ vendor: newVendor });
    const result = await handlers.saveVendor({ id: 2, vendor: { nif: 'B11111111' } });
    expect(result).toMatchObject({ outcome: 'refused', fields: { nif: { problem: 'taken' } } });
    expect(vendors[1]!.nif).toBe('B22222222');
  });

  it('throws other failures as coded errors (offline), after recording them', async () => {
    const { handlers, audit } = setup({ offline: true });
    const error = await handlers.saveVendor({ vendor: newVendor }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).info.code).toBe('offline');
    expect(audit.records[0]).toMatchObject({ answer: { outcome: 'failed', code: 'offline' } });
    const read = await handlers.listVendors({}).catch((e: unknown) => e);
    expect((read as ServiceError).info.code).toBe('offline');
  });

  it('deletes a vendor (audited) and says a vanished one is not found', async () => {
    const { handlers, vendors, audit } = setup();
    await expect(handlers.deleteVendor({ id: 1 })).resolves.toEqual({ deleted: true });
    expect(vendors).toHaveLength(0);
    const error = await handlers.deleteVendor({ id: 1 }).catch((e: unknown) => e);
    expect((error as ServiceError).info.kind).toBe('not-found');
    expect(audit.records.map((r) => [r.action, r.answer.outcome])).toEqual([
      ['vendor-delete', 'accepted'],
      ['vendor-delete', 'refused'],
    ]);
  });

  it('lists items in cents, saves them as decimal strings, and answers the list read back', async () => {
    const { handlers, calls, audit } = setup();
    expect((await handlers.listVendorItems({ vendorId: 1 })).items).toEqual([{ itemId: 10, costCents: 1250, pack: 6, reference: null }]);
    const saved = await handlers.saveVendorItems({
      vendorId: 1,
      items: [
        { itemId: 10, costCents: 1399, pack: 12 },
        { itemId: 11, costCents: 5, pack: 0.5 },
      ],
    });
    expect(saved.items).toEqual([
      { itemId: 10, costCents: 1399, pack: 12, reference: null },
      { itemId: 11, costCents: 5, pack: 0.5, reference: null },
    ]);
    expect(calls).toContain('POST vendors/1/items [{"item_id":10,"costPrice":"13.99","pack":12},{"item_id":11,"costPrice":"0.05","pack":0.5}]');
    expect(audit.records.at(-1)).toMatchObject({ action: 'vendor-items-save', target: 'vendor 1: items 10, 11', answer: { outcome: 'accepted' } });

    const removed = await handlers.removeVendorItems({ vendorId: 1, itemIds: [10] });
    expect(removed.items).toEqual([{ itemId: 11, costCents: 5, pack: 0.5, reference: null }]);
    expect(audit.records.at(-1)).toMatchObject({ action: 'vendor-items-remove', target: 'vendor 1: items 10' });
  });

  it('throws a refused item removal (nothing removed) as a coded error', async () => {
    const { handlers, items } = setup();
    const error = await handlers.removeVendorItems({ vendorId: 1, itemIds: [99] }).catch((e: unknown) => e);
    expect((error as ServiceError).info).toMatchObject({ kind: 'invalid', code: 'server-rejected' });
    expect(items).toHaveLength(1);
  });
});

describe('a refusal, field by field', () => {
  it('takes the fields a body names, with their words', () => {
    const error = refused('vendors', {
      error: 'The given data was invalid.',
      code: 422,
      data: { nif: ['The nif has already been taken.'], address: ['The address field is required.'] },
    });
    expect(vendorRefusal(error).fields).toEqual({
      nif: { problem: 'taken', said: 'The nif has already been taken.' },
      address: { problem: 'required', said: 'The address field is required.' },
    });
  });

  it('finds a field named in the sentence, not in a quoted value', () => {
    expect(fieldsNamedIn('The nif "name-address" has already been taken.')).toEqual(['nif']);
    expect(fieldsNamedIn('The postal code is too long.')).toEqual(['postalCode']);
    expect(fieldsNamedIn('Something went wrong.')).toEqual([]);
  });

  it('keeps a refusal naming no field for the whole form', () => {
    const result = vendorRefusal(refused('vendors', { error: 'Vendors are read-only today.', code: 422, data: [] }));
    expect(result).toEqual({ outcome: 'refused', status: 422, said: 'Vendors are read-only today.', fields: {} });
  });
});

describe('cents as the POS writes them', () => {
  it('is exact', () => {
    expect([0, 5, 99, 100, 1250, 123456789].map(centsToDecimalString)).toEqual(['0.00', '0.05', '0.99', '1.00', '12.50', '1234567.89']);
  });
});
