import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function AllPaymentsPage() {
  return <PagePlaceholder title="All Payments" />;
}
