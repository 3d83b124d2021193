import { Download, FileText, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { getIdentityDocument } from '../api/get-identity-document.ts';

interface Shown {
  url: string;
  fileName: string;
  isImage: boolean;
}

/** Fetches the document with the admin's token, then shows it (images) or offers it as a download. */
export function IdentityDocumentButton({ url, ownerName }: { url: string | null; ownerName: string }) {
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);

  // The object URL holds the file in memory until the dialog closes.
  useEffect(
    () => () => {
      if (shown) URL.revokeObjectURL(shown.url);
    },
    [shown],
  );

  if (!url) return <span className="text-sm text-muted-foreground">No document</span>;

  async function open(documentUrl: string): Promise<void> {
    setLoading(true);
    try {
      const file = await getIdentityDocument(documentUrl);
      setShown({
        url: URL.createObjectURL(file.blob),
        fileName: file.fileName,
        isImage: file.blob.type.startsWith('image/'),
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not open the document');
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" disabled={loading} onClick={() => void open(url)}>
        {loading ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <FileText aria-hidden="true" />
        )}
        View document
      </Button>
      <Dialog open={shown !== null} onOpenChange={(next) => !next && setShown(null)}>
        <DialogContent className="max-w-2xl">
          <DialogTitle>Identity document</DialogTitle>
          <DialogDescription>Submitted by {ownerName}. Keep it private.</DialogDescription>
          {shown?.isImage ? (
            <img
              src={shown.url}
              alt={`Identity document of ${ownerName}`}
              className="max-h-[60vh] w-full rounded-lg object-contain"
            />
          ) : (
            <p className="text-sm text-muted-foreground">This document is a PDF. Download it to read it.</p>
          )}
          {shown ? (
            <Button asChild className="justify-self-end">
              <a href={shown.url} download={shown.fileName}>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
