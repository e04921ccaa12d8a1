import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function AdminLoginPage() {
  return <PagePlaceholder title="Admin Login" />;
}
