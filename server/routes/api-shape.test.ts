import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * The API's outward shape, kept in a file beside this test: every route, and for each documented
 * operation its tags, whether it needs a token, what input it documents and every status it may
 * answer. Changing how endpoints are written must leave this file as it is; adding or changing an
 * endpoint updates it on purpose (`npx vitest run server/routes/api-shape.test.ts -u`), so the
 * change shows in review.
 */
describe('the API shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every route, its security, its input and its statuses', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations: Record<string, unknown> = {};
    for (const [path, methods] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
      for (const [method, operation] of Object.entries(methods).sort(([a], [b]) => a.localeCompare(b))) {
        const parameters = (operation.parameters ?? []) as { in: string; name: string; required?: boolean }[];
        operations[`${method.toUpperCase()} ${path}`] = {
          tags: operation.tags,
          security: operation.security ?? null,
          parameters: parameters
            .map((parameter) => `${parameter.in}:${parameter.name}${parameter.required ? '' : '?'}`)
            .sort(),
          body: operation.requestBody
            ? Object.keys((operation.requestBody as { content: object }).content)
            : null,
          statuses: Object.keys(operation.responses as object).sort(),
        };
      }
    }
    const shape = { routes: [...new Set(t.app.routeTable)].sort(), operations };
    await expect(`${JSON.stringify(shape, null, 2)}\n`).toMatchFileSnapshot('api-shape.snapshot.json');
  });
});
