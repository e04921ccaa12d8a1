import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '@cutroom/contracts/reviews';
import { ApiError } from '../lib/api';
import { EditorPhotoPanel } from './editor-photo-panel';

const MB = 1024 * 1024;

/** A file of the given type claiming `size` bytes (no need to hold 12 MB in memory). */
function aFile(name: string, type: string, size = 200_000) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function show(photoUrl?: string) {
  const upload = vi.fn(async (_photo: File) => ({
    message: REVIEW_MESSAGES.photoSaved,
    data: { photoUrl: '/media/photos/new.webp', photoThumbUrl: '/media/photos/new-128.webp' },
  }));
  const remove = vi.fn(async () => ({ message: REVIEW_MESSAGES.photoRemoved }));
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <EditorPhotoPanel
        name="riya cuts"
        photoUrl={photoUrl}
        upload={upload}
        remove={remove}
        onChanged={onChanged}
      />
    </QueryClientProvider>,
  );
  return { upload, remove, onChanged };
}

// The input's `accept` would stop a GIF in the picker; a drop or another browser may not. Let it through.
const user = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByLabelText('Upload photo') as HTMLInputElement;

describe('editor photo panel', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the initial letter without a photo, and no 'Remove photo'", () => {
    show();
    expect(screen.getByRole('heading', { name: 'Profile photo' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /No photo yet/ }).textContent).toBe('R');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    expect(input().accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('refuses a 12 MB image before sending anything', async () => {
    const { upload } = show();
    await user().upload(input(), aFile('big.jpg', 'image/jpeg', 12 * MB));
    expect(screen.getByRole('alert').textContent).toBe(
      'The photo must be 10 MB or smaller; this one is 12.0 MB.',
    );
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a GIF before sending anything', async () => {
    const { upload } = show();
    await user().upload(input(), aFile('funny.gif', 'image/gif'));
    expect(screen.getByRole('alert').textContent).toBe(REVIEW_MESSAGES.photoWrongType);
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a fitting photo, shows it and says so; the earlier complaint goes', async () => {
    const success = vi.spyOn(toast, 'success');
    const { upload, onChanged } = show();
    await user().upload(input(), aFile('huge.png', 'image/png', 11 * MB));
    expect(screen.getByRole('alert')).toBeTruthy();
    const photo = aFile('me.png', 'image/png', 10 * MB);
    await user().upload(input(), photo);
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'Photo of riya cuts' })).toBeTruthy());
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0]).toBe(photo);
    expect((screen.getByRole('img', { name: 'Photo of riya cuts' }) as HTMLImageElement).src).toContain(
      '/media/photos/new.webp',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(success).toHaveBeenCalledWith(REVIEW_MESSAGES.photoSaved);
    expect(onChanged).toHaveBeenCalledWith({
      photoUrl: '/media/photos/new.webp',
      photoThumbUrl: '/media/photos/new-128.webp',
    });
  });

  it("shows the server's refusal of an upload", async () => {
    const { upload } = show();
    upload.mockRejectedValueOnce(new ApiError(400, REVIEW_MESSAGES.photoUnreadable));
    vi.spyOn(toast, 'error');
    await user().upload(input(), aFile('broken.jpg', 'image/jpeg'));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(REVIEW_MESSAGES.photoUnreadable),
    );
  });

  it('removes the photo, back to the initial, with the focus on the upload', async () => {
    const { remove, onChanged } = show('/media/photos/old.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    await vi.waitFor(() => expect(screen.getByRole('img', { name: /No photo yet/ })).toBeTruthy());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onChanged).toHaveBeenCalledWith(null);
    expect(document.activeElement).toBe(input());
  });
});
