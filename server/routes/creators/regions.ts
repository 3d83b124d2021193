import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockedCountriesSchema } from '../../../common/schemas/creators.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { CreatorsService } from '../../services/creators/creators.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

/** Geo-blocking: the countries where the creator's page, posts and media are not shown. */
const regionRoutes: FastifyPluginAsyncZod<{ creators: CreatorsService }> = async (app, { creators }) => {
  app.get(
    '/api/creators/me/blocked-countries',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['creators'],
        summary: 'The countries where my page, posts and media are not shown',
        security: bearer,
        response: { 200: blockedCountriesSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ countries: await creators.blockedCountries(signedIn(request).user) }),
  );

  app.put(
    '/api/creators/me/blocked-countries',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['creators'],
        summary: 'Choose the countries where my page, posts and media are not shown (admins still see them)',
        security: bearer,
        body: blockedCountriesSchema,
        response: { 200: blockedCountriesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      countries: await creators.setBlockedCountries(signedIn(request).user, request.body.countries),
    }),
  );
};

export default regionRoutes;
