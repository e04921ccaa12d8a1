import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function PortfolioDetailPage() {
  return <PagePlaceholder title="Portfolio" />;
}
