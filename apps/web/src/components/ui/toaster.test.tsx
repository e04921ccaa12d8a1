import { act, cleanup, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@cutroom/contracts';
import { ERROR_TOAST_MS, notify, toastId } from './notify';
import { TOAST_GAP_PX, Toaster, VISIBLE_TOASTS } from './toaster';

// sonner captures the pointer on its toasts; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

/** jsdom lays nothing out: the header reports the height a test gives it. */
let headerHeight = 65;
let resized: (() => void) | null = null;

class FakeResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe() {}
  disconnect() {
    resized = null;
  }
}

function renderShell() {
  return render(
    <div>
      <header
        ref={(el) => {
          if (el) el.getBoundingClientRect = () => ({ height: headerHeight }) as DOMRect;
        }}
      >
        <nav aria-label="Main">Cutroom</nav>
      </header>
      <main>
        <header>A card's own header, further down</header>
      </main>
      <Toaster />
    </div>,
  );
}

const toasts = () => [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
const titled = (text: string) =>
  toasts().filter((t) => t.querySelector('[data-title]')?.textContent === text);
const toaster = () => document.querySelector<HTMLElement>('[data-sonner-toaster]')!;

describe('toast ids', () => {
  it('are one per kind and text', () => {
    expect(toastId('error', 'Failed to send message.')).toBe('error:Failed to send message.');
    expect(toastId('success', 'Failed to send message.')).not.toBe(
      toastId('error', 'Failed to send message.'),
    );
    expect(toastId('error', 'Upload failed.')).not.toBe(toastId('error', 'Failed to send message.'));
  });

  it('are passed to sonner with the error duration, and the caller may add to them', () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('x');
    const success = vi.spyOn(toast, 'success').mockReturnValue('x');
    notify.error('Failed to send message.', { description: 'Chat is disabled' });
    expect(error).toHaveBeenCalledWith('Failed to send message.', {
      id: 'error:Failed to send message.',
      duration: ERROR_TOAST_MS,
      description: 'Chat is disabled',
    });
    notify.success('Uploaded!');
    // Everything but an error keeps the host's duration.
    expect(success).toHaveBeenCalledWith('Uploaded!', { id: 'success:Uploaded!' });
    vi.restoreAllMocks();
  });

  it('keep errors within SPEC.md §9 (about 4 to 5 seconds), a little longer than the rest', () => {
    expect(ERROR_TOAST_MS).toBeGreaterThan(TOAST_DURATION_MS);
    expect(ERROR_TOAST_MS).toBeLessThanOrEqual(5000);
    expect(TOAST_DURATION_MS).toBeGreaterThanOrEqual(4000);
  });
});

describe('Toaster', () => {
  beforeEach(() => {
    headerHeight = 65;
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the same message raised twice once, and different messages each', async () => {
    renderShell();
    act(() => {
      notify.error('Failed to send message.');
      notify.error('Failed to send message.');
      notify.error('Upload failed.');
    });
    await waitFor(() => expect(titled('Upload failed.')).toHaveLength(1));
    expect(titled('Failed to send message.')).toHaveLength(1);
  });

  it(`shows at most ${VISIBLE_TOASTS} at once`, async () => {
    renderShell();
    act(() => {
      for (let i = 1; i <= 6; i++) toast.success(`Saved ${i}`);
    });
    await waitFor(() => expect(toasts()).toHaveLength(6));
    expect(toasts().filter((t) => t.dataset.visible === 'true')).toHaveLength(VISIBLE_TOASTS);
    expect(VISIBLE_TOASTS).toBeLessThanOrEqual(20);
  });

  it("sits below the navbar's header at every width, and follows it when it grows", async () => {
    renderShell();
    act(() => {
      toast.info('Hello');
    });
    await waitFor(() => expect(toaster()).toBeTruthy());
    expect(toaster().dataset.yPosition).toBe('top');
    expect(toaster().dataset.xPosition).toBe('right');
    expect(toaster().style.getPropertyValue('--offset-top')).toBe(`${65 + TOAST_GAP_PX}px`);
    expect(toaster().style.getPropertyValue('--mobile-offset-top')).toBe(`${65 + TOAST_GAP_PX}px`);

    // The phone menu opens: the header is taller, and the toasts move down with it.
    headerHeight = 320;
    act(() => resized?.());
    expect(toaster().style.getPropertyValue('--offset-top')).toBe(`${320 + TOAST_GAP_PX}px`);
    expect(toaster().style.getPropertyValue('--mobile-offset-top')).toBe(`${320 + TOAST_GAP_PX}px`);
  });
});
