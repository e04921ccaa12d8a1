import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function PortfolioListPage() {
  return <PagePlaceholder title="Editor Portfolios" />;
}
