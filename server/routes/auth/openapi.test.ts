import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('the auth API in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents every auth route under the auth tag, bearer where a token is needed', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const expected = {
      '/api/auth/signup': 'post',
      '/api/auth/verify-email': 'post',
      '/api/auth/resend-verification': 'post',
      '/api/auth/signin': 'post',
      '/api/auth/logout': 'post',
      '/api/auth/forgot-password': 'post',
      '/api/auth/reset-password': 'post',
      '/api/auth/change-password': 'post',
      '/api/auth/profile': 'get',
      '/api/auth/update-profile': 'post',
      '/api/auth/sessions': 'get',
      '/api/auth/sessions/{id}': 'delete',
      '/api/auth/google/start': 'get',
      '/api/auth/google/callback': 'get',
      '/api/auth/google/exchange': 'post',
    };
    for (const [path, method] of Object.entries(expected)) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['auth']);
    }
    expect(paths['/api/auth/profile'].get.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/auth/signup'].post.requestBody).toBeDefined();
  });
});
