import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Compass } from 'lucide-react';
import { NOT_FOUND_REDIRECT_SECONDS } from '@cutroom/contracts/limits';
import { Button } from '../../../components/ui/button';
import { PageMeta } from '../../../components/seo/page-meta';

/** Any unknown path: counts down, then goes home (SPEC.md §2). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(NOT_FOUND_REDIRECT_SECONDS);

  useEffect(() => {
    if (secondsLeft <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const tick = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(tick);
  }, [secondsLeft, navigate]);

  return (
    <>
      <PageMeta
        title="Page not found"
        description="The page you are looking for does not exist or has moved."
        noIndex
      />
      <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <span className="grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-600">
          <Compass className="size-8" aria-hidden />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wide text-brand-600 uppercase">404</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <p className="mt-6 text-slate-700" role="timer" aria-live="polite" data-testid="redirect-countdown">
          Redirecting to the home page in{' '}
          <span className="font-bold text-slate-900">{Math.max(secondsLeft, 0)}</span>{' '}
          {secondsLeft === 1 ? 'second' : 'seconds'}...
        </p>
        <Button size="lg" className="mt-8" onClick={() => navigate('/', { replace: true })}>
          Go To Home Now
        </Button>
      </div>
    </>
  );
}
