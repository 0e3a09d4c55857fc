/**
 * What server.ts hands every Remix loader and action besides the request (the load
 * context). Under remix-serve alone it is empty, and the app goes to API_URL.
 */
export type ApiFetch = (request: Request) => Promise<Response>;

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The embedded API, called in-process; absent when the app runs against API_URL. */
    apiFetch?: ApiFetch;
    /** The per-request nonce that the Content-Security-Policy allows scripts by. */
    cspNonce?: string;
    /** The visitor's address as server.ts judged it, forwarded for the login throttle. */
    clientAddress?: string;
    /** The visitor's browser, forwarded so the sessions list can name the device. */
    userAgent?: string;
  }
}
