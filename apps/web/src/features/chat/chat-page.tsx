import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function ChatPage() {
  return <PagePlaceholder title="Chat" />;
}
