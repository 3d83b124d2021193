import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { uploadPostMedia } from '../../lib/upload.ts';
import { sendMessage } from './api/send-message.ts';
import { createMessageCache } from './cache.ts';
import { newClientId } from './client-id.ts';

/** A photo or video the creator attaches: a new file, or an upload already in their vault. */
export type AttachedItem =
  | { source: 'file'; key: string; kind: 'image' | 'video'; file: File; url: string }
  | { source: 'vault'; key: string; media: MediaView };

export interface AttachmentSend {
  text: string;
  items: AttachedItem[];
  /** Dollars as typed; empty for free items. */
  price: string;
}

export type AttachmentProgress =
  | { phase: 'idle' }
  | { phase: 'uploading'; index: number; total: number; percent: number }
  | { phase: 'sending' };

/**
 * The media ids of attached items, in order: vault items as they are, new files uploaded one after
 * another (resumable, with progress). `uploaded` remembers files that already arrived, so a retry
 * does not send them again.
 */
export async function uploadAttachedItems(
  items: AttachedItem[],
  uploaded: Map<File, string>,
  onProgress: (progress: AttachmentProgress) => void,
): Promise<string[]> {
  const files = items.filter((item) => item.source === 'file');
  const mediaIds: string[] = [];
  for (const item of items) {
    if (item.source === 'vault') {
      mediaIds.push(item.media.id);
      continue;
    }
    const known = uploaded.get(item.file);
    if (known) {
      mediaIds.push(known);
      continue;
    }
    const index = files.indexOf(item);
    onProgress({ phase: 'uploading', index, total: files.length, percent: 0 });
    const media = await uploadPostMedia(item.file, {
      onProgress: (percent) => onProgress({ phase: 'uploading', index, total: files.length, percent }),
    }).done;
    uploaded.set(item.file, media.id);
    mediaIds.push(media.id);
  }
  return mediaIds;
}

/**
 * Sends a message with photos and videos: new files go up one after another (resumable, with
 * progress), then the message goes with their ids. A file that already arrived is not sent again
 * on a retry, and the same send keeps its client id, so a retry is stored once.
 */
export function useSendAttachment(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const cache = useMemo(() => createMessageCache(queryClient, userId), [queryClient, userId]);
  const [progress, setProgress] = useState<AttachmentProgress>({ phase: 'idle' });
  const uploaded = useRef(new Map<File, string>());
  const clientId = useRef<string | null>(null);

  const send = useCallback(
    async ({ text, items, price }: AttachmentSend): Promise<void> => {
      clientId.current ??= newClientId();
      try {
        const mediaIds = await uploadAttachedItems(items, uploaded.current, setProgress);
        setProgress({ phase: 'sending' });
        const message = await sendMessage(conversationId, {
          text,
          clientId: clientId.current,
          mediaIds,
          ...(price.trim() ? { price: price.trim() } : {}),
        });
        cache.addMessage(message);
        clientId.current = null;
        uploaded.current.clear();
      } finally {
        setProgress({ phase: 'idle' });
      }
    },
    [cache, conversationId],
  );

  return { send, progress };
}
