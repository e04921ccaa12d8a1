import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, Td, Th } from './table';

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

const table = (className?: string) =>
  render(
    <Table className={className}>
      <tbody />
    </Table>,
  )
    .container.querySelector('table')!
    .className.split(/\s+/);

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

const header = (className?: string) =>
  render(
    <table>
      <thead>
        <tr>
          <Th className={className}>x</Th>
        </tr>
      </thead>
    </table>,
  )
    .container.querySelector('th')!
    .className.split(/\s+/);

describe('cell padding', () => {
  it('uses px-4 unless the caller sets its own, which then replaces it (both would let px-4 win)', () => {
    expect(cell().split(/\s+/)).toContain('px-4');
    expect(header()).toContain('px-4');
    const td = cell('px-3 whitespace-normal').split(/\s+/);
    expect(td).toContain('px-3');
    expect(td).not.toContain('px-4');
    expect(header('w-[12%] px-3')).not.toContain('px-4');
    expect(header('w-[12%] px-3')).toContain('px-3');
    expect(cell('text-right').split(/\s+/)).toContain('px-4');
  });
});

describe('Table', () => {
  it('gives a fixed layout the full width it needs (auto width would fall back to the auto layout)', () => {
    expect(table('table-fixed')).toContain('w-full');
    expect(table('table-fixed')).toContain('table-fixed');
  });

  it("leaves other tables' widths, and a caller's own width, alone", () => {
    expect(table()).not.toContain('w-full');
    expect(table('text-xs')).not.toContain('w-full');
    expect(table('table-fixed w-[60rem]')).not.toContain('w-full');
    expect(table('table-fixed w-[60rem]')).toContain('w-[60rem]');
  });
});
