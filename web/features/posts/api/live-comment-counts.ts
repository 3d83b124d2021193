import { useEffect, useRef } from 'react';
import { limits } from '#common/limits.ts';
import { apiBaseUrl } from '../../../lib/api-client.ts';
import { createSseParser } from '../../../lib/event-stream.ts';
import { getToken } from '../../../lib/session.ts';

type Listener = (count: number) => void;

/** The server's limit of posts in one stream (GET /api/comments/live). */
const MAX_POSTS = 20;

/**
 * One stream per tab, GET /api/comments/live, for the comment counts of every comments section
 * open on the page, signed in or not. Opening or closing a section opens the stream again with the
 * new set of posts; the server first sends each post's count as it is, then every change, so a
 * reconnect catches up by itself. A lost stream is tried again after `limits.streamReconnectMs`.
 */
const watchers = new Map<string, Set<Listener>>();
let open: { key: string; controller: AbortController } | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let pending = false;

function deliver(postId: string, count: number): void {
  for (const listener of watchers.get(postId) ?? []) {
    try {
      listener(count);
    } catch (error) {
      console.warn('A comment count listener failed', error);
    }
  }
}

async function connect(postIds: string[], key: string): Promise<void> {
  const controller = new AbortController();
  open = { key, controller };
  try {
    const headers = new Headers({ accept: 'text/event-stream' });
    const token = getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    const url = `${apiBaseUrl}/comments/live?posts=${postIds.map(encodeURIComponent).join(',')}`;
    const response = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
    if (
      !response.ok ||
      !response.body ||
      !response.headers.get('content-type')?.includes('text/event-stream')
    )
      throw new Error(`The comment count stream answered ${response.status}`);
    const parser = createSseParser((event) => {
      if (event.event !== 'post.comments') return;
      try {
        const data = JSON.parse(event.data) as { postId?: unknown; count?: unknown };
        if (typeof data.postId === 'string' && typeof data.count === 'number')
          deliver(data.postId, data.count);
      } catch (error) {
        console.warn('Could not read a comment count', error);
      }
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    throw new Error('The server closed the comment count stream');
  } catch (error) {
    if (controller.signal.aborted || open?.controller !== controller) return;
    open = null;
    console.warn(`Live comment counts lost; trying again in ${limits.streamReconnectMs / 1000} s`, error);
    retry = setTimeout(() => {
      retry = null;
      sync();
    }, limits.streamReconnectMs);
  }
}

/** Opens, reopens or closes the stream to match the open sections (and the signed-in user). */
function sync(): void {
  const postIds = [...watchers.keys()].sort().slice(0, MAX_POSTS);
  const key = `${postIds.join(',')}|${getToken() ?? ''}`;
  if (open?.key === key) return;
  if (retry !== null) clearTimeout(retry);
  retry = null;
  open?.controller.abort();
  open = null;
  if (postIds.length > 0) void connect(postIds, key);
}

/** Sections mount and unmount together when a page changes: one reconnect for all of them. */
function scheduleSync(): void {
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    sync();
  });
}

/** Calls `listener` with the post's comment count now and after every change, until the returned stop. */
export function watchCommentCount(postId: string, listener: Listener): () => void {
  let set = watchers.get(postId);
  if (!set) {
    set = new Set();
    watchers.set(postId, set);
  }
  set.add(listener);
  scheduleSync();
  return () => {
    set.delete(listener);
    if (set.size === 0) watchers.delete(postId);
    scheduleSync();
  };
}

/** The post's comment count, live, while the calling component is mounted. */
export function useLiveCommentCount(postId: string, onCount: Listener): void {
  const latest = useRef(onCount);
  latest.current = onCount;
  useEffect(() => watchCommentCount(postId, (count) => latest.current(count)), [postId]);
}
