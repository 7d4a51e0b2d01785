"use client";

import { useEffect, useState } from "react";

function remaining(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  if (days > 0) return `${days} d ${hours} h ${minutes} min`;
  if (hours > 0) return `${hours} h ${minutes} min ${secs} s`;
  return `${minutes} min ${secs} s`;
}

/** "Expires in …", counting down every second; calls onExpired when it reaches zero. */
export function NoteCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: number | null;
  onExpired?: () => void;
}) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const left = expiresAt === null ? null : expiresAt - now;
  useEffect(() => {
    if (left !== null && left <= 0) onExpired?.();
  }, [left, onExpired]);

  if (expiresAt === null) return <span>Never expires</span>;
  const at = new Date(expiresAt * 1000);
  return (
    <span>
      Expires in{" "}
      <time dateTime={at.toISOString()} title={at.toLocaleString()} suppressHydrationWarning>
        {remaining(Math.max(left ?? 0, 0))}
      </time>
    </span>
  );
}
