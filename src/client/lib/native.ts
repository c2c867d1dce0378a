import { PHOTO_QUALITY } from "@contract/limits";
import type { MapsPlatform } from "@contract/places";
import { UI_TEXTS } from "@contract/shell-texts";
import { text } from "./i18n";

type HapticStrength = "light" | "medium" | "heavy";

export type Position = {
  latitude: number;
  longitude: number;
  accuracy: number;
  altitude: number | null;
  altitudeAccuracy: number | null;
  heading: number | null;
  speed: number | null;
};

/** Why a position could not be read: the place picker shows it; Discover only logs it and loads without one. */
class LocationError extends Error {
  constructor(readonly why: "locationDenied" | "locationFailed" | "locationUnsupported") {
    super(text(UI_TEXTS, why));
  }
}

// The plugins load when first used on a device, not with the first screen of every browser visit.
const haptics = () => import("@capacitor/haptics");
const geolocation = () => import("@capacitor/geolocation").then((m) => m.Geolocation);
const camera = () => import("@capacitor/camera");
const vibrationMs: Record<HapticStrength, number> = { light: 10, medium: 20, heavy: 30 };

/** What the app's native shells put on `window` before the page loads (read as @capacitor/core reads it). */
type CapacitorWindow = Window & {
  CapacitorCustomPlatform?: { name: string };
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
};

/**
 * "ios", "android" or "web", decided as `Capacitor.getPlatform()` decides it, from the native bridge's
 * globals: a browser visit learns it is not in an app without downloading Capacitor's runtime (the
 * plugins bring it when a device first uses them).
 */
function platform(): string {
  // The server drawing a first screen is no device: the web app's.
  if (typeof window === "undefined") return "web";
  const win = window as CapacitorWindow;
  if (win.CapacitorCustomPlatform) return win.CapacitorCustomPlatform.name;
  if (win.androidBridge) return "android";
  if (win.webkit?.messageHandlers?.bridge) return "ios";
  return "web";
}

function isNative() {
  return platform() !== "web";
}

/** Which maps app a link should open: the device's platform, or in a browser the phone's system by its user agent. */
function mapsPlatform(): MapsPlatform {
  if (isNative()) return platform() === "ios" ? "ios" : "android";
  const agent = navigator.userAgent;
  // iPadOS reports a Mac: a touch screen tells them apart.
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return "ios";
  return /Android/.test(agent) ? "android" : "web";
}

async function haptic(strength: HapticStrength = "light"): Promise<void> {
  try {
    if (isNative()) {
      const { Haptics, ImpactStyle } = await haptics();
      const impact = { light: ImpactStyle.Light, medium: ImpactStyle.Medium, heavy: ImpactStyle.Heavy };
      await Haptics.impact({ style: impact[strength] });
      return;
    }
    if (typeof navigator !== "undefined" && typeof navigator.vibrate === "function") {
      navigator.vibrate(vibrationMs[strength]);
    }
  } catch {
    // Haptics are a nicety; a device without them must not break a tap.
  }
}

async function getPosition(): Promise<Position> {
  if (isNative()) {
    try {
      const Geolocation = await geolocation();
      const permission = await Geolocation.checkPermissions();
      if (permission.location === "denied") throw new LocationError("locationDenied");
      if (permission.location !== "granted") {
        const requested = await Geolocation.requestPermissions();
        if (requested.location === "denied") throw new LocationError("locationDenied");
      }
      const { coords } = await Geolocation.getCurrentPosition({ enableHighAccuracy: true });
      return {
        latitude: coords.latitude,
        longitude: coords.longitude,
        accuracy: coords.accuracy,
        altitude: coords.altitude ?? null,
        altitudeAccuracy: coords.altitudeAccuracy ?? null,
        heading: coords.heading ?? null,
        speed: coords.speed ?? null,
      };
    } catch (error) {
      if (error instanceof LocationError && error.why === "locationDenied") throw error;
      throw new LocationError("locationFailed");
    }
  }
  if (typeof navigator === "undefined" || !navigator.geolocation) throw new LocationError("locationUnsupported");
  return new Promise<Position>((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
          altitude: coords.altitude,
          altitudeAccuracy: coords.altitudeAccuracy,
          heading: coords.heading,
          speed: coords.speed,
        }),
      (error) =>
        reject(new LocationError(error.code === error.PERMISSION_DENIED ? "locationDenied" : "locationFailed")),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/**
 * Whether the app may already read the position without asking (An event created with
 * location granted and no place picked takes the device's position). Never prompts.
 */
async function locationGranted(): Promise<boolean> {
  try {
    if (isNative()) return (await (await geolocation()).checkPermissions()).location === "granted";
    if (typeof navigator === "undefined" || !navigator.permissions?.query) return false;
    return (await navigator.permissions.query({ name: "geolocation" })).state === "granted";
  } catch {
    return false;
  }
}

function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(text(UI_TEXTS, "imageUnreadable")));
    reader.readAsDataURL(file);
  });
}

/** Resolves with a data URL; rejects when the user cancels or the pick fails. */
async function pickPhoto(): Promise<string> {
  if (isNative()) {
    const { Camera, CameraResultType, CameraSource } = await camera();
    const photo = await Camera.getPhoto({
      quality: PHOTO_QUALITY,
      allowEditing: true,
      resultType: CameraResultType.DataUrl,
      source: CameraSource.Prompt,
    });
    if (!photo.dataUrl) throw new Error(UI_TEXTS.noImage);
    return photo.dataUrl;
  }
  return new Promise<string>((resolve, reject) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "image/*";
    input.style.display = "none";
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      input.remove();
      if (!file) return reject(new Error(UI_TEXTS.noImage));
      readFileAsDataUrl(file).then(resolve, reject);
    });
    input.addEventListener("cancel", () => {
      input.remove();
      reject(new Error(UI_TEXTS.noImage));
    });
    document.body.appendChild(input);
    input.click();
  });
}

/** The one bridge to device features (location, haptics, photos), with browser fallbacks. */
export const native = { isNative, platform, mapsPlatform, haptic, getPosition, locationGranted, pickPhoto };
