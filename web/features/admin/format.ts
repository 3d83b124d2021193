export const fullName = ({ firstName, lastName }: { firstName: string; lastName: string }): string =>
  [firstName, lastName].filter((part) => part.trim()).join(' ') || 'No name given';
