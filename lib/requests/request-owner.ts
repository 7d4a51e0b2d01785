import type { HeaderLookup } from "../http/api-request";
import "server-only";
import { secretMatchesHash } from "../crypto/secret-hash";
import { isWellFormedOwnerProof } from "../crypto/request-envelope";
import { ApiError } from "../http/api-error";
import { getRequest, type OpenedRequest } from "./get-request";
import { ownerProofHeader } from "./request-policy";

/**
 * The live request `id`, when `headers` carry its owner proof: what the requester's private link
 * derives. not_found for an unknown or expired request; wrong_owner_proof (403) for a missing,
 * malformed or wrong proof.
 */
export async function authorizeOwner(id: string, headers: HeaderLookup): Promise<OpenedRequest> {
  const request = await getRequest(id);
  const proof = headers.get(ownerProofHeader);
  if (!isWellFormedOwnerProof(proof) || !secretMatchesHash(String(proof), request.owner_proof_hash)) {
    throw new ApiError(
      "wrong_owner_proof",
      "Only the requester may do this: send X-Owner-Proof, derived from the private link's key.",
    );
  }
  return request;
}
