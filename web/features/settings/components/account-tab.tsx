import type { ReactNode } from 'react';
import type { SessionUser } from '../../../lib/session.ts';
import { ActiveSessions } from './active-sessions.tsx';
import { ChangeEmail } from './change-email.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { NotificationSettingsSection } from './notification-settings.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PersonalInfo } from './personal-info.tsx';
import { ProfilePhoto } from './profile-photo.tsx';
import { TwoStepSignIn } from './two-step-sign-in.tsx';

/** Account: Profile photo, Personal Info, Change Email, Change Password, Two-step sign-in, Passkeys, Active sessions, Notifications, then Appearance. */
export function AccountTab({ user, appearance }: { user: SessionUser; appearance: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <ProfilePhoto user={user} />
      <PersonalInfo user={user} />
      <ChangeEmail />
      <ChangePasswordForm />
      <TwoStepSignIn />
      <PasskeysSection />
      <ActiveSessions />
      <NotificationSettingsSection />
      {appearance}
    </div>
  );
}
