/**
 * The app's door to the process configuration, which common/config.ts owns. A .server
 * module, so the Remix compiler keeps the configuration (and its zod schema) out of
 * the browser: app code imports it from here, never from common/ directly (a lint rule
 * says so).
 */
export { env, sessionSecret } from "../../common/config";
