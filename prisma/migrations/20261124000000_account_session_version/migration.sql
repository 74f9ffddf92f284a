-- Dashboard sessions are JWTs; a password change or "sign out everywhere" raises this number and
-- every token carrying an older one stops being accepted.
ALTER TABLE "Account" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
