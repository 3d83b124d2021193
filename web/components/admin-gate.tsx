import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { type SessionUser, useSession } from '../lib/session.ts';
import { EmptyState } from './empty-state.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

/**
 * Whether the signed-in account sees the admin screens. The server decides what an admin may do
 * (server/policies/admin.ts answers 403 otherwise); this only spares requests that cannot succeed.
 */
export function isAdmin(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}

/** What someone who is not an admin sees on an admin screen, or when the server answers 403. */
export function AdminOnlyState({ task, headingLevel }: { task: string; headingLevel?: 1 | 2 }) {
  return (
    <EmptyState
      icon={ShieldAlert}
      headingLevel={headingLevel}
      title="You need to be an admin"
      description={`Only admins ${task}. If you should have access, ask another admin.`}
    />
  );
}

/**
 * The one gate of every admin screen: a sign-in prompt for visitors, the admin-only state for other
 * accounts, the screen for admins. `task` completes "Only admins …" ('review new creators').
 */
export function AdminGate({
  task,
  headingLevel,
  children,
}: {
  task: string;
  headingLevel?: 1 | 2;
  children: ReactNode;
}) {
  const session = useSession();
  if (!session) {
    return <SignInPrompt headingLevel={headingLevel} reason={`Sign in with an admin account to ${task}.`} />;
  }
  if (!isAdmin(session.user)) return <AdminOnlyState headingLevel={headingLevel} task={task} />;
  return children;
}
