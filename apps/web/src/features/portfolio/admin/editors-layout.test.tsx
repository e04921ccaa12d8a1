import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEditor } from '@cutroom/contracts/portfolio';
import { BreakableEmail, EditorCards } from './editors-layout';

const LONG = 'Extraordinarilylongeditornamewithoutspaces12345678';
const editor: AdminEditor = {
  _id: 'e1',
  username: LONG,
  email: 'very.long.address@example-studio.com',
  createdAt: '2026-11-24T04:05:00.000Z',
  tierCount: 3,
  sampleCount: 7,
};

afterEach(cleanup);

describe('BreakableEmail', () => {
  it('keeps the address whole while offering breaks before the @ and after each dot', () => {
    const { container } = render(
      <p>
        <BreakableEmail email="very.long.address@example-studio.com" />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe('very.long.address@example-studio.com');
    expect(p.innerHTML).toBe('very.<wbr>long.<wbr>address<wbr>@example-studio.<wbr>com');
  });
});

describe('EditorCards', () => {
  it('shows every field and the three actions for each editor', () => {
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <EditorCards
          editors={[editor, { ...editor, _id: 'e2', username: 'ravi', email: undefined }]}
          onDelete={onDelete}
        />
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('list', { name: 'Editors' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText(LONG).className).toContain('wrap-anywhere');
    expect(first.getByText('very.long.address@example-studio.com')).toBeTruthy();
    expect(first.getByText('7')).toBeTruthy();
    expect(first.getByRole('link', { name: `Edit Structure of ${LONG}` }).getAttribute('href')).toBe(
      '/admin/dashboard/edit-structure/e1',
    );
    expect(first.getByRole('link', { name: `Edit Portfolio of ${LONG}` }).getAttribute('href')).toBe(
      '/admin/dashboard/edit-editor/e1',
    );
    fireEvent.click(first.getByRole('button', { name: `Delete ${LONG}` }));
    expect(onDelete).toHaveBeenCalledWith(editor);
    expect(within(cards[1]!).getByText('—')).toBeTruthy();
  });
});
