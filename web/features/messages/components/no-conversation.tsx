import { MessagesSquare } from 'lucide-react';
import { messageMessages } from '#common/schemas/messages.ts';

/** The chat pane before a conversation is chosen (spec section 2, Messages). */
export function NoConversation() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MessagesSquare aria-hidden="true" className="size-8" />
      </span>
      <h2 className="font-heading text-lg font-semibold">{messageMessages.selectConversation}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{messageMessages.chooseChat}</p>
    </div>
  );
}
