-- People who sign in through the organisation's OpenID Connect provider (lib/people): a person is
-- the pair (issuer, subject), never an email. Their name and email are sealed like every personal
-- field (`v1.<key id>.…`, bound to the person's id); the issuer and subject stay plain to be found.
CREATE TABLE "people" (
    "id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "display_name" TEXT,
    "email" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_sign_in_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "people_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "people_issuer_subject_key" ON "people"("issuer", "subject");

-- A person's sessions: the cookie carries a random token, the row only its SHA-256 (the key).
-- Idle sessions end SESSION_IDLE_HOURS after last_seen_at; every one ends at expires_at.
CREATE TABLE "person_sessions" (
    "token_hash" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "person_sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "person_sessions_person_id_idx" ON "person_sessions"("person_id");

-- CreateIndex
CREATE INDEX "person_sessions_expires_at_idx" ON "person_sessions"("expires_at");

-- AddForeignKey
ALTER TABLE "person_sessions" ADD CONSTRAINT "person_sessions_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Sign-ins under way: what the callback must check (state, nonce, the PKCE verifier) and where it
-- goes next. Keyed by the state's SHA-256 and bound to the browser that started it by the SHA-256 of
-- its sign-in cookie; the callback deletes the row as it reads it, so a replayed callback finds none.
CREATE TABLE "pending_sign_ins" (
    "state_hash" TEXT NOT NULL,
    "browser_hash" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pending_sign_ins_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "pending_sign_ins_expires_at_idx" ON "pending_sign_ins"("expires_at");
