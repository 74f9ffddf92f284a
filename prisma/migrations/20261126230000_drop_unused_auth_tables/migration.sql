-- next-auth's database sessions and e-mail tokens were never used (sessions are JWTs; ended
-- sessions are listed in "RevokedSession"; invitations have their own table).
DROP TABLE IF EXISTS "Session";
DROP TABLE IF EXISTS "VerificationToken";
