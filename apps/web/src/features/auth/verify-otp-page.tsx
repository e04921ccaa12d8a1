import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function VerifyOtpPage() {
  return <PagePlaceholder title="Verify your email" />;
}
