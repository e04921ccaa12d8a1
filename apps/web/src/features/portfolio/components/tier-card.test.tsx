import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor, Tier } from '@cutroom/contracts/portfolio';
import { creator, json, mockApi, renderAt, where } from '../../../testing/auth-flow';
import { EditorCard } from './editor-card';
import { TierCard } from './tier-card';

beforeEach(() => vi.restoreAllMocks());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fixed: Tier = {
  title: 'basic',
  description: '',
  // Features the old hidden defaults read ('Express' halved 3 days): only the stated terms count.
  features: ['1 revision', 'Express delivery'],
  pricing: [{ reelCount: 1, priceMin: 1499 }],
  deliveryDays: 4,
  revisions: 2,
  samples: [],
};
const range: Tier = {
  title: 'pro',
  description: '',
  features: [],
  pricing: [{ reelCount: 2, priceMin: 6999, priceMax: 9999 }],
  deliveryDays: 5,
  revisions: 1,
  samples: [],
};

function showCard(tier: Tier) {
  renderAt('/portfolio/e1', [
    <Route
      key="page"
      path="/portfolio/:editorId"
      element={<TierCard editorId="e1" editorName="Riya Cuts" tier={tier} />}
    />,
    <Route key="rest" path="*" element={null} />,
  ]);
  return screen.getByLabelText(`${tier.title === 'pro' ? 'Pro' : 'Basic'} tier`);
}

describe('a tier card', () => {
  it('states its days and revisions, and sells a fixed price with Pay Now', async () => {
    mockApi(creator);
    const card = showCard(fixed);
    expect(within(card).getByTestId('tier-terms').textContent?.trim()).toBe('4 days · 2 revisions');
    expect(await within(card).findByRole('button', { name: 'Pay Now' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Ask for an offer' })).toBeNull();
  });

  it('shows a range with Ask for an offer instead of Pay Now, opening the chat on the request for that tier', async () => {
    const initiate = vi.fn();
    mockApi(creator, (url, init) => {
      if (url.pathname === '/api/chat/initiate' && init?.method === 'POST') {
        initiate(JSON.parse(String(init.body)));
        return json(200, { roomId: 'room-7', data: {} });
      }
      if (url.pathname === '/api/chat/rooms') return json(200, { data: [] });
      return undefined;
    });
    const card = showCard(range);
    expect(within(card).getByText('₹6,999–₹9,999')).toBeTruthy();
    expect(within(card).getByTestId('tier-terms').textContent?.trim()).toBe('5 days · 1 revision');
    const ask = await within(card).findByRole('button', { name: 'Ask for an offer' });
    expect(within(card).queryByRole('button', { name: 'Pay Now' })).toBeNull();
    await waitFor(() => expect((ask as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ask);
    await waitFor(() => expect(where()).toBe('/chat?roomId=room-7&askOffer=pro'));
    expect(initiate).toHaveBeenCalledWith({ editorId: 'e1' });
  });

  it('sends a visitor who asks for an offer to log in and come back', async () => {
    mockApi(null);
    const card = showCard(range);
    const ask = await within(card).findByRole('button', { name: 'Ask for an offer' });
    await waitFor(() => expect((ask as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ask);
    await waitFor(() => expect(where()).toBe('/login?next=%2Fportfolio%2Fe1'));
  });
});

describe("the list's editor card", () => {
  it("states each tier's days and revisions beside its price", () => {
    mockApi(null);
    const editor: Editor = {
      _id: 'e1',
      username: 'Riya Cuts',
      portfolio: { whatsIncluded: [], tiers: [fixed, range] },
    };
    renderAt('/portfolio', <Route path="/portfolio" element={<EditorCard editor={editor} />} />);
    const rows = screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('₹'));
    expect(
      rows.map((r) => [
        r.textContent?.includes('Basic') ? 'basic' : 'pro',
        within(r).getByTestId('tier-terms').textContent,
      ]),
    ).toEqual([
      ['basic', '4 days · 2 revisions'],
      ['pro', '5 days · 1 revision'],
    ]);
    expect(rows[1]!.textContent).toContain('₹6,999–₹9,999');
  });
});
