import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findControlCharacter, textMessages } from '../../common/text.ts';
import { validationFailed } from '../errors.ts';

/**
 * The app's schema compiler: the shared text rule (common/text.ts) on every body, query string
 * and route parameter, then the route's own zod schema. Text with a NUL or another control
 * character is a 400 naming the field, before it can reach a query or the database.
 */
export const appValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const part = route.httpPart;
  return (data: unknown) => {
    if (part === 'body' || part === 'querystring' || part === 'params') {
      const field = findControlCharacter(data);
      if (field !== null) {
        return { error: validationFailed({ [field || part]: textMessages.controlCharacters }) };
      }
    }
    return validate(data);
  };
};
