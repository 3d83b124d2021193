import { CircleCheck, FileText } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { IDENTITY_DOCUMENT_ACCEPT } from '../api/upload-identity-document.ts';
import type { MediaUpload } from '../use-media-upload.ts';
import { describedBy, Field } from './field.tsx';
import { UploadProgress } from './upload-progress.tsx';

interface DocumentFieldProps {
  id: string;
  upload: MediaUpload;
  /** The uploaded document's file name, once the server has it. */
  fileName: string | undefined;
  error?: string | undefined;
}

const hint =
  'A passport, national ID card or driving licence as PDF, JPG or PNG, up to 10MB. Only our review team sees it.';

/**
 * The identity document. Its owner gets a locked view from the server, so it is shown by name with
 * a check mark and never linked.
 */
export function DocumentField({ id, upload, fileName, error }: DocumentFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.start(file);
  };
  return (
    <Field id={id} label="Verification document" hint={hint} message={error}>
      {fileName && !upload.uploading ? (
        <p className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate">{fileName}</span>
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          <span className="sr-only">uploaded</span>
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IDENTITY_DOCUMENT_ACCEPT}
        tabIndex={-1}
        className="sr-only"
        aria-describedby={describedBy(id, hint)}
        onChange={pick}
      />
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={upload.uploading}
        onClick={() => input.current?.click()}
      >
        {fileName ? 'Replace document' : 'Upload document'}
      </Button>
      {upload.progress !== null ? (
        <UploadProgress label="Uploading document" percent={upload.progress} />
      ) : null}
    </Field>
  );
}
