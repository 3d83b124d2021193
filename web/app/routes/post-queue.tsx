import { PostQueuePage } from '../../features/post-queue/components/post-queue-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PostQueueRoute() {
  useDocumentTitle('Your queue');
  return <PostQueuePage />;
}

export { PostQueueRoute as Component };
