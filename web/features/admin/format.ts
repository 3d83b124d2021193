const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string): string {
  return dates.format(new Date(iso));
}

export const fullName = ({ firstName, lastName }: { firstName: string; lastName: string }): string =>
  [firstName, lastName].filter((part) => part.trim()).join(' ') || 'No name given';
