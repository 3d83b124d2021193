import { ChartBar, Plus, X } from 'lucide-react';
import { memo, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { newPoll, type PostDraft } from '../post-draft.ts';

type Poll = NonNullable<PostDraft['poll']>;

interface PollFieldProps {
  poll: PostDraft['poll'];
  problem: string | undefined;
  disabled: boolean;
  onChange: (poll: PostDraft['poll']) => void;
  /** When the post comes out, for the new poll's default end. */
  when: PostDraft['when'];
  publishAt: string;
  firstRef?: React.Ref<HTMLInputElement>;
}

/** An optional poll under the post: 2 to 4 options and when voting ends (a day after it comes out, unless changed). */
export const PollField = memo(function PollField({
  poll,
  problem,
  disabled,
  onChange,
  when,
  publishAt,
  firstRef,
}: PollFieldProps) {
  const id = useId();
  if (!poll)
    return (
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => onChange(newPoll({ when, publishAt }, Date.now()))}
        >
          <ChartBar aria-hidden="true" />
          Add a poll
        </Button>
      </div>
    );
  const set = (patch: Partial<Poll>) => onChange({ ...poll, ...patch });
  return (
    <fieldset
      className="grid min-w-0 gap-2 rounded-2xl border border-border p-4"
      disabled={disabled}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Poll</legend>
      {poll.options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their position is their identity
        <div key={index} className="flex gap-2">
          <label htmlFor={`${id}-${index}`} className="sr-only">
            Option {index + 1}
          </label>
          <Input
            id={`${id}-${index}`}
            ref={index === 0 ? firstRef : undefined}
            value={option}
            maxLength={80}
            placeholder={`Option ${index + 1}`}
            onChange={(event) =>
              set({ options: poll.options.map((other, at) => (at === index ? event.target.value : other)) })
            }
          />
          {poll.options.length > 2 ? (
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => set({ options: poll.options.filter((_, at) => at !== index) })}
            >
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      ))}
      <div className="flex flex-wrap items-end gap-3">
        {poll.options.length < 4 ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => set({ options: [...poll.options, ''] })}
          >
            <Plus aria-hidden="true" />
            Add option
          </Button>
        ) : null}
        <div className="grid gap-1">
          <label htmlFor={`${id}-ends`} className="text-sm font-medium">
            Voting ends
          </label>
          <Input
            id={`${id}-ends`}
            type="datetime-local"
            value={poll.endsAt}
            onChange={(event) => set({ endsAt: event.target.value })}
            className="w-auto"
          />
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
          Remove poll
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
});
