import { describe, expect, it } from 'vitest';
import { NEXT_MAX_LENGTH, loginPageFor, safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/chat', '/chat'],
    ['/chat?roomId=r1', '/chat?roomId=r1'],
    ['/portfolio/5f1c2a', '/portfolio/5f1c2a'],
    ['/admin/dashboard/chat-rooms/r1', '/admin/dashboard/chat-rooms/r1'],
    ['/profile/orders?status=open#latest', '/profile/orders?status=open#latest'],
    ['/portfolio?q=video%20editor', '/portfolio?q=video%20editor'],
    ['/', '/'],
    // Normalised the way the browser would resolve it: still this site.
    ['/chat/../profile', '/profile'],
    ['/./chat', '/chat'],
    ['/portfolio/./5f1c2a', '/portfolio/5f1c2a'],
    ['/chat/%2e%2e/profile', '/profile'],
    ['/../chat', '/chat'],
  ])('keeps the site path %j', (raw, want) => {
    expect(safeNextPath(raw)).toBe(want);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/chat'],
    ['/\\evil.com'],
    ['/\\/evil.com'],
    ['\\\\evil.com'],
    ['/chat\\..\\..\\evil'],
    ['https://evil.com'],
    ['http://evil.com/chat'],
    ['HTTPS://evil.com'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['%2F%2Fevil.com'],
    ['/%2F%2Fevil.com'],
    ['/%2F/evil.com'],
    ['/%5Cevil.com'],
    ['/%5C%5Cevil.com'],
    ['%2Fchat'],
    ['/chat%0aSet-Cookie:x=1'],
    ['/chat%00'],
    ['/chat\n//evil.com'],
    ['/chat\r\n'],
    ['/chat\0'],
    ['/\t/evil.com'],
    ['/ /evil.com'],
    [' /chat'],
    ['/chat '],
    ['/chat%'],
    ['/%E0%A4%A'],
    ['chat'],
    ['./chat'],
    ['../chat'],
    ['?next=/chat'],
    ['#/chat'],
    [''],
    ['/login'],
    ['/admin-login?next=/chat'],
    ['/register'],
    ['/verify-otp?email=a@b.co'],
    // Issue 25, item 4: dot segments that resolve to '//host' once the path is normalised.
    ['/.//evil.com'],
    ['/..//evil.com'],
    ['/./.././/evil.com'],
    ['/chat/..//evil.com'],
    ['/chat/../..//evil.com'],
    ['/%2e//evil.com'],
    ['/%2E%2E//evil.com'],
    ['/.%2e//evil.com'],
    ['/.%2F/evil.com'],
    ['/%2e%2f/evil.com'],
    ['/%2e/%2fevil.com'],
    ['/.%5C/evil.com'],
    ['/./%5Cevil.com'],
    ['/.\\/evil.com'],
    ['/./\\evil.com'],
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    for (const raw of [null, undefined, 42, {}, ['/chat'], new URL('https://evil.com')]) {
      expect(safeNextPath(raw)).toBeNull();
    }
  });

  it('refuses a path longer than the limit, and keeps one at it', () => {
    const at = `/chat?x=${'a'.repeat(NEXT_MAX_LENGTH - '/chat?x='.length)}`;
    expect(at).toHaveLength(NEXT_MAX_LENGTH);
    expect(safeNextPath(at)).toBe(at);
    expect(safeNextPath(`${at}a`)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(100_000)}`)).toBeNull();
  });

  it('never returns a value that leaves the site', () => {
    const hostile = [
      '//evil.com',
      '/\\evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '%2F%2Fevil.com',
      '/.//evil.com',
      '/%2e//evil.com',
      '/.%2F/evil.com',
    ];
    for (const raw of hostile) {
      const out = safeNextPath(raw) ?? '/';
      expect(new URL(out, 'https://cutroom.example').origin).toBe('https://cutroom.example');
    }
  });

  it('returns only paths that start with exactly one slash, decoded or not', () => {
    const dots = ['', '.', '..', '%2e', '%2E', '.%2e', '%2e%2e', 'chat'];
    const seps = ['/', '//', '%2f', '%2F', '/%2f'];
    for (const a of dots) {
      for (const b of dots) {
        for (const sep of seps) {
          for (const raw of [`/${a}/${b}${sep}evil.com`, `/${a}${sep}${b}/evil.com`]) {
            const out = safeNextPath(raw);
            if (out === null) continue;
            expect(out, raw).toMatch(/^\/(?![/\\])/);
            const decoded = decodeURIComponent(out);
            expect(new URL(decoded, 'https://cutroom.example').pathname, raw).toMatch(/^\/(?![/\\])/);
          }
        }
      }
    }
  });
});

describe('loginPageFor', () => {
  it('sends creators-or-editors pages to /login, admin pages to /admin-login', () => {
    expect(loginPageFor(['creator', 'editor'])).toBe('/login');
    expect(loginPageFor(['creator'])).toBe('/login');
    expect(loginPageFor(['editor'])).toBe('/editor-login');
    expect(loginPageFor(['admin'])).toBe('/admin-login');
  });
});

describe('withNext', () => {
  it('adds a safe next, encoded, and drops an unsafe one', () => {
    expect(withNext('/login', '/chat?roomId=r1')).toBe('/login?next=%2Fchat%3FroomId%3Dr1');
    expect(withNext('/verify-otp?email=a%40b.co', '/chat')).toBe('/verify-otp?email=a%40b.co&next=%2Fchat');
    expect(withNext('/login', '//evil.com')).toBe('/login');
    expect(withNext('/login', null)).toBe('/login');
  });
});
