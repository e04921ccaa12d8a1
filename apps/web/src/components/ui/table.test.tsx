import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Td } from './table';

const cell = (className?: string) =>
  render(
    <table>
      <tbody>
        <tr>
          <Td className={className}>x</Td>
        </tr>
      </tbody>
    </table>,
  ).container.querySelector('td')!.className;

describe('Td', () => {
  it('keeps to one line by default', () => {
    expect(cell()).toContain('whitespace-nowrap');
  });

  it("lets the caller's own whitespace class replace the default, so long cells can wrap", () => {
    const classes = cell('px-3 whitespace-normal wrap-anywhere').split(/\s+/);
    expect(classes).toContain('whitespace-normal');
    expect(classes).not.toContain('whitespace-nowrap');
    expect(cell('font-medium')).toContain('whitespace-nowrap');
  });
});
