import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, rateLimited } from '../errors.ts';
import errorsPlugin from './errors.ts';

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.post(
    '/signup',
    {
      schema: {
        body: z.object({
          email: z.email('Invalid email address'),
          name: z.string().min(1, 'Name is required'),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/taken', async () => {
    throw conflict('That email is already registered', { email: 'That email is already registered' });
  });
  app.get('/slow-down', async () => {
    throw rateLimited('Too many attempts', 90);
  });
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  return app;
}

describe('error handler', () => {
  it('turns schema failures into field messages with the schema wording', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/signup',
      payload: { email: 'nope', name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid email address',
      code: 'VALIDATION_FAILED',
      fields: { email: 'Invalid email address', name: 'Name is required' },
    });
  });

  it('passes application errors through with their status and code', async () => {
    const app = await appWithRoutes();
    const taken = await app.inject({ method: 'GET', url: '/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'That email is already registered',
      code: 'CONFLICT',
      fields: { email: 'That email is already registered' },
    });
    const limited = await app.inject({ method: 'GET', url: '/slow-down' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('90');
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 90 });
  });

  it('hides the internals of unexpected failures', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong', code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
  });
});
