import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

/**
 * The country of an IP address, from the GeoLite2 country database shipped inside the npm package
 * `@ip-location-db/geolite2-country-mmdb`: read from disk once, on first use, and never downloaded.
 */
export interface CountryLookup {
  /** ISO 3166-1 alpha-2 code ('GB'), or null for private, loopback and unknown addresses. */
  countryOf(ip: string | null | undefined): string | null;
}

const require = createRequire(import.meta.url);

export function createCountryLookup(): CountryLookup {
  let reader: Reader<Response> | null = null;
  const open = () => {
    reader ??= new Reader<Response>(
      readFileSync(require.resolve('@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb')),
    );
    return reader;
  };
  return {
    countryOf(ip) {
      if (!ip) return null;
      // An IPv4 address seen through an IPv6 socket: '::ffff:81.2.69.160'.
      const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
      if (!isIP(address)) return null;
      const found = open().get(address) as { country_code?: unknown } | null;
      const code = typeof found?.country_code === 'string' ? found.country_code : null;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    },
  };
}

const names = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'GB' to 'United Kingdom' (the code itself when unknown). */
export const countryName = (code: string) => names.of(code) ?? code;
