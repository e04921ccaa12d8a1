import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function ContactPage() {
  return <PagePlaceholder title="Contact Us" />;
}
