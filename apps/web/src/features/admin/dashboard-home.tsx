import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function DashboardHome() {
  return <PagePlaceholder title="Dashboard" />;
}
