import { Gift } from 'lucide-react';
import { formatMoney, type Money } from '../../../lib/format.ts';
import { tipTexts } from '../texts.ts';

/** The line a tip's message starts with in a conversation: a gift and the amount, for both sides. */
export function TipMarker({ tip }: { tip: Money }) {
  return (
    <span className="flex items-center gap-1.5 font-semibold" data-tip={tip.amount}>
      <Gift aria-hidden="true" className="size-4 shrink-0" />
      {tipTexts.marker(formatMoney(tip))}
    </span>
  );
}

/** A tip as a conversation preview names it: 'Tip of $5.00', then the note if any. */
export function tipPreview(tip: Money, note: string): string {
  const marker = tipTexts.marker(formatMoney(tip));
  return note.trim() ? `${marker}: ${note}` : marker;
}
