import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function SupportTicketsPage() {
  return <PagePlaceholder title="Support Tickets" />;
}
