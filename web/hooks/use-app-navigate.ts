import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { pathTo, type RouteName } from '#common/routes.ts';

/** The params a named route needs: none for plain paths, `{ id }` for `/public-profile/:id` and so on. */
export type RouteArgs<Name extends RouteName> =
  Parameters<typeof pathTo<Name>> extends [unknown, ...infer Rest] ? Rest : never;

export interface AppNavigate {
  go: <Name extends RouteName>(name: Name, ...args: RouteArgs<Name>) => void;
  back: () => void;
  forward: () => void;
}

// The generic signature is checked at call sites; inside, the params are passed through unchanged.
const buildPath = pathTo as (name: RouteName, ...params: unknown[]) => string;

/** Navigation by route name, plus history back and forward. */
export function useAppNavigate(): AppNavigate {
  const navigate = useNavigate();
  const go = useCallback(
    <Name extends RouteName>(name: Name, ...args: RouteArgs<Name>) => {
      void navigate(buildPath(name, ...args));
    },
    [navigate],
  );
  return useMemo(
    () => ({
      go,
      back: () => void navigate(-1),
      forward: () => void navigate(1),
    }),
    [go, navigate],
  );
}
