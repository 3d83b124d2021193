import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, signOut } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildMedia, buildUser } from '../test/factories.ts';
import { stubXhr } from '../test/fake-xhr.ts';
import { renderStep } from '../test/render.tsx';
import { BioStep } from './bio-step.tsx';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

function setUp() {
  stubFetch(() => json(200, { handle: 'x', available: true, message: 'This handle is available' }));
  setSession({ token: 'token-1', user: buildUser() });
  return stubXhr();
}

describe('bio step uploads', () => {
  it('sends the profile photo and the document with the token, and keeps their ids in the draft', async () => {
    const sent = setUp();
    const { draft } = renderStep(BioStep);
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Profile photo'), photo);
    expect(sent[0]?.url).toBe('/api/media/upload/profile');
    expect(sent[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(sent[0]?.file?.name).toBe('me.png');
    expect(screen.getByRole('progressbar', { name: 'Uploading profile photo' })).toBeTruthy();
    const uploadedPhoto = buildMedia();
    await act(async () => sent[0]?.respond(201, uploadedPhoto));
    expect(draft().profilePhotoId).toBe(uploadedPhoto.id);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change profile photo' })).toBeTruthy();

    const passport = new File(['%PDF'], 'passport.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Verification document'), passport);
    expect(sent[1]?.url).toBe('/api/media/upload/identity-document');
    const document = buildMedia({ kind: 'identity_document', purpose: 'identity', url: null, locked: true });
    await act(async () => sent[1]?.respond(201, document));
    expect(draft()).toMatchObject({ documentId: document.id, documentName: 'passport.pdf' });
    expect(screen.getByText('passport.pdf')).toBeTruthy();
  });

  it("shows the server's message when an upload fails and keeps the step incomplete", async () => {
    const sent = setUp();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const { draft } = renderStep(BioStep);
    await userEvent.upload(
      screen.getByLabelText('Profile photo'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    await act(async () =>
      sent[0]?.respond(413, { message: 'File size must be less than 2MB', code: 'PAYLOAD_TOO_LARGE' }),
    );
    expect(error).toHaveBeenCalledWith('File size must be less than 2MB');
    expect(draft().profilePhotoId).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Upload profile photo' })).toBeTruthy();
  });
});
