import type { SupportCategory, TicketStatus } from '#common/schemas/safety.ts';

export const categoryLabels: Record<SupportCategory, string> = {
  technical: 'Technical',
  billing: 'Billing',
  account: 'Account',
  content: 'Content',
  other: 'Other',
};

export const ticketStatusLabels: Record<TicketStatus, string> = { open: 'Open', closed: 'Closed' };

/** Replies are promised within 24 hours: an open ticket nobody answered is late after a day. */
export const SUPPORT_GOAL_DAYS = 1;
