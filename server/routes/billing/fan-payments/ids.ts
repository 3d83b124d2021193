import { z } from 'zod';
import { notFound } from '../../../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `:id` in a fan-payments path: any short string; one that is not a uuid is answered 404. */
export const idParams = z.object({ id: z.string().max(64) });

/** Checks an id from the path, answering 404 with `message` when it cannot be one. */
export const uuidOr404 =
  (message: string) =>
  (id: string): string => {
    if (!UUID.test(id)) throw notFound(message);
    return id;
  };
