import { useRef, useState } from 'react';
import { FileBadge, Pencil, TriangleAlert } from 'lucide-react';
import { TAX_ENTITY_LABELS, type TaxProfile } from '@cutroom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useTaxProfile } from '../api/get-tax-profile';
import { TaxProfileForm } from './tax-profile-form';

export const TDS_RULE =
  'Without PAN or Aadhaar, 5% income tax is deducted (section 194-O); with one, 0.1%, and individuals under ₹5 lakh a year pay none.';
export const GSTIN_RULE =
  'A GSTIN matters only if you are registered under GST: TCS under GST is then collected from your earnings too.';
export const NO_PAN_WARNING =
  'No PAN or Aadhaar on file: 5% is deducted from your earnings until you add one.';

/**
 * The editor's tax profile: what each identifier changes, the saved profile (masked), and 'Change' to
 * edit it. Without a profile the form shows at once.
 */
export function TaxProfilePanel() {
  const query = useTaxProfile();
  const [editing, setEditing] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After saving or cancelling, the focus goes back to where the form was opened from.
  const close = () => {
    setEditing(false);
    window.setTimeout(() => (changeRef.current ?? headingRef.current)?.focus(), 0);
  };
  const profile = query.data?.taxProfile ?? null;
  const noTdsId = !profile || (!profile.pan && !profile.aadhaar);

  return (
    <Card className="p-4 sm:p-6" aria-labelledby="tax-profile-title" role="region">
      {/* From 640 px 'Change' keeps the top-right corner beside the rules rather than wrapping under them. */}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2
            id="tax-profile-title"
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-bold text-slate-900 focus:outline-none"
          >
            <FileBadge className="size-5 text-brand-600" aria-hidden /> Tax profile
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="tax-rules">
            {TDS_RULE} {GSTIN_RULE}
          </p>
        </div>
        {profile && !editing && (
          <Button
            ref={changeRef}
            variant="secondary"
            size="sm"
            className="shrink-0"
            onClick={() => setEditing(true)}
          >
            <Pencil className="size-4" aria-hidden /> Change
          </Button>
        )}
      </div>

      {query.isPending ? (
        <Spinner label="Loading your tax profile..." />
      ) : query.isError && !query.data ? (
        <div className="mt-5">
          <LoadError message="Failed to load your tax profile." onRetry={() => query.refetch()} />
        </div>
      ) : (
        <>
          {noTdsId && (
            <p className="mt-5 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {NO_PAN_WARNING}
            </p>
          )}
          {profile && !editing ? (
            <SavedTaxProfile profile={profile} />
          ) : (
            <div className="mt-5">
              <TaxProfileForm stored={profile} onSaved={close} onCancel={profile ? close : undefined} />
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function SavedTaxProfile({ profile }: { profile: TaxProfile }) {
  const terms: [string, string, boolean][] = [
    ['Legal name', profile.legalName, false],
    ['Taxpayer kind', TAX_ENTITY_LABELS[profile.entityType], false],
    ['State', profile.stateName, false],
    ['PAN', profile.pan ?? 'Not given', Boolean(profile.pan)],
    ['Aadhaar number', profile.aadhaar ?? 'Not given', Boolean(profile.aadhaar)],
    ['GSTIN', profile.gstin ?? 'Not registered under GST', Boolean(profile.gstin)],
  ];
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="tax-profile-saved">
      {terms.map(([label, value, masked]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd
            className={
              masked
                ? 'font-mono font-semibold break-words text-slate-900'
                : 'font-medium break-words text-slate-900'
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
