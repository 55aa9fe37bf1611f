import { describe, expect, it } from 'vitest';
import { accountSettingsSchema, describeZodError } from './index';

const account = (baseUrl: string, imagesUrl = baseUrl) => ({ mode: 'account', environment: 'custom', baseUrl, imagesUrl, tenant: 'demo' });

describe('account addresses', () => {
  it.each([
    'https://pos.example.com',
    'http://127.0.0.1:8787',
    'http://127.8.9.10',
    'http://localhost:4780',
    'http://LOCALHOST',
    'http://[::1]:8787',
    'http://127.1:8787', // WHATWG URL reads it as 127.0.0.1
  ])('accepts %s', (url) => {
    expect(accountSettingsSchema.safeParse(account(url)).success).toBe(true);
  });

  it.each([
    ['http://pos.example.com', 'baseUrl'],
    ['http://192.168.1.20:8080', 'baseUrl'],
    ['http://[::2]', 'baseUrl'],
    ['http://localhost.example.com', 'baseUrl'],
    ['http://127.0.0.1.nip.io', 'baseUrl'],
  ])('refuses plain http to another machine: %s', (url, field) => {
    const parsed = accountSettingsSchema.safeParse(account(url, 'https://img.example.com'));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    // Field messages are error codes the renderer words next to the field.
    expect(describeZodError('saveSettings', parsed.error)).toBe(`saveSettings: ${field}: address-needs-https`);
  });

  it('names the image storage address when that is the plain-http one', () => {
    const parsed = accountSettingsSchema.safeParse(account('https://pos.example.com', 'http://img.example.com'));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(describeZodError('testConnection', parsed.error)).toBe('testConnection: imagesUrl: address-needs-https');
  });
});
