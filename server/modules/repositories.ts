import type { Database } from '../db/client.ts';
import { createAccountDataRepository } from '../repositories/account-data.repository.ts';
import { createAgentPlansStore } from '../repositories/agent-plans-store.ts';
import { createAuthTokensRepository } from '../repositories/auth-tokens.repository.ts';
import { createBlocksRepository } from '../repositories/blocks.repository.ts';
import { createBookmarksRepository } from '../repositories/bookmarks.repository.ts';
import { createCommentsRepository } from '../repositories/comments.repository.ts';
import { createConversationsRepository } from '../repositories/conversations.repository.ts';
import { createCreatorsRepository } from '../repositories/creators.repository.ts';
import { createEarningsRepository } from '../repositories/earnings.repository.ts';
import { createEmailChangesRepository } from '../repositories/email-changes.repository.ts';
import { createEntitlementsRepository } from '../repositories/entitlements.repository.ts';
import { createEventsRepository } from '../repositories/events.repository.ts';
import { createFanPaymentsStore } from '../repositories/fan-payments-store.ts';
import { createKnownBrowsersRepository } from '../repositories/known-browsers.repository.ts';
import { createLikesRepository } from '../repositories/likes.repository.ts';
import { createListsRepository } from '../repositories/lists.repository.ts';
import {
  createFanListsRepository,
  createMassMessagesRepository,
} from '../repositories/mass-messages.repository.ts';
import { createMediaRepository } from '../repositories/media.repository.ts';
import { createNotificationPreferencesRepository } from '../repositories/notification-preferences.repository.ts';
import { createNotificationsRepository } from '../repositories/notifications.repository.ts';
import { createOAuthRepository } from '../repositories/oauth.repository.ts';
import { createOnboardingRepository } from '../repositories/onboarding.repository.ts';
import { createPasskeysRepository } from '../repositories/passkeys.repository.ts';
import { createPayoutsStore } from '../repositories/payouts-store.ts';
import { createPostsRepository } from '../repositories/posts.repository.ts';
import { createPurchasesRepository } from '../repositories/purchases.repository.ts';
import { createReportsRepository } from '../repositories/reports.repository.ts';
import { createSandboxPaymentsRepository } from '../repositories/sandbox-payments.repository.ts';
import { createSessionsRepository } from '../repositories/sessions.repository.ts';
import { createSupportRepository } from '../repositories/support.repository.ts';
import { createTipsRepository } from '../repositories/tips.repository.ts';
import { createTransactionsRepository } from '../repositories/transactions.repository.ts';
import { createTwoFactorRepository } from '../repositories/two-factor.repository.ts';
import { createUsersRepository } from '../repositories/users.repository.ts';
import { createVaultRepository } from '../repositories/vault.repository.ts';

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
    notifications: createNotificationsRepository(db),
    notificationPreferences: createNotificationPreferencesRepository(db),
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
