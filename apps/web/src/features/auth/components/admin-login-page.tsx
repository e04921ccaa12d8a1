import { ShieldCheck } from 'lucide-react';
import { AUTH_MESSAGES } from '@cutroom/contracts/auth';
import { adminLogin } from '../api/admin-login';
import { AuthCard } from './auth-card';
import { useNextPath } from '../../../lib/auth/next-path';
import { UsernameLoginForm } from './username-login-form';

/** /admin-login: admins land on /admin/dashboard, or back on the admin page that sent them here. */
export default function AdminLoginPage() {
  const next = useNextPath();
  return (
    <AuthCard
      notice={next ? AUTH_MESSAGES.loginToContinue : undefined}
      badge={
        <span className="mb-4 grid size-11 place-items-center rounded-xl bg-slate-900 text-white">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
      }
      title="Admin Login"
      subtitle="For the Cutroom team only."
    >
      <UsernameLoginForm call={adminLogin} label="Admin login" />
    </AuthCard>
  );
}
