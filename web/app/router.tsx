import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
  useLocation,
} from 'react-router';
import { routes } from '#common/routes.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { PageFrame } from './layouts/page-frame.tsx';
import { PageLoading } from './layouts/page-loading.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';

/** `/post-content` is a friendlier spelling of the spec's `/post-ccontent`; the loader redirects first. */
function PostContentAlias() {
  const { search } = useLocation();
  return <Navigate to={`${routes.postContent}${search}`} replace />;
}

/**
 * Every page is its own chunk (`lazy`), so the first visit downloads only the shell and one page.
 * All routes share AppLayout; page errors render inside it, layout errors replace it.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        Component: PageFrame,
        errorElement: <RouteErrorScreen />,
        HydrateFallback: PageLoading,
        children: [
          { path: routes.home, lazy: () => import('./routes/home.tsx') },
          { path: routes.about, lazy: () => import('./routes/about.tsx') },
          { path: routes.contact, lazy: () => import('./routes/contact.tsx') },
          { path: routes.pricing, lazy: () => import('./routes/pricing.tsx') },
          { path: routes.discover, lazy: () => import('./routes/discover.tsx') },
          { path: routes.creator, lazy: () => import('./routes/creator.tsx') },
          { path: routes.wallet, lazy: () => import('./routes/wallet.tsx') },
          { path: routes.walletEarnings, lazy: () => import('./routes/wallet-earnings.tsx') },
          { path: routes.walletPayouts, lazy: () => import('./routes/wallet-payouts.tsx') },
          { path: routes.messages, lazy: () => import('./routes/messages.tsx') },
          { path: routes.massMessages, lazy: () => import('./routes/mass-messages.tsx') },
          { path: routes.offers, lazy: () => import('./routes/offers.tsx') },
          { path: routes.settings, lazy: () => import('./routes/settings.tsx') },
          { path: routes.fontSettings, lazy: () => import('./routes/font-settings.tsx') },
          { path: routes.publicProfile, lazy: () => import('./routes/public-profile.tsx') },
          { path: routes.editProfile, lazy: () => import('./routes/edit-profile.tsx') },
          { path: routes.postContent, lazy: () => import('./routes/post-content.tsx') },
          { path: routes.postQueue, lazy: () => import('./routes/post-queue.tsx') },
          { path: routes.vault, lazy: () => import('./routes/vault.tsx') },
          {
            path: routes.postContentAlias,
            loader: ({ request }: LoaderFunctionArgs) =>
              redirect(`${routes.postContent}${new URL(request.url).search}`),
            Component: PostContentAlias,
          },
          { path: routes.login, lazy: () => import('./routes/login.tsx') },
          { path: routes.register, lazy: () => import('./routes/register.tsx') },
          { path: routes.privateProfile, lazy: () => import('./routes/private-profile.tsx') },
          { path: routes.emailVerification, lazy: () => import('./routes/email-verification.tsx') },
          { path: routes.resetPassword, lazy: () => import('./routes/reset-password.tsx') },
          { path: routes.googleComplete, lazy: () => import('./routes/google-complete.tsx') },
          { path: routes.terms, lazy: () => import('./routes/terms.tsx') },
          { path: routes.privacy, lazy: () => import('./routes/privacy.tsx') },
          { path: routes.creatorAgreement, lazy: () => import('./routes/creator-agreement.tsx') },
          { path: routes.adminCreators, lazy: () => import('./routes/admin-creators.tsx') },
          { path: routes.adminReports, lazy: () => import('./routes/admin-reports.tsx') },
          { path: routes.adminSupport, lazy: () => import('./routes/admin-support.tsx') },
          { path: routes.adminSupportTicket, lazy: () => import('./routes/admin-support-ticket.tsx') },
          { path: routes.adminPayouts, lazy: () => import('./routes/admin-payouts.tsx') },
          { path: routes.adminBlockList, lazy: () => import('./routes/admin-block-list.tsx') },
          { path: routes.adminTakedowns, lazy: () => import('./routes/admin-takedowns.tsx') },
          { path: routes.traceLeak, lazy: () => import('./routes/trace-leak.tsx') },
          { path: routes.post, lazy: () => import('./routes/post.tsx') },
          { path: routes.bookmarks, lazy: () => import('./routes/bookmarks.tsx') },
          { path: routes.lists, lazy: () => import('./routes/lists.tsx') },
          { path: routes.list, lazy: () => import('./routes/lists.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
