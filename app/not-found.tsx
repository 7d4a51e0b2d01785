import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

// One page for unknown, expired and burned notes alike, so nobody learns which it was.
export default function NotFound() {
  return (
    <section className="card">
      <h1>Nothing here</h1>
      <p>
        This note does not exist. It may never have existed, it may have expired, or it may have been read for
        the last time and destroyed.
      </p>
      <p>
        <Link href="/">Create a new note</Link>
      </p>
    </section>
  );
}
