import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPUTE_FILE_MESSAGES } from '@cutroom/contracts/dispute-files';
import type { DisputeEvidence } from '@cutroom/contracts/disputes';
import { ApiError } from '../../../lib/api';
import { anOrder } from '../../../testing/order-fixtures';
import { disputesApi } from '../api/disputes-api';
import { aDispute, DISPUTE_ID, fakeApi, ORDER_ID, renderDisputes } from '../disputes.test-helpers';
import { DisputeSteps } from './dispute-steps';
import { EvidenceList } from './evidence-list';
import { OpenDisputeDialog } from './open-dispute-dialog';

const order = anOrder({ status: 'delivered', paid: true, actions: ['review', 'open_dispute'] });
const STATEMENT = 'The brief asked for a vertical cut and this one is horizontal.';
const pdf = (name = 'brief.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

const aFile = (over: Partial<DisputeEvidence> = {}): DisputeEvidence => ({
  _id: 'ev-file',
  side: 'creator',
  kind: 'file',
  summary: 'agreed-script.pdf',
  messageId: null,
  deliveryId: null,
  file: {
    type: 'application/pdf',
    typeLabel: 'PDF',
    bytes: 14_336,
    sha256: 'ab12cd34ef56'.repeat(5) + 'abcd',
  },
  createdAt: '2030-01-05T10:00:00.000Z',
  ...over,
});

function openDialog() {
  fakeApi({
    'GET /chat/r1/messages': { data: [], hasMore: false },
    'GET /chat/r1/deliveries': { data: [], hasMore: false },
    [`POST /orders/${ORDER_ID}/dispute`]: { data: aDispute({ actions: ['withdraw', 'attach'] }) },
  });
  const user = userEvent.setup({ applyAccept: false });
  const onOpenChange = vi.fn();
  renderDisputes(<OpenDisputeDialog order={order} side="creator" onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
  return { user, dialog, onOpenChange };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, files: File[]) {
  await user.selectOptions(within(dialog).getByLabelText('Reason'), 'quality');
  await user.click(within(dialog).getByLabelText('Your statement'));
  await user.paste(STATEMENT);
  await user.upload(within(dialog).getByLabelText('Choose files'), files);
}

describe('files as dispute evidence', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('files chosen with the statement are sent once the dispute is open, each with its progress, then the dialog closes', async () => {
    const { user, dialog, onOpenChange } = openDialog();
    const sent: string[] = [];
    vi.spyOn(disputesApi, 'attach').mockImplementation(async (id, form, onProgress) => {
      sent.push(`${id}:${(form.get('file') as File).name}`);
      onProgress(0.5);
      onProgress(1);
      return aDispute();
    });
    await fillIn(user, dialog, [pdf('brief.pdf'), pdf('notes.pdf')]);
    expect(within(dialog).getByRole('list', { name: 'Files to attach' }).textContent).toContain('notes.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([`${DISPUTE_ID}:brief.pdf`, `${DISPUTE_ID}:notes.pdf`]);
  });

  it('a refused file keeps its reason and can be sent again; the others are attached', async () => {
    const { user, dialog, onOpenChange } = openDialog();
    let tries = 0;
    vi.spyOn(disputesApi, 'attach').mockImplementation(async (_id, form) => {
      if ((form.get('file') as File).name === 'shot.pdf' && tries++ === 0)
        throw new ApiError(400, DISPUTE_FILE_MESSAGES.wrongType);
      return aDispute();
    });
    await fillIn(user, dialog, [pdf('shot.pdf'), pdf('brief.pdf')]);
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    const attaching = await screen.findByRole('dialog', { name: 'Add files' });
    await within(attaching).findByText(DISPUTE_FILE_MESSAGES.wrongType);
    const rows = within(attaching).getAllByTestId('evidence-upload');
    await waitFor(() => expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['failed', 'done']));
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(attaching).getByRole('button', { name: 'Send the rest' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(tries).toBe(2);
  });

  it('a file the server would refuse is left out before anything is sent, with the reason beside the field', async () => {
    const { user, dialog } = openDialog();
    const attach = vi.spyOn(disputesApi, 'attach');
    const zip = new File(['PK'], 'all.zip', { type: 'application/zip' });
    await user.upload(within(dialog).getByLabelText('Choose files'), [zip, pdf()]);
    expect(within(dialog).getByRole('alert').textContent).toBe(`all.zip: ${DISPUTE_FILE_MESSAGES.wrongType}`);
    expect(within(dialog).getByRole('list', { name: 'Files to attach' }).textContent).toContain('brief.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Remove brief.pdf' }));
    expect(within(dialog).queryByRole('list', { name: 'Files to attach' })).toBeNull();
    expect(attach).not.toHaveBeenCalled();
  });

  it('“Add files” shows on an open dispute the side may add to, and not on a closed one', async () => {
    fakeApi({});
    const user = userEvent.setup();
    const { unmount } = renderDisputes(
      <DisputeSteps dispute={aDispute({ actions: ['withdraw', 'attach'] })} side="creator" />,
    );
    await user.click(screen.getByRole('button', { name: 'Add files' }));
    const dialog = screen.getByRole('dialog', { name: 'Add files' });
    expect(dialog.textContent).toContain('Evidence for the dispute on order CR-10482.');
    expect(within(dialog).getByRole('button', { name: 'Choose files' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Attach the files' })).toHaveProperty('disabled', true);
    unmount();
    renderDisputes(<DisputeSteps dispute={aDispute({ status: 'settled', actions: [] })} side="creator" />);
    expect(screen.queryByRole('button', { name: 'Add files' })).toBeNull();
  });

  it('lists a file with its type, size and SHA-256, and downloads it under its name', async () => {
    fakeApi({});
    const user = userEvent.setup();
    const blob = new Blob(['%PDF-1.4']);
    const file = vi
      .spyOn(disputesApi, 'file')
      .mockResolvedValue({ blob, filename: 'cutroom-evidence-x.pdf' });
    const created = vi.fn(() => 'blob:evidence');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderDisputes(<EvidenceList disputeId={DISPUTE_ID} evidence={[aFile()]} viewer="editor" />);
    const item = screen.getByTestId('dispute-evidence');
    expect(item.textContent).toContain('The creator cites');
    expect(item.textContent).toContain('agreed-script.pdf');
    expect(item.textContent).toContain('PDF · 14 KB');
    expect(within(item).getByTitle(`SHA-256 ${aFile().file!.sha256}`).textContent).toBe(
      'SHA-256 ab12cd34ef56…',
    );
    await user.click(screen.getByRole('button', { name: 'Download agreed-script.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['agreed-script.pdf']));
    expect(file).toHaveBeenCalledWith(DISPUTE_ID, 'ev-file');
    expect(created).toHaveBeenCalledWith(blob);
  });
});
