import { useParams } from 'react-router';
import { PostPageView } from '../../features/posts/components/post-page-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PostPage() {
  useDocumentTitle('Post');
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PostPageView key={id} postId={id} />
    </div>
  );
}

export { PostPage as Component };
