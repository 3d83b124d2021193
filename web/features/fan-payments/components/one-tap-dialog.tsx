import { CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../format.ts';
import { cardText, type OneTapQuestion } from '../one-tap.ts';

/** "Pay $4.99 with Visa •••• 4081?": one tap pays; another card goes to the checkout page. */
export function OneTapDialog({ question }: { question: OneTapQuestion }) {
  const price = formatMoney(question.amount);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : question.answer(null))}>
      <DialogContent className="max-w-sm">
        <DialogTitle>{question.what}</DialogTitle>
        <DialogDescription>Pay {price} with your saved card. Nothing else is charged.</DialogDescription>
        <p className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm">
          <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
          <span>{cardText(question.card)}</span>
        </p>
        {/* The payment first (the keyboard's first stop), shown on the right from tablet width. */}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={() => question.answer('saved')}>Pay {price}</Button>
          <Button variant="outline" onClick={() => question.answer('page')}>
            Use another card
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
