import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { fileLimits } from "@/lib/files/file-limits";
import { ApiError } from "@/lib/http/api-error";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { signedInOf } from "@/lib/people/sign-in-gate";
import { getRequestForResponder } from "@/lib/requests/get-request";
import { toRequestResponse } from "@/lib/requests/request-response";
import { SignInToOpen } from "../../sign-in-to-open";
import { RequestView } from "./request-view";
import "../../files.css";
import "../requests.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("requests");
  return { title: t("answerHeading"), robots: { index: false, follow: false } };
}

const messages = ["requests", "files", "apiFailure", "encryption"] as const;

// GET /requests/<id>: a responder's page (the public link), or, with the private key in the
// fragment, the requester's (the private link). The server renders what every responder may see; the
// fragment never reaches it, and the browser decides which view to show. A request for members only
// shows a signed-out visitor (the requester's private link too) the way to sign in instead.
export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const request = await getRequestForResponder(id, signedInOf(await headers())).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    if (error instanceof ApiError && error.code === "sign_in_required") return null;
    throw error;
  });
  if (request === null) {
    return (
      <ClientMessages namespaces={["membersOnly"]}>
        <SignInToOpen kind="request" path={`/requests/${id}`} />
      </ClientMessages>
    );
  }
  return (
    <ClientMessages namespaces={messages}>
      {/* Answers hold the limits of notes created without an API key. */}
      <RequestView request={toRequestResponse(request)} fileLimits={fileLimits(false)} />
    </ClientMessages>
  );
}
