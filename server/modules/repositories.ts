import type { Database } from '../db/client.ts';
import { createAuthTokensRepository } from '../repositories/auth/auth-tokens.repository.ts';
import { createKnownBrowsersRepository } from '../repositories/auth/known-browsers.repository.ts';
import { createOAuthRepository } from '../repositories/auth/oauth.repository.ts';
import { createPasskeysRepository } from '../repositories/auth/passkeys.repository.ts';
import { createSessionsRepository } from '../repositories/auth/sessions.repository.ts';
import { createTwoFactorRepository } from '../repositories/auth/two-factor.repository.ts';
import { createUsersRepository } from '../repositories/auth/users.repository.ts';
import { createAgentPlansStore } from '../repositories/billing/agent-plans/agent-plans-store.ts';
import { createEarningsRepository } from '../repositories/billing/fan-payments/earnings.repository.ts';
import { createEntitlementsRepository } from '../repositories/billing/fan-payments/entitlements.repository.ts';
import { createFanPaymentsStore } from '../repositories/billing/fan-payments/fan-payments-store.ts';
import { createPurchasesRepository } from '../repositories/billing/fan-payments/purchases.repository.ts';
import { createSandboxPaymentsRepository } from '../repositories/billing/fan-payments/sandbox-payments.repository.ts';
import { createTipsRepository } from '../repositories/billing/fan-payments/tips.repository.ts';
import { createTransactionsRepository } from '../repositories/billing/fan-payments/transactions.repository.ts';
import { createPayoutsStore } from '../repositories/billing/payouts/payouts-store.ts';
import { createCreatorsRepository } from '../repositories/creators/creators.repository.ts';
import { createOnboardingRepository } from '../repositories/creators/onboarding.repository.ts';
import { createBookmarksRepository } from '../repositories/engagement/bookmarks.repository.ts';
import { createCommentsRepository } from '../repositories/engagement/comments.repository.ts';
import { createLikesRepository } from '../repositories/engagement/likes.repository.ts';
import { createListsRepository } from '../repositories/engagement/lists.repository.ts';
import { createBlockListRepository } from '../repositories/media/block-list.repository.ts';
import { createDeliveriesRepository } from '../repositories/media/deliveries.repository.ts';
import { createMediaRepository } from '../repositories/media/media.repository.ts';
import { createTakedownsRepository } from '../repositories/media/takedowns.repository.ts';
import { createConversationsRepository } from '../repositories/messages/conversations.repository.ts';
import {
  createFanListsRepository,
  createMassMessagesRepository,
} from '../repositories/messages/mass-messages.repository.ts';
import { createPostsRepository } from '../repositories/posts/index.ts';
import { createEventsRepository } from '../repositories/realtime/events.repository.ts';
import { createNotificationPreferencesRepository } from '../repositories/realtime/notification-preferences.repository.ts';
import { createNotificationsRepository } from '../repositories/realtime/notifications.repository.ts';
import { createPushRepository } from '../repositories/realtime/push.repository.ts';
import { createAccountDataRepository } from '../repositories/safety/account-data.repository.ts';
import { createBlocksRepository } from '../repositories/safety/blocks.repository.ts';
import { createDataExportsRepository } from '../repositories/safety/data-exports.repository.ts';
import { createEmailChangesRepository } from '../repositories/safety/email-changes.repository.ts';
import { createReportsRepository } from '../repositories/safety/reports.repository.ts';
import { createSupportRepository } from '../repositories/safety/support.repository.ts';
import { createVaultRepository } from '../repositories/vault/vault.repository.ts';

/**
 * Every repository, built once per app (and once per worker) from the one database handle. Modules
 * take what they need from here; nothing else constructs a repository. Billing's units of work
 * (`agentPlans`, `fanPayments`, `payouts`) hold their own repositories, bound to a transaction on demand.
 */
export function createRepositories(db: Database) {
  return {
    accountData: createAccountDataRepository(db),
    agentPlans: createAgentPlansStore(db),
    authTokens: createAuthTokensRepository(db),
    blocks: createBlocksRepository(db),
    bookmarks: createBookmarksRepository(db),
    comments: createCommentsRepository(db),
    conversations: createConversationsRepository(db),
    creators: createCreatorsRepository(db),
    dataExports: createDataExportsRepository(db),
    earnings: createEarningsRepository(db),
    emailChanges: createEmailChangesRepository(db),
    entitlements: createEntitlementsRepository(db),
    events: createEventsRepository(db),
    fanLists: createFanListsRepository(db),
    fanPayments: createFanPaymentsStore(db),
    payouts: createPayoutsStore(db),
    knownBrowsers: createKnownBrowsersRepository(db),
    likes: createLikesRepository(db),
    lists: createListsRepository(db),
    massMessages: createMassMessagesRepository(db),
    media: createMediaRepository(db),
    blockList: createBlockListRepository(db),
    deliveries: createDeliveriesRepository(db),
    takedowns: createTakedownsRepository(db),
    notifications: createNotificationsRepository(db),
    notificationPreferences: createNotificationPreferencesRepository(db),
    push: createPushRepository(db),
    oauth: createOAuthRepository(db),
    onboarding: createOnboardingRepository(db),
    passkeys: createPasskeysRepository(db),
    posts: createPostsRepository(db),
    purchases: createPurchasesRepository(db),
    reports: createReportsRepository(db),
    sandboxPayments: createSandboxPaymentsRepository(db),
    sessions: createSessionsRepository(db),
    support: createSupportRepository(db),
    tips: createTipsRepository(db),
    transactions: createTransactionsRepository(db),
    twoFactor: createTwoFactorRepository(db),
    users: createUsersRepository(db),
    vault: createVaultRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
