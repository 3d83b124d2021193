import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  file: File | null;
  /** Answers the request: reports half the bytes sent, then loads with this status and body. */
  respond: (status: number, body: unknown) => void;
}

/** Replaces XMLHttpRequest (the multipart uploaders' transport) and hands each sent request to the test. */
export function stubXhr(): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const file = body.get('file');
      sent.push({
        url: this.url,
        headers: this.headers,
        file: file instanceof File ? file : null,
        respond: (status, answer) => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
