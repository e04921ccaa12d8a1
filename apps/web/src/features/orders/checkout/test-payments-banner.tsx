import { FlaskConical } from 'lucide-react';

/**
 * Shown on every payment screen while the server runs the payment simulator (GET /api/payment/gateway
 * says provider 'simulator'): nobody should take a simulated payment for a real one.
 */
export function TestPaymentsBanner({ className = '' }: { className?: string }) {
  return (
    <div
      role="note"
      data-testid="test-payments-banner"
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 ${className}`}
    >
      <FlaskConical className="mt-px size-3.5 shrink-0" aria-hidden />
      <p>
        <strong>Test payments.</strong> Simulated gateway: no money moves.
      </p>
    </div>
  );
}
