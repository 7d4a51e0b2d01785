import type { HeaderLookup } from "../http/api-request";
import { randomAlphanumeric } from "../crypto/random-string";
import { processSingleton } from "../process/process-singleton";

// The connecting address of a request, as the front server saw it on the socket, handed to the
// route code in a request header. The header's name is random, drawn once per process: a client
// cannot send a header it cannot name, and under any other server (`next dev`, a serverless
// platform) nobody sets it, so there the address is simply unknown.
export const socketAddressHeader = processSingleton(
  "socket-address-header",
  () => `x-notes-socket-${randomAlphanumeric(24).toLowerCase()}`,
);

/** The socket address stamped by our front server, or undefined when it is not in front. */
export function socketAddress(headers: HeaderLookup): string | undefined {
  return headers.get(socketAddressHeader) ?? undefined;
}
