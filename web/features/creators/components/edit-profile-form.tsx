import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import {
  type CreatorProfile,
  creatorMessages,
  type EditCreatorProfileForm,
  editCreatorProfileSchema,
} from '#common/schemas/creators.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateMyCreator } from '../api/update-my-creator.ts';
import { type BundleInputs, bundleChangesOf, bundleFields, bundleInputsOf } from '../bundles.ts';
import { saveErrorOf } from '../save-error.ts';
import { useHandleCheck } from '../use-handle-check.ts';
import { useImageUpload } from '../use-image-upload.ts';
import { HandleCheckNote } from './handle-check-note.tsx';
import { ProfileImagesEditor } from './profile-images-editor.tsx';
import { SaveChangesDialog } from './save-changes-dialog.tsx';
import { SubscriptionBundlesField } from './subscription-bundles-field.tsx';

const bioMax = limits.bioMaxLength;
const formFields = ['displayName', 'username', 'bio'] as const;

/**
 * Cover, avatar, display name, @username, bio and the subscription bundles; Save asks 'Save Changes?'
 * before sending.
 */
export function EditProfileForm({ creator }: { creator: CreatorProfile }) {
  const navigate = useNavigate();
  const update = useUpdateMyCreator();
  const avatar = useImageUpload('profile', {
    uploaded: 'Profile image uploaded successfully',
    failed: 'Failed to upload profile image',
  });
  const banner = useImageUpload('banner', {
    uploaded: 'Cover image uploaded successfully',
    failed: 'Failed to upload cover image',
  });
  const form = useForm({
    resolver: zodResolver(editCreatorProfileSchema),
    defaultValues: { displayName: creator.displayName, username: `@${creator.handle}`, bio: creator.bio },
  });
  const { errors } = form.formState;
  const check = useHandleCheck(form.watch('username'), creator.handle);
  const bioLength = form.watch('bio').length;
  const [confirming, setConfirming] = useState<EditCreatorProfileForm | null>(null);
  const [bundles, setBundles] = useState<BundleInputs>(() => bundleInputsOf(creator.bundles));
  const [bundleErrors, setBundleErrors] = useState<ReturnType<typeof bundleChangesOf>['errors']>({});

  const submit = form.handleSubmit((values) => {
    const checked = bundleChangesOf(bundles, creator.bundles);
    setBundleErrors(checked.errors);
    if (check.state === 'taken') {
      form.setError('username', { message: check.message });
      return;
    }
    if (Object.keys(checked.errors).length > 0) return;
    setConfirming(values);
  });

  async function save(values: EditCreatorProfileForm): Promise<void> {
    trackFormSubmit('edit_profile');
    try {
      const saved = await update.mutateAsync({
        ...values,
        // Only the bundles that changed: an unchanged page sends what it always sent.
        ...bundleChangesOf(bundles, creator.bundles).changes,
        ...(avatar.mediaId ? { avatarId: avatar.mediaId } : {}),
        ...(banner.mediaId ? { bannerId: banner.mediaId } : {}),
      });
      toast.success(creatorMessages.profileSaved);
      void navigate(pathTo('publicProfile', { id: saved.handle }));
    } catch (error) {
      setConfirming(null);
      const { fields, toastMessage } = saveErrorOf(error);
      for (const name of formFields) if (fields[name]) form.setError(name, { message: fields[name] });
      if (fields.avatarId) avatar.fail(fields.avatarId);
      if (fields.bannerId) banner.fail(fields.bannerId);
      setBundleErrors({
        ...(fields[bundleFields.three_months] ? { three_months: fields[bundleFields.three_months] } : {}),
        ...(fields[bundleFields.twelve_months] ? { twelve_months: fields[bundleFields.twelve_months] } : {}),
      });
      toast.error(toastMessage);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <ProfileImagesEditor
        displayName={form.watch('displayName') || creator.displayName}
        avatarUrl={creator.avatarUrl}
        bannerUrl={creator.bannerUrl}
        avatar={avatar}
        banner={banner}
      />
      <FormField label="Display name" error={errors.displayName?.message}>
        {(control) => <Input autoComplete="nickname" {...control} {...form.register('displayName')} />}
      </FormField>
      <FormField
        label="Username"
        error={errors.username?.message}
        hint={errors.username ? undefined : <HandleCheckNote check={check} />}
      >
        {(control) => (
          <Input autoCapitalize="none" spellCheck={false} {...control} {...form.register('username')} />
        )}
      </FormField>
      <FormField
        label="Bio"
        error={errors.bio?.message}
        hint={
          <span
            className={bioLength > bioMax ? 'text-destructive' : undefined}
          >{`${bioLength}/${bioMax}`}</span>
        }
      >
        {(control) => <Textarea rows={5} {...control} {...form.register('bio')} />}
      </FormField>
      <SubscriptionBundlesField
        monthlyCents={creator.price.monthly.amount}
        currency={creator.price.monthly.currency}
        value={bundles}
        onChange={(next) => {
          setBundles(next);
          setBundleErrors({});
        }}
        errors={bundleErrors}
      />
      <Button type="submit" className="self-end" disabled={avatar.uploading || banner.uploading}>
        Save
      </Button>
      <SaveChangesDialog
        open={confirming !== null}
        pending={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void save(confirming)}
      />
    </form>
  );
}
