-- Administrators by the provider's word (ADMIN_EMAILS, ADMIN_GROUPS): a person's groups as their
-- last sign-in gave them, sealed like their name and email (a JSON array, bound to the person).
ALTER TABLE "people" ADD COLUMN "groups" TEXT;

-- Who acted in the admin audit log: a person's id (their name and email stay sealed in "people");
-- none for the admin secret.
ALTER TABLE "admin_audit_log" ADD COLUMN "actor_person_id" TEXT;

-- An administrator ended every session of a person.
ALTER TYPE "admin_action" ADD VALUE 'sessions_ended';
