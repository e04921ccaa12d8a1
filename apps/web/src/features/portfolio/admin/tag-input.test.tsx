import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TagInput } from './tag-input';

function Harness() {
  const [tags, setTags] = useState<string[]>([]);
  return (
    <>
      <TagInput label="Tags for clip.mp4" tags={tags} onChange={setTags} />
      <output data-testid="tags">{JSON.stringify(tags)}</output>
    </>
  );
}

const tags = () => JSON.parse(screen.getByTestId('tags').textContent ?? '[]');

describe('tag entry for a new file', () => {
  afterEach(cleanup);

  it('adds tags on Enter or comma, trimmed and without duplicates', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Tags for clip.mp4');
    await user.type(input, '  travel {Enter}');
    await user.type(input, 'Wedding Films,');
    await user.type(input, 'TRAVEL{Enter}');
    await user.type(input, '   {Enter}');
    expect(tags()).toEqual(['travel', 'Wedding Films']);
    expect((input as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Remove tag travel' }));
    expect(tags()).toEqual(['Wedding Films']);
    await user.type(input, '{Backspace}');
    expect(tags()).toEqual([]);
  });

  it('splits pasted text on commas', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Tags for clip.mp4'));
    await user.paste('gaming, reels ,gaming');
    expect(tags()).toEqual(['gaming', 'reels']);
  });
});
