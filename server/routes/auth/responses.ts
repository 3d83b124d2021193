import { apiErrorSchema } from '../../../common/errors.ts';

/** Documents the error answers a route can give (they all share the ApiError shape). */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}

export const bearer = [{ bearer: [] }];
