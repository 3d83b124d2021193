/**
 * The list of server modules, in the order they are built: each is built from the platform and
 * the modules before it that it uses. A web process and the worker build the same list
 * (server/app.ts registers each module's routes; the worker never does), and each runs the jobs
 * of every module when it runs jobs.
 */
import type { JobDefinition } from '../adapters/queue.ts';
import { createAuthModule } from './auth.ts';
import { createBillingModule } from './billing.ts';
import { createCreatorsModule } from './creators.ts';
import { createEngagementModule } from './engagement.ts';
import { createMediaModule } from './media.ts';
import { createMessagesModule } from './messages.ts';
import type { Module } from './module.ts';
import type { Platform } from './platform.ts';
import { createPostsModule } from './posts.ts';
import { createRealtimeModule } from './realtime.ts';
import { createSafetyModule } from './safety.ts';
import { createVaultModule } from './vault.ts';

export interface ModuleOptions {
  /** Serve anonymous Discover pages from memory for a moment (server/app.ts, `anonymousDiscoverCache`). */
  anonymousDiscoverCache: boolean;
}

export function createModules(p: Platform, options: ModuleOptions) {
  const auth = createAuthModule(p);
  const media = createMediaModule(p, { auth });
  const realtime = createRealtimeModule(p);
  const creators = createCreatorsModule(p, { media, realtime });
  const posts = createPostsModule(p, {
    media,
    realtime,
    anonymousDiscoverCache: options.anonymousDiscoverCache,
  });
  const vault = createVaultModule(p, { media });
  const engagement = createEngagementModule(p, { posts, realtime });
  const messages = createMessagesModule(p, { realtime, media });
  const billing = createBillingModule(p, { realtime, posts, messages });
  const safety = createSafetyModule(p, { media, realtime, billing });
  const list: Module[] = [
    auth,
    media,
    realtime,
    creators,
    posts,
    vault,
    engagement,
    messages,
    billing,
    safety,
  ];
  return {
    list,
    /** The modules the process itself reaches into (the auth plugin, metrics, tests). */
    auth,
    realtime,
    billing,
  };
}

export type Modules = ReturnType<typeof createModules>;

/** Every module's jobs: what a process that runs jobs works on. */
export const jobsOf = (modules: Modules): JobDefinition<never>[] => modules.list.flatMap((m) => m.jobs ?? []);

/** Lets go of what the modules hold, the last built first. */
export async function closeModules(modules: Modules): Promise<void> {
  for (const module of [...modules.list].reverse()) await module.close?.();
}
