import { noWebCryptoMessage } from "@/lib/browser/web-crypto";

/** "1 more read", "3 more reads". */
export const views = (count: number) => (count === 1 ? "1 more read" : `${count} more reads`);

/** The link of an end-to-end encrypted note has no key, or a malformed one: nothing was read. */
export function MissingKeyNotice({ missing }: { missing: boolean }) {
  return (
    <section className="card" aria-labelledby="key-heading" aria-live="polite">
      <h1 id="key-heading">{missing ? "This link is missing its key" : "This link's key is malformed"}</h1>
      <p>
        This note is end-to-end encrypted: it opens only with the key that follows the <code>#</code> in the
        link it was shared with. Browsers never send that part to the server, so it cannot be recovered here.
        Ask the sender for the whole link.
      </p>
      <p>Nothing was read: no view was spent.</p>
    </section>
  );
}

/** This page cannot decrypt (no WebCrypto outside a secure context): nothing was read. */
export function NoWebCryptoNotice() {
  return (
    <section className="card" aria-labelledby="webcrypto-heading" aria-live="polite">
      <h1 id="webcrypto-heading">This note cannot be decrypted here</h1>
      <p>{noWebCryptoMessage} Open the same link over HTTPS.</p>
      <p>Nothing was read: no view was spent.</p>
    </section>
  );
}

/** The note was read (a view was spent) but the link's key, or the password, does not open it. */
export function UndecryptableNotice(props: {
  message: string;
  burned: boolean;
  remainingViews: number | null;
}) {
  const { message, burned, remainingViews } = props;
  return (
    <section className="card" aria-labelledby="undecryptable-heading" aria-live="polite">
      <h1 id="undecryptable-heading">This note could not be decrypted</h1>
      <p role="alert">{message}</p>
      <p>
        {burned
          ? "Opening it used its last view: the note is now destroyed and cannot be opened again."
          : `Opening it counted as a view${remainingViews === null ? "" : ` (${views(remainingViews)} left)`}. Check that you have the whole link, including the part after #.`}
      </p>
    </section>
  );
}
