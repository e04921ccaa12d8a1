import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, where } from '../../../testing/auth-flow';
import { StartChatButton } from './start-chat-button';
import { PayNowButton } from './pay-now-button';

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the editor page's buttons for a visitor", () => {
  const page = (
    <Route
      path="/portfolio/:editorId"
      element={
        <>
          <StartChatButton editorId="e1" />
          <PayNowButton editorId="e1" editorName="Riya Cuts" tier="basic" amount={1499} />
        </>
      }
    />
  );

  it("Start Chat sends a visitor to log in and come back to the editor's page", async () => {
    mockApi(null);
    renderAt('/portfolio/e1?tab=samples', [page, <Route key="rest" path="*" element={null} />]);
    const start = await screen.findByRole('button', { name: 'Start Chat with Editor' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(where()).toBe('/login?next=%2Fportfolio%2Fe1%3Ftab%3Dsamples'));
  });

  it('Start Chat sends someone signed in with another role to /login without next', async () => {
    mockApi({ _id: 'ed1', role: 'editor', username: 'Riya' });
    renderAt('/portfolio/e1', [page, <Route key="rest" path="*" element={null} />]);
    const start = await screen.findByRole('button', { name: 'Start Chat with Editor' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it("Pay Now's login link keeps SPEC's text and brings the visitor back", async () => {
    mockApi(null);
    renderAt('/portfolio/e1', page);
    expect(await screen.findByText('Please login to make a payment')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?next=%2Fportfolio%2Fe1',
    );
  });
});
