"use client";

import QRCode from "qrcode";
import { useEffect, useRef } from "react";
import "./link-qr-code.css";

/** A link as a QR code, drawn here in the browser: the link never goes to a QR service. */
export function LinkQrCode({ url, label }: { url: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, url, { margin: 1, width: 192 });
  }, [url]);
  return <canvas ref={canvas} className="qr" role="img" aria-label={label} />;
}
