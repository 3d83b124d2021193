/** Sizes, lengths, prices and timings from the product spec, kept in one place. */
export const limits = {
  mobileBreakpointPx: 768,
  searchMinWidthPx: 409,
  scrollToTopRepeatMs: 100,
  streamReconnectMs: 5000,
  verificationResendSeconds: 600,
  verificationCodeLength: 6,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  minimumAge: 18,
  profileImageMaxBytes: 2 * 1024 * 1024,
  propertyImageMaxBytes: 5 * 1024 * 1024,
  bannerImageMaxBytes: 5 * 1024 * 1024,
  identityDocumentMaxBytes: 10 * 1024 * 1024,
  bioMaxLength: 500,
  /** Browsers one account keeps push on in; turning it on in one more drops the oldest. */
  pushDevicesPerUser: 10,
  postDescriptionMaxLength: 500,
  /** Posts one creator may have waiting for their scheduled time. */
  scheduledPostsMax: 500,
  /** Photos and videos in one post (a carousel). */
  postItemsMax: 20,
  onboardingSteps: 8,
  discoverProgressMs: 10_000,
  mediaInViewThreshold: 0.5,
  conversationPreviewChars: 30,
  supportReplyHours: 24,
  toast: { visible: 3, durationMs: 4000, widthPx: 356, gapPx: 14, swipeThresholdPx: 20, removeDelayMs: 200 },
  tooltip: { delayMs: 700, skipDelayMs: 300 },
  pagination: { defaultLimit: 20, maxLimit: 100 },
  nameMaxLength: 50,
  emailMaxLength: 254,
  imageUrlMaxLength: 2048,
  media: {
    /** Defaults of MEDIA_MAX_IMAGE_BYTES and MEDIA_MAX_VIDEO_BYTES (post media through tus). */
    postImageMaxBytes: 25 * 1024 * 1024,
    postVideoMaxBytes: 2 * 1024 * 1024 * 1024,
    /** Decompression-bomb guard: width x height, read from the header before decoding. */
    maxImagePixels: 50_000_000,
    /** WebP widths made from every image (never upscaled); the JPEG fallback is the middle one. */
    imageWidths: [320, 640, 1280, 2048],
    fallbackWidth: 640,
    signedUrlTtlSeconds: 10 * 60,
    uploadsPerHour: 60,
  },
  auth: {
    verificationCodeTtlSeconds: 10 * 60,
    verificationCodeAttempts: 5,
    resetTokenTtlSeconds: 60 * 60,
    sessionTtlDays: 30,
    googleExchangeCodeTtlSeconds: 2 * 60,
  },
} as const;
