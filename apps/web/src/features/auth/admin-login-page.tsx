import { ShieldCheck } from 'lucide-react';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { UsernameLoginForm } from './username-login-form';

/** /admin-login: admins land on /admin/dashboard. */
export default function AdminLoginPage() {
  return (
    <AuthCard
      badge={
        <span className="mb-4 grid size-11 place-items-center rounded-xl bg-slate-900 text-white">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
      }
      title="Admin Login"
      subtitle="For the Cutroom team only."
    >
      <UsernameLoginForm call={authApi.adminLogin} label="Admin login" />
    </AuthCard>
  );
}
