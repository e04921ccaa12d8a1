import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TAX_PROFILE_MESSAGES,
  gstinCheckCharacter,
  verhoeffCheckDigit,
  type TaxProfile,
} from '@cutroom/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { aTaxProfile, json } from '../../../testing/earnings-fixtures';
import { NO_PAN_WARNING, TaxProfilePanel, TDS_RULE } from './tax-profile-panel';

/** A GSTIN with its right check character: state code, PAN, entity number 1, 'Z'. */
const gstinOf = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;
const AADHAAR = `23456789012${verhoeffCheckDigit('23456789012')}`;

describe('tax profile panel', () => {
  let stored: TaxProfile | null;
  let saved: (body: unknown) => Response;
  let puts: unknown[];
  beforeEach(() => {
    stored = null;
    puts = [];
    saved = () => json(200, { taxProfile: aTaxProfile(), message: TAX_PROFILE_MESSAGES.saved });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/earnings/tax-profile') return json(404, { message: 'Not found' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as unknown;
        puts.push(body);
        return saved(body);
      }
      return json(200, { taxProfile: stored });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  /** The panel's form: at once without a profile, after 'Change' with one. */
  async function openForm() {
    renderWithProviders(<TaxProfilePanel />);
    const panel = await screen.findByRole('region', { name: 'Tax profile' });
    if (stored) await userEvent.click(await within(panel).findByRole('button', { name: 'Change' }));
    return within(panel).findByRole('form', { name: 'Tax profile' });
  }
  /** The text beside a field: its label, input, hint and error share one box. */
  const besideField = (form: HTMLElement, label: string) =>
    within(form).getByLabelText(label).parentElement!.textContent;
  const submit = (form: HTMLElement) =>
    userEvent.click(within(form).getByRole('button', { name: 'Save tax profile' }));

  async function fillBasics(form: HTMLElement) {
    await userEvent.type(within(form).getByLabelText('Legal name'), 'Riya Sharma');
    await userEvent.selectOptions(within(form).getByLabelText('Taxpayer kind'), 'individual');
    await userEvent.selectOptions(within(form).getByLabelText('State'), '29');
  }

  it('explains what the identifiers change and warns when neither PAN nor Aadhaar is given', async () => {
    renderWithProviders(<TaxProfilePanel />);
    const panel = await screen.findByRole('region', { name: 'Tax profile' });
    expect(panel.textContent).toContain(TDS_RULE);
    expect(await within(panel).findByText(NO_PAN_WARNING)).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'Tax profile' });
    expect(besideField(form, 'GSTIN (optional)')).toContain('Only if you are registered under GST');
    expect(besideField(form, 'Aadhaar number (optional)')).toContain('The alternative the law allows');
  });

  it('refuses a bad PAN, a GSTIN of another state and a GSTIN on another PAN beside their fields', async () => {
    const form = await openForm();
    await submit(form);
    expect(besideField(form, 'Legal name')).toContain('Legal name must be at least 2 characters');
    expect(besideField(form, 'Taxpayer kind')).toContain(TAX_PROFILE_MESSAGES.entityType);
    expect(besideField(form, 'State')).toContain(TAX_PROFILE_MESSAGES.state);

    await fillBasics(form);
    const pan = within(form).getByLabelText('PAN');
    await userEvent.type(pan, 'ABC12');
    await submit(form);
    expect(besideField(form, 'PAN')).toContain(TAX_PROFILE_MESSAGES.pan);
    expect(pan.getAttribute('aria-invalid')).toBe('true');
    // The field names its message and is outlined in red while refused, as the other forms' fields are.
    const describedBy = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')!);
    expect(describedBy(pan)?.textContent).toBe(TAX_PROFILE_MESSAGES.pan);
    expect(pan.className).toContain('aria-invalid:border-red-500');
    const kind = within(form).getByLabelText('Taxpayer kind');
    expect(kind.getAttribute('aria-invalid')).toBe('false');
    expect(kind.getAttribute('aria-describedby')).toBeNull();
    const legalName = within(form).getByLabelText('Legal name');
    expect(describedBy(legalName)?.textContent).toBe('As it is on your PAN.');

    await userEvent.clear(pan);
    await userEvent.type(pan, 'abcpe1234f');
    const gstin = within(form).getByLabelText('GSTIN (optional)');
    await userEvent.type(gstin, gstinOf('27', 'ABCPE1234F'));
    await submit(form);
    expect(besideField(form, 'GSTIN (optional)')).toContain(TAX_PROFILE_MESSAGES.gstinState('Maharashtra'));

    await userEvent.clear(gstin);
    await userEvent.type(gstin, gstinOf('29', 'ABCPE9999F'));
    await submit(form);
    expect(besideField(form, 'GSTIN (optional)')).toContain(TAX_PROFILE_MESSAGES.gstinPan);

    await userEvent.clear(pan);
    await userEvent.type(pan, 'ABCCE1234F');
    await userEvent.clear(gstin);
    await submit(form);
    expect(besideField(form, 'PAN')).toContain(TAX_PROFILE_MESSAGES.panKind('Individual'));
    expect(puts).toEqual([]);
  });

  it('sends a new profile normalised, then shows it masked only', async () => {
    saved = () =>
      json(200, {
        taxProfile: aTaxProfile({ gstin: '29•••••••••••1Z5', registered: true }),
        message: 'Tax profile saved',
      });
    const success = vi.spyOn(toast, 'success');
    const form = await openForm();
    await fillBasics(form);
    await userEvent.type(within(form).getByLabelText('PAN'), 'abcpe 1234f');
    await userEvent.type(within(form).getByLabelText('GSTIN (optional)'), gstinOf('29', 'ABCPE1234F'));
    await submit(form);
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Tax profile saved'));
    expect(puts).toEqual([
      {
        legalName: 'Riya Sharma',
        entityType: 'individual',
        stateCode: '29',
        pan: 'ABCPE1234F',
        gstin: gstinOf('29', 'ABCPE1234F'),
      },
    ]);
    const saved_ = await screen.findByTestId('tax-profile-saved');
    expect(saved_.textContent).toContain('••••••234F');
    expect(saved_.textContent).toContain('29•••••••••••1Z5');
    expect(document.body.innerHTML).not.toContain('ABCPE1234F');
    expect(screen.queryByText(NO_PAN_WARNING)).toBeNull();
  });

  it('keeps stored identifiers when left blank and sends null for one removed', async () => {
    stored = aTaxProfile({ gstin: '29•••••••••••1Z5', registered: true });
    const form = await openForm();
    const pan = within(form).getByLabelText('PAN') as HTMLInputElement;
    expect(pan.value).toBe('');
    expect(besideField(form, 'PAN')).toContain('Leave blank to keep ••••••234F');
    expect(besideField(form, 'GSTIN (optional)')).toContain('Leave blank to keep 29•••••••••••1Z5');
    // Nothing stored: no Remove, the field's own hint.
    expect(within(form).queryByRole('button', { name: 'Remove Aadhaar number' })).toBeNull();
    expect((within(form).getByLabelText('Legal name') as HTMLInputElement).value).toBe('Riya Sharma');

    await userEvent.click(within(form).getByRole('button', { name: 'Remove GSTIN' }));
    expect(besideField(form, 'GSTIN (optional)')).toContain('29•••••••••••1Z5 is removed when you save');
    await userEvent.click(within(form).getByRole('button', { name: 'Keep GSTIN' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Remove GSTIN' }));
    await submit(form);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      legalName: 'Riya Sharma',
      entityType: 'individual',
      stateCode: '29',
      gstin: null,
    });
  });

  it('sends only the basics when nothing is typed, and checks a new GSTIN against the stored PAN', async () => {
    stored = aTaxProfile();
    const form = await openForm();
    const gstin = within(form).getByLabelText('GSTIN (optional)');
    await userEvent.type(gstin, gstinOf('29', 'ABCPE9999F'));
    await submit(form);
    expect(besideField(form, 'GSTIN (optional)')).toContain(TAX_PROFILE_MESSAGES.gstinPan);
    await userEvent.clear(gstin);
    await submit(form);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ legalName: 'Riya Sharma', entityType: 'individual', stateCode: '29' });
  });

  it("shows the server's refusal as the form's error and in a toast", async () => {
    stored = aTaxProfile({ gstin: '29•••••••••••1Z5' });
    saved = () => json(400, { message: TAX_PROFILE_MESSAGES.gstinPan });
    const error = vi.spyOn(toast, 'error');
    const form = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove PAN' }));
    await userEvent.type(
      within(form).getByLabelText('Aadhaar number (optional)'),
      `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`,
    );
    await submit(form);
    // A removed PAN under a kept GSTIN is refused on the page already.
    expect(besideField(form, 'PAN')).toContain(TAX_PROFILE_MESSAGES.gstinNeedsPan);
    await userEvent.click(within(form).getByRole('button', { name: 'Keep PAN' }));
    await submit(form);
    expect((await within(form).findByText(TAX_PROFILE_MESSAGES.gstinPan)).getAttribute('role')).toBe('alert');
    expect(error).toHaveBeenCalledWith(TAX_PROFILE_MESSAGES.gstinPan);
    expect(puts[0]).toEqual({
      legalName: 'Riya Sharma',
      entityType: 'individual',
      stateCode: '29',
      aadhaar: AADHAAR,
    });
  });
});
