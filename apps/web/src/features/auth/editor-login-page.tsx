import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function EditorLoginPage() {
  return <PagePlaceholder title="Editor Login" />;
}
