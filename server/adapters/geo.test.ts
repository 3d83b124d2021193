import { describe, expect, it } from 'vitest';
import { countryName, createCountryLookup } from './geo.ts';

describe('country lookup (GeoLite2, offline)', () => {
  const geo = createCountryLookup();

  it('finds the country of addresses from known ranges, IPv4 and IPv6', () => {
    expect(geo.countryOf('8.8.8.8')).toBe('US');
    expect(geo.countryOf('81.2.69.160')).toBe('GB');
    expect(geo.countryOf('::ffff:81.2.69.160')).toBe('GB');
    expect(geo.countryOf('41.0.0.1')).toBe('ZA');
    expect(geo.countryOf('1.128.0.1')).toBe('AU');
    expect(geo.countryOf('2a00:1450::1')).toBe('IE');
  });

  it('answers null for private, loopback and malformed addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not-an-ip', '', null])
      expect(geo.countryOf(ip)).toBeNull();
  });

  it('names countries in English', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('ZA')).toBe('South Africa');
  });
});
