import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The Electron binary is not needed: only the registration functions touch these objects.
const registerSchemesAsPrivileged = vi.fn();
vi.mock('electron', () => ({ protocol: { registerSchemesAsPrivileged } }));

const { CONTENT_SECURITY_POLICY, contentTypeFor, createAppRequestHandler, registerAppProtocol, registerAppSchemePrivileges, resolveAppFile } =
  await import('./protocol');

let base: string;
let root: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'comanda-protocol-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Comanda</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(base, 'secret.txt'), 'TOP SECRET');
  if (process.platform !== 'win32') await symlink(join(base, 'secret.txt'), join(root, 'assets', 'leak.txt'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveAppFile', () => {
  it('maps app://comanda paths into the renderer folder', () => {
    expect(resolveAppFile(root, 'app://comanda/index.html')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://comanda/assets/app.js?v=1#x')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveAppFile(root, 'app://comanda/')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://comanda')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://comanda/photos/caf%C3%A9.png')).toBe(join(root, 'photos', 'café.png'));
  });

  it.each(['app://comanda/../../etc/passwd', 'app://comanda/%2e%2e/%2e%2e/etc/passwd', 'app://comanda/%2E%2E/%2E%2E/etc/passwd'])(
    'keeps dot segments of %s inside the renderer folder (the URL parser collapses them)',
    (url) => {
      expect(resolveAppFile(root, url)).toBe(join(root, 'etc', 'passwd'));
    },
  );

  it.each([
    'app://comanda/..%2f..%2fetc%2fpasswd',
    'app://comanda/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'app://comanda/assets/..%2f..%2fsecret.txt',
    'app://comanda/..%5c..%5csecret.txt',
    'app://comanda/assets%5capp.js',
    'app://comanda/index.html%00.png',
    'app://comanda/%E0%A4%A',
  ])('refuses %s (encoded separators, NUL, bad escapes)', (url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });

  it('refuses other hosts and schemes', () => {
    expect(resolveAppFile(root, 'app://evil/index.html')).toBeNull();
    expect(resolveAppFile(root, 'app://comanda:81/index.html')).toBeNull();
    expect(resolveAppFile(root, 'file:///index.html')).toBeNull();
    expect(resolveAppFile(root, 'https://comanda/index.html')).toBeNull();
    expect(resolveAppFile(root, 'not a url')).toBeNull();
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['a.png', 'image/png'],
    ['a.JPG', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.svg', 'image/svg+xml'],
    ['a.webp', 'image/webp'],
    ['a.json', 'application/json; charset=utf-8'],
    ['a.woff2', 'font/woff2'],
    ['a.exe', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
  ])('%s → %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('lets the renderer connect nowhere but itself', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|wss?:|\*/);
  });

  it('allows no inline or evaluated script, plugins, base or form targets, or framing', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('createAppRequestHandler', () => {
  const get = (url: string, method = 'GET') => createAppRequestHandler(root)(new Request(url, { method }));

  it('serves a file with its type, the CSP and nosniff', async () => {
    const response = await get('app://comanda/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Comanda</title>');
    const script = await get('app://comanda/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers HEAD without a body', async () => {
    const response = await get('app://comanda/index.html', 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it.each(['app://comanda/missing.js', 'app://comanda/assets', 'app://evil/index.html', 'app://comanda/..%2fsecret.txt', 'app://comanda/%2e%2e%2fsecret.txt'])(
    'answers %s with 404',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('TOP SECRET');
    },
  );

  it.skipIf(process.platform === 'win32')('does not follow a symbolic link out of the renderer folder', async () => {
    const response = await get('app://comanda/assets/leak.txt');
    expect(response.status).toBe(404);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get('app://comanda/index.html', 'POST')).status).toBe(405);
  });
});

describe('registration', () => {
  it('registers app as a standard, secure, fetch-capable scheme', () => {
    registerAppSchemePrivileges();
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });

  it('installs the handler on the given session for the app scheme', async () => {
    const handle = vi.fn();
    registerAppProtocol({ protocol: { handle } } as unknown as Parameters<typeof registerAppProtocol>[0], root);
    expect(handle).toHaveBeenCalledWith('app', expect.any(Function));
    const handler = handle.mock.calls[0]![1] as (request: Request) => Promise<Response>;
    expect((await handler(new Request('app://comanda/index.html'))).status).toBe(200);
  });
});
