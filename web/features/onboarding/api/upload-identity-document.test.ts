import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadIdentityDocument, validateIdentityDocument } from './upload-identity-document.ts';

const MB = 1024 * 1024;

describe('identity document upload', () => {
  it('accepts pdf, jpg, jpeg and png up to 10MB', () => {
    expect(validateIdentityDocument({ name: 'id.pdf', type: 'application/pdf', size: MB })).toBeNull();
    expect(validateIdentityDocument({ name: 'ID.JPG', type: 'image/jpeg', size: MB })).toBeNull();
    expect(validateIdentityDocument({ name: 'id.jpeg', type: 'image/jpeg', size: MB })).toBeNull();
    expect(validateIdentityDocument({ name: 'id.png', type: 'image/png', size: MB })).toBeNull();
    expect(validateIdentityDocument({ name: 'id.pdf', type: '', size: MB })).toBeNull();
  });

  it('refuses other types, mismatched types and large files', () => {
    const wrongType = 'Please select a PDF, JPEG or PNG file';
    expect(validateIdentityDocument({ name: 'id.gif', type: 'image/gif', size: MB })).toBe(wrongType);
    expect(validateIdentityDocument({ name: 'id.docx', type: '', size: MB })).toBe(wrongType);
    expect(validateIdentityDocument({ name: 'id.png', type: 'application/pdf', size: MB })).toBe(wrongType);
    expect(validateIdentityDocument({ name: 'id.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe(
      'File size must be less than 10MB',
    );
  });

  it('does not send a file that breaks the rules', async () => {
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const error = await uploadIdentityDocument(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});
