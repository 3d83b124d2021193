import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/helpers.ts';

describe('building the app', () => {
  it('prints no warning (a deprecated Fastify option printed FSTDEP024 on every start)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) =>
      warnings.push(`${warning.code}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const t = await createTestApp();
      await t.close();
      // A warning is emitted on the next tick after Fastify asks for it: let that tick pass.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});
