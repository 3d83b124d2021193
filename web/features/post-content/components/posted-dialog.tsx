import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { type PostView, postMessages } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { formatLocalDate } from '../../../lib/format.ts';

/** What happens to a post after it is sent: shown now, or once the server has rendered the file. */
function followUp(post: PostView): string {
  if (post.status === 'draft') return 'Only you can see it. Post it or schedule it from your queue.';
  if (post.status === 'scheduled' && post.publishAt)
    return `It goes out on ${formatLocalDate(post.publishAt, 'fullDateTime')}. You can change that in your queue.`;
  const media = post.media;
  if (media && media.status !== 'ready') {
    return `Your ${media.kind === 'video' ? 'video' : 'photo'} is being processed. It appears on your page and on Discover as soon as it is ready.`;
  }
  return 'It is on your page and on Discover now.';
}

interface PostedDialogProps {
  post: PostView | null;
  onPostAnother: () => void;
}

/** The spec's success dialog, with the next useful steps. */
export function PostedDialog({ post, onPostAnother }: PostedDialogProps) {
  return (
    <Dialog open={post !== null} onOpenChange={(open) => (open ? undefined : onPostAnother())}>
      <DialogContent className="text-center sm:max-w-md">
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-primary" />
        <DialogTitle>
          {post?.status === 'draft'
            ? 'Your draft is saved'
            : post?.status === 'scheduled'
              ? 'Your post is scheduled'
              : postMessages.uploaded}
        </DialogTitle>
        <DialogDescription>{post ? followUp(post) : null}</DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <Button variant="outline" onClick={onPostAnother}>
            Post something else
          </Button>
          {post && post.status !== 'published' ? (
            <Button asChild>
              <Link to={pathTo('postQueue')}>Open your queue</Link>
            </Button>
          ) : post ? (
            <Button asChild>
              <Link to={pathTo('publicProfile', { id: post.creator.handle })}>View your page</Link>
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
