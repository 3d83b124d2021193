import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockedCountriesSchema } from '../../../common/schemas/creators.ts';
import type { CreatorsService } from '../../services/creators/creators.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Geo-blocking: the countries where the creator's page, posts and media are not shown. */
export function regionEndpoints(creators: CreatorsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/creators/me/blocked-countries',
      summary: 'The countries where my page, posts and media are not shown',
      caller: 'user',
      response: blockedCountriesSchema,
      errors: [404],
      handler: async ({ user }) => ({ countries: await creators.blockedCountries(user) }),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      summary: 'Choose the countries where my page, posts and media are not shown (admins still see them)',
      caller: 'user',
      body: blockedCountriesSchema,
      response: blockedCountriesSchema,
      errors: [400, 404],
      handler: async ({ user, body }) => ({
        countries: await creators.setBlockedCountries(user, body.countries),
      }),
    }),
  ];
}

const regionRoutes: FastifyPluginAsyncZod<{ creators: CreatorsService }> = async (app, { creators }) => {
  registerEndpoints(app, ['creators'], regionEndpoints(creators));
};

export default regionRoutes;
