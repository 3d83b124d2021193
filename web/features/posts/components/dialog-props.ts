import type { PostView } from '#common/schemas/posts.ts';

/** What every post dialog takes: it is mounted open and unmounted by `onClose`. */
export interface PostDialogProps {
  post: PostView;
  onClose: () => void;
  /** Where focus goes back to: the dialogs have no Radix trigger to return it to by themselves. */
  returnFocusTo: HTMLElement | null;
}

/** For `onCloseAutoFocus`: hands focus back to the control that opened the dialog. */
export function returnFocus(target: HTMLElement | null) {
  return (event: Event) => {
    event.preventDefault();
    if (target?.isConnected) target.focus();
  };
}

/** For `onOpenChange` of a dialog that is mounted open. */
export function closeWith(onClose: () => void) {
  return (open: boolean) => {
    if (!open) onClose();
  };
}
