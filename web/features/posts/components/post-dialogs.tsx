import { lazy, Suspense, useState } from 'react';
import type { PostView } from '#common/schemas/posts.ts';

/** Each dialog is its own chunk, fetched on first use: the feed ships without them. */
const dialogs = {
  viewer: lazy(() => import('./media-viewer-dialog.tsx').then((m) => ({ default: m.MediaViewerDialog }))),
  unlock: lazy(() => import('./unlock-dialog.tsx').then((m) => ({ default: m.UnlockDialog }))),
  edit: lazy(() =>
    import('./edit-description-dialog.tsx').then((m) => ({ default: m.EditDescriptionDialog })),
  ),
  delete: lazy(() => import('./delete-post-dialog.tsx').then((m) => ({ default: m.DeletePostDialog }))),
  report: lazy(() => import('../../safety/index.ts').then((m) => ({ default: m.ReportPostDialog }))),
};

export type PostDialogName = keyof typeof dialogs;

interface OpenDialog {
  name: PostDialogName;
  returnFocusTo: HTMLElement | null;
}

/** Which of a post's dialogs is open, and the control that opened it (focus goes back there). */
export function usePostDialog() {
  const [current, setCurrent] = useState<OpenDialog | null>(null);
  return {
    current,
    open: (name: PostDialogName, returnFocusTo: HTMLElement | null) => setCurrent({ name, returnFocusTo }),
    close: () => setCurrent(null),
  };
}

export type PostDialogState = ReturnType<typeof usePostDialog>;

export function PostDialogHost({ post, dialog }: { post: PostView; dialog: PostDialogState }) {
  if (!dialog.current) return null;
  const Dialog = dialogs[dialog.current.name];
  return (
    <Suspense fallback={null}>
      <Dialog post={post} onClose={dialog.close} returnFocusTo={dialog.current.returnFocusTo} />
    </Suspense>
  );
}
