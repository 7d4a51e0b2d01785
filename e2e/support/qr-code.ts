import type { Locator } from "@playwright/test";
import jsQR from "jsqr";

/** What a QR code drawn on a canvas says, read back from its pixels; null when it is no QR code. */
export async function readQrCode(canvas: Locator): Promise<string | null> {
  const image = await canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext("2d")!.getImageData(0, 0, element.width, element.height);
    return { data: Array.from(pixels.data), width: pixels.width, height: pixels.height };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}
