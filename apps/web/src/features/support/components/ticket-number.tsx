import { Link } from 'react-router';

/** After a ticket is filed: its number to quote, and for a member where its answers will appear. */
export function TicketNumber({ reference, member }: { reference: string; member: boolean }) {
  return (
    <p className="text-sm text-slate-600" data-testid="ticket-number">
      Your ticket number is <span className="font-semibold text-slate-900">{reference}</span>.{' '}
      {member ? (
        <>
          Replies arrive by e-mail and in{' '}
          <Link
            to="/profile/support-tickets"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            My support tickets
          </Link>
          .
        </>
      ) : (
        'We reply by e-mail.'
      )}
    </p>
  );
}
