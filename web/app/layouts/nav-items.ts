import {
  Bookmark,
  CalendarClock,
  Compass,
  FileText,
  Gift,
  Handshake,
  House,
  Images,
  Info,
  ListChecks,
  type LucideIcon,
  Mail,
  MailCheck,
  Megaphone,
  MessageCircle,
  ScanSearch,
  Settings,
  Shield,
  Sparkles,
  SquarePlus,
  Tag,
  Type,
  UserPen,
  UserRound,
  Wallet,
} from 'lucide-react';
import type { RouteName } from '#common/routes.ts';

export interface NavItem {
  name: RouteName;
  label: string;
  icon: LucideIcon;
  badge?: string;
}

/** The left navigation, top to bottom (spec section 2, Layout). */
export const primaryNav: NavItem[] = [
  { name: 'home', label: 'Home', icon: House },
  { name: 'discover', label: 'Discover', icon: Compass },
  { name: 'creator', label: 'Become a Creator', icon: Sparkles },
  // The spec's mock-up marks Wallet 'Coming Soon'; the wallet is real now (decision 0015).
  { name: 'wallet', label: 'Wallet', icon: Wallet },
  { name: 'privateProfile', label: 'Profile', icon: UserRound },
  { name: 'messages', label: 'Messages', icon: MessageCircle },
  { name: 'bookmarks', label: 'Bookmarks', icon: Bookmark },
  { name: 'lists', label: 'Lists', icon: ListChecks },
];

/** The left navigation as this viewer sees it: "Become a Creator" only for those who may become one. */
export function primaryNavFor(standing: 'approved' | 'other' | 'unknown'): NavItem[] {
  return standing === 'other' ? primaryNav : primaryNav.filter((item) => item.name !== 'creator');
}

export const settingsNav: NavItem = { name: 'settings', label: 'Settings', icon: Settings };

/** The rest of the route table, listed in the phone menu after the primary items. */
export const moreNav: NavItem[] = [
  { name: 'postContent', label: 'Post new content', icon: SquarePlus },
  { name: 'postQueue', label: 'Scheduled posts and drafts', icon: CalendarClock },
  { name: 'vault', label: 'Vault', icon: Images },
  { name: 'massMessages', label: 'Mass messages', icon: Megaphone },
  { name: 'offers', label: 'Trials and promotions', icon: Gift },
  { name: 'traceLeak', label: 'Trace a leak', icon: ScanSearch },
  { name: 'pricing', label: 'Pricing', icon: Tag },
  { name: 'fontSettings', label: 'Font settings', icon: Type },
  { name: 'about', label: 'About', icon: Info },
  { name: 'contact', label: 'Contact', icon: Mail },
  { name: 'terms', label: 'Terms of Service', icon: FileText },
  { name: 'privacy', label: 'Privacy Policy', icon: Shield },
  { name: 'creatorAgreement', label: 'Creator Agreement', icon: Handshake },
];

/** Shown in the phone menu only when there is something to act on (a signed-in user, a pending email). */
export const editProfileNav: NavItem = { name: 'editProfile', label: 'Edit profile', icon: UserPen };
export const emailVerificationNav: NavItem = {
  name: 'emailVerification',
  label: 'Verify email',
  icon: MailCheck,
};

/**
 * Routes deliberately absent from the phone menu: the spec leaves out sign-in and sign-up (the account
 * menu has them); a public profile needs a creator to look at; a password reset needs the emailed token;
 * Google's return page needs its one-time code; the alias only redirects; creator review, reports,
 * support, payouts and the block list are for admins, who reach them from the account menu; a post's
 * page and a list's feed need a post or a list to show (their cards and the Lists page lead there); the earnings
 * overview and the payout settings are parts of the wallet, which links to them.
 */
export const routesNotInMobileMenu: RouteName[] = [
  'login',
  'register',
  'publicProfile',
  'resetPassword',
  'googleComplete',
  'postContentAlias',
  'adminCreators',
  'adminReports',
  'adminSupport',
  'adminSupportTicket',
  'adminPayouts',
  'adminBlockList',
  'adminTakedowns',
  'post',
  'list',
  'walletEarnings',
  'walletPayouts',
];
