import { describe, expect, it } from 'vitest';
import { fanPaymentMessages as m } from '../../common/schemas/fan-payments.ts';
import { massMessageMessages } from '../../common/schemas/mass-messages.ts';
import { messageMessages } from '../../common/schemas/messages.ts';
import { offerMessages } from '../../common/schemas/offers.ts';
import { tipMessages } from '../../common/schemas/tips.ts';
import type { CreatorSubscriptionRecord } from '../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type { OfferRecord } from '../repositories/billing/fan-payments/offers.repository.ts';
import type { PersonRecord } from '../repositories/messages/conversations.repository.ts';
import { actorOf, can, refusalOf } from './access.ts';

const fan = actorOf({ id: 'fan', role: 'user', isEmailVerified: true });
const unverifiedFan = actorOf({ id: 'fan', role: 'user', isEmailVerified: false });
const creator = actorOf({ id: 'creator', role: 'user', isEmailVerified: true });
const page = { userId: 'creator', status: 'approved' as const };
const now = new Date('2026-01-10T00:00:00Z');

describe('messages', () => {
  const person = (
    creatorPage: Partial<NonNullable<PersonRecord['creator']>> | null = null,
  ): PersonRecord => ({
    id: 'creator',
    firstName: 'Cleo',
    lastName: 'Creator',
    profileImage: null,
    isEmailVerified: true,
    creator: creatorPage && {
      id: 'page',
      handle: 'cleo',
      displayName: 'Cleo',
      avatarUrl: null,
      status: 'approved',
      messagesSubscribersOnly: false,
      ...creatorPage,
    },
  });

  it('tells an unverified sender every refusal as EMAIL_NOT_VERIFIED, in the order of the rules', () => {
    const facts = { recipient: person(), blocked: true, senderSubscribes: false };
    expect(refusalOf(fan, 'message:write', facts)).toEqual({
      code: 'FORBIDDEN',
      message: messageMessages.blocked,
    });
    expect(refusalOf(unverifiedFan, 'message:write', facts)).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: messageMessages.blocked,
    });
    expect(refusalOf(unverifiedFan, 'message:write', { ...facts, blocked: false })).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: messageMessages.verify,
    });
    expect(refusalOf(creator, 'message:write', { ...facts, blocked: false })?.message).toBe(
      messageMessages.yourself,
    );
  });

  it('keeps a subscribers-only creator to subscribers', () => {
    const facts = {
      recipient: person({ messagesSubscribersOnly: true }),
      blocked: false,
      senderSubscribes: false,
    };
    expect(refusalOf(fan, 'message:write', facts)?.message).toBe(messageMessages.subscribersOnly('Cleo'));
    expect(can(fan, 'message:write', { ...facts, senderSubscribes: true })).toBe(true);
  });

  it('answers an unlock of a message in the order of its rules', () => {
    const message = {
      senderId: 'creator',
      priceCents: 500,
      recipientId: 'fan',
      hasItems: true,
      sellerApproved: true,
      blocked: false,
      owned: false,
    };
    expect(can(fan, 'message:unlock', message)).toBe(true);
    expect(refusalOf(creator, 'message:unlock', message)).toEqual({
      code: 'FORBIDDEN',
      message: messageMessages.ownMessage,
    });
    expect(refusalOf(actorOf({ id: 'stranger', role: 'user' }), 'message:unlock', message)?.code).toBe(
      'NOT_FOUND',
    );
    expect(refusalOf(fan, 'message:unlock', { ...message, blocked: true, owned: true })?.message).toBe(
      messageMessages.blocked,
    );
    expect(refusalOf(fan, 'message:unlock', { ...message, sellerApproved: false })?.message).toBe(
      messageMessages.notForSale,
    );
    expect(refusalOf(fan, 'message:unlock', { ...message, owned: true })).toEqual({
      code: 'CONFLICT',
      message: messageMessages.alreadyUnlocked,
    });
  });

  it('shows a priced message in full to its sender and a buyer, never across a block', () => {
    const message = { senderId: 'creator', priceCents: 500, purchased: false, blocked: false };
    expect(can(creator, 'message:content', message)).toBe(true);
    expect(can(fan, 'message:content', message)).toBe(false);
    expect(can(fan, 'message:content', { ...message, purchased: true })).toBe(true);
    expect(can(fan, 'message:content', { ...message, purchased: true, blocked: true })).toBe(false);
    expect(can(fan, 'message:content', { ...message, priceCents: null })).toBe(true);
  });

  it('keeps mass messages to approved creators and a mass message to its sender', () => {
    expect(refusalOf(fan, 'mass-message:send', { creator: null })).toEqual({
      code: 'FORBIDDEN',
      message: massMessageMessages.creatorsOnly,
    });
    expect(can(creator, 'mass-message:send', { creator: { status: 'pending' } })).toBe(false);
    expect(can(creator, 'mass-message:send', { creator: { status: 'approved' } })).toBe(true);
    expect(refusalOf(fan, 'mass-message:view', { senderId: 'creator' })?.code).toBe('NOT_FOUND');
  });
});

describe('fan payments', () => {
  const subscription = (status: CreatorSubscriptionRecord['status'], end: Date) =>
    ({
      status,
      currentPeriodEnd: end,
      startedAt: new Date('2025-12-01T00:00:00Z'),
    }) as CreatorSubscriptionRecord;

  it('refuses Subscribe Now for yourself, across a block, on a page not approved, and while one renews', () => {
    const facts = { creator: page, blocked: false, subscription: null, now };
    expect(refusalOf(creator, 'creator:subscribe', facts)?.message).toBe(m.cannotSubscribeSelf);
    expect(refusalOf(fan, 'creator:subscribe', { ...facts, blocked: true })?.message).toBe(
      m.cannotSubscribeBlocked,
    );
    expect(
      refusalOf(fan, 'creator:subscribe', { ...facts, creator: { ...page, status: 'pending_review' } })
        ?.message,
    ).toBe(m.creatorNotAccepting);
    const renewing = subscription('active', new Date('2026-02-01T00:00:00Z'));
    expect(refusalOf(fan, 'creator:subscribe', { ...facts, subscription: renewing })).toEqual({
      code: 'CONFLICT',
      message: m.alreadySubscribed,
    });
    const canceled = subscription('canceled', new Date('2026-02-01T00:00:00Z'));
    expect(can(fan, 'creator:subscribe', { ...facts, subscription: canceled })).toBe(true);
  });

  it('asks the creator account only when it is given (the profile button asks the page)', () => {
    const gone = { creator: page, blocked: false, creatorUser: null };
    expect(refusalOf(fan, 'creator:tip', gone)).toEqual({
      code: 'FORBIDDEN',
      message: tipMessages.notAccepting,
    });
    expect(can(fan, 'creator:tip', { creator: page, blocked: false })).toBe(true);
    expect(refusalOf(creator, 'creator:tip', gone)?.message).toBe(tipMessages.yourself);
  });

  it('keeps payments, subscriptions and a creator’s books to their owners', () => {
    expect(refusalOf(fan, 'fan-payment:verify', { fanId: 'someone' })).toEqual({
      code: 'NOT_FOUND',
      message: m.paymentNotFound,
    });
    expect(can(fan, 'fan-subscription:manage', { fanId: 'fan' })).toBe(true);
    expect(refusalOf(fan, 'creator:books', { creatorUserId: null })).toEqual({
      code: 'FORBIDDEN',
      message: m.notCreator,
    });
    expect(can(creator, 'subscriber:manage', { creatorId: 'page', subscriptionCreatorId: 'page' })).toBe(
      true,
    );
    expect(can(creator, 'subscriber:manage', { creatorId: 'page', subscriptionCreatorId: 'other' })).toBe(
      false,
    );
  });

  it('says why an offer cannot be taken, the offer’s own state first', () => {
    const offer = {
      kind: 'promotion',
      audience: 'new',
      stoppedAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: null,
      maxClaims: null,
    } as unknown as OfferRecord;
    const facts = {
      offer,
      claims: 0,
      isOwner: true,
      blocked: false,
      claimed: false,
      subscription: null,
      now,
    };
    expect(refusalOf(fan, 'offer:claim', facts)).toEqual({ code: 'CONFLICT', message: offerMessages.ended });
    const open = { ...offer, stoppedAt: null } as OfferRecord;
    expect(refusalOf(fan, 'offer:claim', { ...facts, offer: open })?.message).toBe(offerMessages.yourOwn);
    const lapsed = subscription('expired', new Date('2026-01-01T00:00:00Z'));
    expect(
      refusalOf(fan, 'offer:claim', { ...facts, offer: open, isOwner: false, subscription: lapsed })?.message,
    ).toBe(offerMessages.notNew);
  });
});
