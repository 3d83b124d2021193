import { type FormEvent, useId, useState } from 'react';
import { limits } from '#common/limits.ts';
import { postMessages } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { instantToLocal, localToInstant, ownTimeZone } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { timeProblems } from '../schedule.ts';
import { closeWith, type PostDialogProps, returnFocus } from './dialog-props.ts';

const MAX = limits.postDescriptionMaxLength;

/** The spec's own rules and words (section 5): required, at most 500 characters once trimmed. */
export function descriptionProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return postMessages.descriptionRequired;
  if (trimmed.length > MAX) return postMessages.descriptionTooLong;
  return null;
}

/** The owner edits what the post says and when it is hidden (its end date), for published and queued posts. */
export function EditDescriptionDialog({ post, onClose, returnFocusTo }: PostDialogProps) {
  const [text, setText] = useState(post.description);
  const initialEnd = post.expiresAt ? instantToLocal(post.expiresAt) : '';
  const [ends, setEnds] = useState(initialEnd);
  const [error, setError] = useState<string | null>(null);
  const [endsError, setEndsError] = useState<string | null>(null);
  const update = useUpdatePost();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = descriptionProblem(text);
    const endProblem =
      timeProblems(
        {
          when: post.status === 'scheduled' ? 'scheduled' : 'now',
          publishAt: post.publishAt ? instantToLocal(post.publishAt) : '',
          expiresAt: ends,
        },
        Date.now(),
      ).expiresAt ?? null;
    setError(problem);
    setEndsError(endProblem);
    if (problem || endProblem) return;
    const endChanged = ends !== initialEnd;
    update.mutate(
      {
        postId: post.id,
        input: {
          description: text.trim(),
          ...(endChanged ? { expiresAt: localToInstant(ends)?.toISOString() ?? null } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success('Post updated');
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields?.expiresAt)
            setEndsError(failure.fields.expiresAt);
          else
            setError(
              failure instanceof ApiError
                ? (failure.fields?.description ?? failure.message)
                : failure.message,
            );
        },
      },
    );
  }

  const over = text.trim().length > MAX;
  return (
    <Dialog open onOpenChange={closeWith(onClose)}>
      <DialogContent onCloseAutoFocus={returnFocus(returnFocusTo)}>
        <DialogTitle>Edit post</DialogTitle>
        <DialogDescription>
          Change what your post says, or when it is hidden. The photos and videos stay as they are.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-text`}>Description</Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            rows={5}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          />
          <p
            id={`${id}-count`}
            className={cn('text-right text-xs text-muted-foreground', over && 'text-destructive')}
          >
            {text.trim().length}/{MAX}
          </p>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Label htmlFor={`${id}-ends`} className="mt-2">
            Hide it after (optional)
          </Label>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              id={`${id}-ends`}
              type="datetime-local"
              value={ends}
              onChange={(event) => setEnds(event.target.value)}
              aria-invalid={endsError ? true : undefined}
              aria-describedby={`${id}-ends-hint${endsError ? ` ${id}-ends-error` : ''}`}
              className="w-auto"
            />
            {ends ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setEnds('')}>
                No end date
              </Button>
            ) : null}
          </div>
          <p id={`${id}-ends-hint`} className="text-xs text-muted-foreground">
            {ends ? `Your time zone: ${ownTimeZone()}` : 'Empty: the post stays up.'}
          </p>
          {endsError ? (
            <p id={`${id}-ends-error`} role="alert" className="text-sm text-destructive">
              {endsError}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
