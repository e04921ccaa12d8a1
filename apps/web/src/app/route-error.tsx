import { Link } from 'react-router';
import { buttonClass } from '../components/ui';

/** Shown when a screen fails to load (e.g. a chunk is gone after a deploy). */
export function RouteError() {
  return (
    <div className="mx-auto max-w-lg px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">Please reload the page. If it keeps happening, contact us.</p>
      <div className="mt-6 flex justify-center gap-3">
        <button className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClass('secondary')}>
          Home
        </Link>
      </div>
    </div>
  );
}
