-- One photo per account: a creator's avatar is their account's profile image (header, menus,
-- messages). Accounts that became creators before this have it copied once.
UPDATE "users" SET "profile_image" = "creator_profiles"."avatar_url", "updated_at" = now()
FROM "creator_profiles"
WHERE "creator_profiles"."user_id" = "users"."id"
  AND "users"."profile_image" IS NULL
  AND "creator_profiles"."avatar_url" IS NOT NULL;
