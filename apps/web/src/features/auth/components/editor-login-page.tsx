import { Link } from 'react-router';
import { Clapperboard } from 'lucide-react';
import { AUTH_MESSAGES } from '@cutroom/contracts/auth';
import { editorLogin } from '../api/editor-login';
import { AuthCard, authLinkClass } from './auth-card';
import { useNextPath, withNext } from '../../../lib/auth/next-path';
import { UsernameLoginForm } from './username-login-form';

/**
 * /editor-login: editors use the username and password an admin gave them, then land on /chat, or back
 * on the page that sent them here.
 */
export default function EditorLoginPage() {
  const next = useNextPath();
  return (
    <AuthCard
      notice={next ? AUTH_MESSAGES.loginToContinue : undefined}
      badge={
        <span className="mb-4 grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600">
          <Clapperboard className="size-5" aria-hidden />
        </span>
      }
      title="Editor Login"
      subtitle="Sign in with the username and password from the Cutroom team."
      footer={
        <p>
          Hiring an editor?{' '}
          <Link to={withNext('/login', next)} className={authLinkClass}>
            Creator login
          </Link>
        </p>
      }
    >
      <UsernameLoginForm call={editorLogin} label="Editor login" />
    </AuthCard>
  );
}
