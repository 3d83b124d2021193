import { CalendarClock, FilePen, Send } from 'lucide-react';
import { memo } from 'react';
import type { PublishMode } from '#common/schemas/posts.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ownTimeZone } from '../../../lib/format.ts';
import type { DraftProblems, PostDraft } from '../post-draft.ts';
import { ChoiceCards } from './choice-cards.tsx';

const whenChoices = [
  {
    value: 'now',
    label: 'Post now',
    description: 'It goes out as soon as you press the button.',
    icon: Send,
  },
  {
    value: 'scheduled',
    label: 'Schedule',
    description: 'It goes out by itself at the time you choose.',
    icon: CalendarClock,
  },
  {
    value: 'draft',
    label: 'Save as draft',
    description: 'Only you see it until you post it.',
    icon: FilePen,
  },
] as const;

interface ScheduleFieldProps extends Pick<PostDraft, 'when' | 'publishAt' | 'expiresAt'> {
  publishAtProblem: DraftProblems['publishAt'];
  expiresAtProblem: DraftProblems['expiresAt'];
  disabled: boolean;
  onChange: (patch: Partial<Pick<PostDraft, 'when' | 'publishAt' | 'expiresAt'>>) => void;
  publishAtRef?: React.Ref<HTMLInputElement>;
  expiresAtRef?: React.Ref<HTMLInputElement>;
}

/**
 * When the post goes out (now, at a time, or kept as a draft) and, optionally, when it comes down.
 * Memoized: typing the description does not redraw it.
 */
export const ScheduleField = memo(function ScheduleField({
  when,
  publishAt,
  expiresAt,
  publishAtProblem,
  expiresAtProblem,
  disabled,
  onChange,
  publishAtRef,
  expiresAtRef,
}: ScheduleFieldProps) {
  const zone = ownTimeZone();
  return (
    <div className="grid gap-4">
      <ChoiceCards
        name="when"
        legend="When does it go out?"
        choices={whenChoices}
        value={when}
        disabled={disabled}
        onChange={(when: PublishMode) => onChange({ when })}
      />
      <div className="grid gap-4 @md:grid-cols-2">
        {when === 'scheduled' ? (
          <FormField label="Goes out on" error={publishAtProblem} hint={`Your time zone: ${zone}`}>
            {(control) => (
              <Input
                {...control}
                ref={publishAtRef}
                type="datetime-local"
                value={publishAt}
                disabled={disabled}
                onChange={(event) => onChange({ publishAt: event.target.value })}
              />
            )}
          </FormField>
        ) : null}
        <FormField
          label="Hide it after (optional)"
          error={expiresAtProblem}
          hint={expiresAt ? `Your time zone: ${zone}` : 'Leave empty to keep it up.'}
        >
          {(control) => (
            <Input
              {...control}
              ref={expiresAtRef}
              type="datetime-local"
              value={expiresAt}
              disabled={disabled}
              onChange={(event) => onChange({ expiresAt: event.target.value })}
            />
          )}
        </FormField>
      </div>
    </div>
  );
});
