import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function TermsPage() {
  return <PagePlaceholder title="Terms" />;
}
