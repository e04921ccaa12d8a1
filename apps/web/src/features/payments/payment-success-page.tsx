import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function PaymentSuccessPage() {
  return <PagePlaceholder title="Payment Status" />;
}
