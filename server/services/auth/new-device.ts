import { describeDevice } from '../../../common/device.ts';
import { type CountryLookup, countryName } from '../../adapters/geo.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { KnownBrowsersRepository } from '../../repositories/auth/known-browsers.repository.ts';
import type { UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { ClientInfo } from './client-info.ts';
import { message } from './emails.ts';

/** Where an address is, as far as the country database knows: 'United Kingdom', or null. */
export function placeOf(geo: CountryLookup, ip: string | null): string | null {
  const code = geo.countryOf(ip);
  return code ? countryName(code) : null;
}

export function newDeviceEmail(
  to: string,
  details: { device: string; place: string | null; at: Date; settingsUrl: string },
) {
  const when = `${details.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return message(
    to,
    'New sign-in to your Fanplace account',
    [
      `Your Fanplace account was just signed in to from a browser it has not used before: ${details.device}, ${
        details.place
          ? `near ${details.place} (approximate, from the network address)`
          : 'from an unknown place'
      }, at ${when}.`,
      'If this was you, there is nothing to do.',
      'If it was not you, open Settings, revoke that session under "Signed-in devices", and change your password.',
    ],
    { label: 'Review signed-in devices', url: details.settingsUrl },
  );
}

/**
 * After each new session: a browser (family and system) the account has not signed in from gets
 * an email to the account's address. The very first browser of an account is only remembered.
 */
export function createNewDeviceAlerts(deps: {
  knownBrowsers: KnownBrowsersRepository;
  users: Pick<UsersRepository, 'findById'>;
  outbox: Outbox;
  geo: CountryLookup;
  clock: Clock;
  publicUrl: string;
}) {
  return {
    async seen(userId: string, client: ClientInfo): Promise<void> {
      const device = describeDevice(client.userAgent);
      const now = deps.clock.now();
      const { isNew, firstEver } = await deps.knownBrowsers.remember(userId, device, now);
      if (!isNew || firstEver) return;
      const user = await deps.users.findById(userId);
      if (!user || user.deletedAt) return;
      deps.outbox.sendInBackground(
        newDeviceEmail(user.email, {
          device,
          place: placeOf(deps.geo, client.ip),
          at: now,
          settingsUrl: `${deps.publicUrl}/settings`,
        }),
      );
    },
  };
}

export type NewDeviceAlerts = ReturnType<typeof createNewDeviceAlerts>;
