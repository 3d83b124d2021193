import vaultRoutes from '../routes/vault/index.ts';
import { createVaultService } from '../services/vault/vault.service.ts';
import type { MediaModule } from './media.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';

/** A creator's vault of uploads: folders, filters, where each item is used (/api/vault/...). */
export function createVaultModule(p: Platform, deps: { media: MediaModule }) {
  const { repos, clock } = p;
  return defineModule({
    name: 'vault',
    routes: async (app) => {
      await app.register(vaultRoutes, {
        vault: createVaultService({
          vault: repos.vault,
          media: repos.media,
          creators: repos.creators,
          library: deps.media.library,
          clock,
        }),
        links: deps.media.links,
      });
    },
  });
}
