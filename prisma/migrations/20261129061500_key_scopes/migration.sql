-- API key scopes, restrictions and expiry (docs/decisions/031-key-scopes.md). Existing keys keep
-- empty lists and no expiry: their role decides, exactly as before.
ALTER TABLE "ApiKey" ADD COLUMN "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "ApiKey" ADD COLUMN "groupIds" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "ApiKey" ADD COLUMN "domains" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "ApiKey" ADD COLUMN "expiresAt" TIMESTAMP(3);
