import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Linkified, splitLinks } from './linkify';

describe('links in messages', () => {
  it('splits text and links, leaving sentence punctuation outside the link', () => {
    expect(splitLinks('See https://youtu.be/abc123. Thanks!')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://youtu.be/abc123', href: 'https://youtu.be/abc123' },
      { type: 'text', text: '. Thanks!' },
    ]);
  });

  it('makes www. links https and keeps balanced brackets', () => {
    expect(splitLinks('(www.example.com/Film_(2019))')).toEqual([
      { type: 'text', text: '(' },
      {
        type: 'link',
        text: 'www.example.com/Film_(2019)',
        href: 'https://www.example.com/Film_(2019)',
      },
      { type: 'text', text: ')' },
    ]);
  });

  it('never turns script or data URLs into links', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,hi')).toEqual([
      { type: 'text', text: 'javascript:alert(1) data:text/html,hi' },
    ]);
  });

  it('renders markup in a message as text, and links safely', () => {
    const { container } = render(
      <p>
        <Linkified text={'<img src=x onerror=alert(1)> look https://vimeo.com/1'} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const link = screen.getByRole('link', { name: 'https://vimeo.com/1' });
    expect(link.getAttribute('href')).toBe('https://vimeo.com/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
