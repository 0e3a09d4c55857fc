import Bowser from "bowser";

/** 'Firefox on Windows', 'Safari on iOS': what the sessions list calls a sign-in's device. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || "Unknown device";
}
