/**
 * Reading a ticket's QR code: the browser's own BarcodeDetector where it has one (Chrome on Android,
 * Safari), else jsQR, a small decoder loaded only when a host scans.
 */
interface Detector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

let detector: Detector | null | undefined;
function nativeDetector(): Detector | null {
  if (detector === undefined) {
    try {
      detector = window.BarcodeDetector ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
    } catch {
      detector = null;
    }
  }
  return detector;
}

const canvas = () => document.createElement("canvas");

/** The text of the first QR code in an image or a video frame, or null. */
export async function readQrCode(source: ImageBitmap | HTMLVideoElement): Promise<string | null> {
  const native = nativeDetector();
  if (native) {
    const [found] = await native.detect(source).catch(() => []);
    if (found) return found.rawValue;
  }
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  const c = canvas();
  c.width = width;
  c.height = height;
  const context = c.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  const { default: jsQR } = await import("jsqr");
  const image = context.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height)?.data ?? null;
}

/** A QR code of `text` as a PNG data URL (qrcode, loaded with the ticket). */
export async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import("qrcode");
  return toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width: 240 });
}
