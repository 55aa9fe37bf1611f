import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, rememberAccountSecrets, rememberSecret } from './redact';

describe('redactSecrets', () => {
  const token = 'unit tok/en+4b="x"';

  it('removes a remembered token in every form an echoed request can carry', () => {
    rememberAccountSecrets({ accessToken: token, integratorToken: 'unit-client-0042' });
    const flowUrl = `/apiFlow?${new URLSearchParams({ message: JSON.stringify({ auth: { tenant: 'demo', token } }) }).toString()}`;
    const echoed = [
      token,
      encodeURIComponent(token),
      encodeURIComponent(token).toLowerCase(), // %2f instead of %2F
      new URLSearchParams({ v: token }).toString().slice(2),
      JSON.stringify(token),
      flowUrl,
      JSON.stringify({ url: flowUrl, headers: { authorization: `Bearer ${token}`, 'client-token': 'unit-client-0042' } }),
    ];
    for (const text of echoed) {
      const clean = redactSecrets(text);
      expect(clean).toContain(REDACTED);
      expect(clean).not.toContain('unit tok');
      expect(clean).not.toContain('unit+tok');
      expect(clean).not.toContain('unit%20tok');
      expect(clean).not.toContain('unit-client-0042');
    }
    expect(redactSecrets(flowUrl)).toMatch(/^\/apiFlow\?message=.*demo.*\[redacted\]/);
  });

  it('leaves other text alone, and ignores values too short to be tokens', () => {
    rememberSecret('A');
    expect(redactSecrets('A table for two')).toBe('A table for two');
    expect(redactSecrets(undefined)).toBeUndefined();
  });
});
