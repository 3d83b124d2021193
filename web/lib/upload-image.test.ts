import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { imageUploadUrl, readUploadResponse, uploadImage, validateImageFile } from './upload-image.ts';

const MB = 1024 * 1024;

describe('image upload helper', () => {
  it("applies the spec's rules before sending", () => {
    expect(validateImageFile({ type: 'image/jpeg', size: MB }, 'profile')).toBeNull();
    expect(validateImageFile({ type: 'application/pdf', size: 10 }, 'profile')).toBe(
      'Please select an image file',
    );
    expect(validateImageFile({ type: '', size: 10 }, 'property')).toBe('Please select an image file');
    expect(validateImageFile({ type: 'image/png', size: 2 * MB + 1 }, 'profile')).toBe(
      'File size must be less than 2MB',
    );
    expect(validateImageFile({ type: 'image/png', size: 2 * MB + 1 }, 'property')).toBeNull();
    expect(validateImageFile({ type: 'image/png', size: 5 * MB + 1 }, 'property')).toBe(
      'File size must be less than 5MB',
    );
  });

  it('posts to the API under the configured base', () => {
    expect(imageUploadUrl('profile', '/api')).toBe('/api/media/upload/profile');
    expect(imageUploadUrl('property', 'https://api.example.com/api/')).toBe(
      'https://api.example.com/api/media/upload/property',
    );
  });

  it('reads the media object, or the server message as an ApiError', () => {
    expect(readUploadResponse(201, '{"id":"m1","status":"ready"}')).toMatchObject({ id: 'm1' });
    expect(() =>
      readUploadResponse(413, '{"message":"File size must be less than 2MB","code":"PAYLOAD_TOO_LARGE"}'),
    ).toThrow('File size must be less than 2MB');
    expect(() => readUploadResponse(500, 'oops')).toThrow('Request failed');
  });

  it('refuses a file that breaks the rules without sending it', async () => {
    const file = new File(['not an image'], 'notes.txt', { type: 'text/plain' });
    const error = await uploadImage(file, 'profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Please select an image file' });
  });
});
