import {
  RECONCILIATION_FINDING_KINDS,
  RECONCILIATION_FINDING_LABELS,
  type ReconciliationFindingKind,
} from '@cutroom/contracts/reconciliation';

const selectClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** The findings of one kind, or all: applies at once. */
export function KindFilter({
  kind,
  onChange,
}: {
  kind: ReconciliationFindingKind | undefined;
  onChange: (kind: ReconciliationFindingKind | undefined) => void;
}) {
  return (
    // Beside its label from sm on, level with the Findings heading; stacked on a phone.
    <div className="flex w-full flex-col gap-1.5 sm:w-auto sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor="reconciliation-kind" className="text-sm font-medium text-slate-700">
        Kind
      </label>
      <select
        id="reconciliation-kind"
        className={`${selectClass} sm:w-72`}
        value={kind ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as ReconciliationFindingKind | undefined)}
      >
        <option value="">All kinds</option>
        {RECONCILIATION_FINDING_KINDS.map((k) => (
          <option key={k} value={k}>
            {RECONCILIATION_FINDING_LABELS[k]}
          </option>
        ))}
      </select>
    </div>
  );
}
