import { ReportDialog } from './report-dialog.tsx';

/** The report dialog in the shape of a post card's dialogs: mounted open, unmounted by `onClose`. */
export function ReportPostDialog({
  post,
  onClose,
  returnFocusTo,
}: {
  post: { id: string };
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}) {
  return (
    <ReportDialog
      target={{ type: 'post', id: post.id }}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
    />
  );
}
