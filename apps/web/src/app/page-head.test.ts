import { describe, expect, it } from 'vitest';
import { renderPageHead, scriptSafeJson } from './page-head';

const hostile = '</script><script>alert(1)</script> "quoted" & <b>';

describe('the head of a server-rendered page', () => {
  it('escapes whatever an editor typed into titles, descriptions and preview tags', () => {
    const head = renderPageHead(
      { title: hostile, description: hostile, image: '/media/x.jpg' },
      'https://cutroom.in',
      '/portfolio/abc',
    );
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('<b>');
    expect(head).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;',
    );
    expect(head).toContain('<meta property="og:image" content="https://cutroom.in/media/x.jpg" />');
    expect(head).toContain('<link rel="canonical" href="https://cutroom.in/portfolio/abc" />');
  });

  it('keeps JSON-LD and the page data inside their script element', () => {
    const json = scriptSafeJson({ name: hostile, line: 'a\u2028b' });
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: hostile, line: 'a\u2028b' });
    const head = renderPageHead(
      { title: 'x', description: 'y', structuredData: { name: hostile } },
      'https://cutroom.in',
      '/',
    );
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });

  it('marks a missing page noindex and gives it no canonical address', () => {
    const head = renderPageHead(
      { title: 'Page not found', description: 'gone', noIndex: true },
      'https://c.in',
      '/x',
    );
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
  });
});
