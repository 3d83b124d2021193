import { PostContentPage } from '../../features/post-content/components/post-content-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PostContentRoute() {
  useDocumentTitle('Post Content');
  return <PostContentPage />;
}

export { PostContentRoute as Component };
