import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

export const router = createAppRouter();

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
