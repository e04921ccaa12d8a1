import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function FaqsPage() {
  return <PagePlaceholder title="FAQs" />;
}
