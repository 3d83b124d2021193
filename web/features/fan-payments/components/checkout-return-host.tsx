import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

// Loaded only when the address carries a checkout reference: most visits never download it.
const CheckoutReturn = lazy(() =>
  import('./checkout-return.tsx').then((module) => ({ default: module.CheckoutReturn })),
);

/** Mounted once in the layout: verifies a fan checkout when the provider sends the browser back. */
export function CheckoutReturnHost() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has('reference') && !searchParams.has('trxref')) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutReturn />
    </Suspense>
  );
}
