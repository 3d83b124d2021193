/** The tip button's and marker's own wording (the dialog's is in tip-dialog.tsx; the rules' in #common/tips.ts). */
export const tipTexts = {
  signIn: 'Sign in to send a tip',
  marker: (amount: string) => `Tip of ${amount}`,
} as const;
