import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPUTE_MESSAGES } from '@cutroom/contracts/disputes';
import { aDispute, anAdminRow, DISPUTE_ID, fakeApi, renderDisputes } from '../disputes.test-helpers';
import { DecisionPanel } from './decision-panel';

const PATH = `/admin/disputes/${DISPUTE_ID}/decide`;
const NOTE = 'The second half did not follow the brief.';

function show(reply: unknown = { data: aDispute({ status: 'decided' }) }, row = anAdminRow()) {
  const calls = fakeApi({ [`POST ${PATH}`]: reply });
  const user = userEvent.setup();
  renderDisputes(<DecisionPanel row={row} />);
  const form = screen.getByRole('form', { name: 'Decision' });
  const posts = () => calls.filter((c) => c.method === 'POST');
  return { user, form, posts };
}

/** The field's own error line: the alert in the block of the control's label. */
const fieldError = (control: HTMLElement) =>
  within(document.querySelector<HTMLElement>(`label[for="${control.id}"]`)!.parentElement!).queryByRole(
    'alert',
  )?.textContent;

async function note(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, text = NOTE) {
  await user.click(within(form).getByLabelText('Note to both sides'));
  await user.paste(text);
}

describe('an admin’s decision on a case', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers the four decisions, each saying what it does to the order and the money', () => {
    const { form } = show();
    const radios = within(form).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      'Full refund to the creatorThe order is cancelled and the ₹6,999 paid goes back to the creator.',
      expect.stringMatching(/^Partial refund to the creatorThe amount you set goes back to the creator/),
      'Released to the editorThe order completes and the ₹6,999 paid stays with the editor; nothing is refunded.',
      'Cancelled without a refundThe order is cancelled and nothing is refunded.',
    ]);
    expect(within(form).queryByLabelText('Refund to the creator (₹)')).toBeNull();
  });

  it('asks for a decision and a note beside them, and sends nothing', async () => {
    const { user, form, posts } = show();
    await user.click(within(form).getByRole('button', { name: 'Review the decision' }));
    expect(within(form).getByText('Choose a decision')).toBeTruthy();
    expect(fieldError(within(form).getByLabelText('Note to both sides'))).toBe(
      'Note must be at least 10 characters',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('asks the amount of a partial refund, at most what was paid, in whole rupees', async () => {
    const { user, form, posts } = show();
    await user.click(within(form).getByRole('radio', { name: /^Partial refund/ }));
    const amount = within(form).getByLabelText('Refund to the creator (₹)');
    expect(within(form).getByTestId('decision-paid').textContent).toBe('of ₹6,999 paid');
    await note(user, form);
    const review = within(form).getByRole('button', { name: 'Review the decision' });
    await user.click(review);
    expect(fieldError(amount)).toBe('Enter the amount to refund');
    await user.type(amount, '7000');
    await user.click(review);
    expect(fieldError(amount)).toBe(DISPUTE_MESSAGES.refundTooLarge('₹6,999'));
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(review);
    expect(fieldError(amount)).toBe('Amount must be at least 1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('confirms first with what the decision does, then sends it once', async () => {
    const { user, form, posts } = show();
    await user.click(within(form).getByRole('radio', { name: /^Partial refund/ }));
    await user.type(within(form).getByLabelText('Refund to the creator (₹)'), '2500');
    await note(user, form);
    await user.click(within(form).getByRole('button', { name: 'Review the decision' }));
    let dialog = screen.getByRole('dialog', { name: 'Decide this dispute?' });
    expect(within(dialog).getByTestId('decision-confirm').textContent).toContain(
      'Partial refund to the creator. ₹2,500 of the ₹6,999 paid goes back to the creator',
    );
    expect(dialog.textContent).toContain(`“${NOTE}”`);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(posts()).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Review the decision' }));
    dialog = screen.getByRole('dialog', { name: 'Decide this dispute?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the decision' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts().map((c) => [c.path, c.body])).toEqual([
      [PATH, { decision: 'partial_refund', amount: 2500, note: NOTE }],
    ]);
  });

  it('sends no amount with any other decision, even one typed for a partial refund first', async () => {
    const { user, form, posts } = show();
    await user.click(within(form).getByRole('radio', { name: /^Partial refund/ }));
    await user.type(within(form).getByLabelText('Refund to the creator (₹)'), '2500');
    await user.click(within(form).getByRole('radio', { name: /^Released to the editor/ }));
    await note(user, form);
    await user.click(within(form).getByRole('button', { name: 'Review the decision' }));
    await user.click(screen.getByRole('button', { name: 'Confirm the decision' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ decision: 'release', note: NOTE });
  });

  it('says a refusal in the confirmation and keeps the form as it was', async () => {
    const { user, form } = show([409, { message: DISPUTE_MESSAGES.notWithAdmins }]);
    await user.click(within(form).getByRole('radio', { name: /^Full refund/ }));
    await note(user, form);
    await user.click(within(form).getByRole('button', { name: 'Review the decision' }));
    const dialog = screen.getByRole('dialog', { name: 'Decide this dispute?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the decision' }));
    expect((await within(dialog).findByTestId('form-error')).textContent).toBe(
      DISPUTE_MESSAGES.notWithAdmins,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect((within(form).getByRole('radio', { name: /^Full refund/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(form).getByLabelText('Note to both sides') as HTMLTextAreaElement).value).toBe(NOTE);
  });

  it('shows the decision once made, and why there is nothing to decide before', () => {
    const decided = anAdminRow({
      status: 'decided',
      actions: [],
      decision: {
        kind: 'partial_refund',
        label: 'Partial refund to the creator',
        amount: 2500,
        note: NOTE,
        at: '2030-01-06T10:00:00.000Z',
      },
    });
    fakeApi({});
    renderDisputes(<DecisionPanel row={decided} />);
    expect(screen.queryByRole('form', { name: 'Decision' })).toBeNull();
    expect(screen.getByTestId('case-decided').textContent).toContain(
      'Partial refund to the creator · ₹2,500 refunded',
    );
    cleanup();
    renderDisputes(<DecisionPanel row={anAdminRow({ status: 'awaiting_response', actions: [] })} />);
    expect(screen.getByTestId('case-decision').textContent).toMatch(
      /Waiting for the editor's answer until .+\. It comes to Cutroom support when a side sends it, or by itself then\./,
    );
  });
});
