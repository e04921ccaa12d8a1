import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function DashboardLayout() {
  return <PagePlaceholder title="Admin Dashboard" />;
}
