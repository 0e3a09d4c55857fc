/**
 * The embedded /api's front door: all that server.ts needs, so it does not have to know
 * how api/ is sorted (http/ answers requests, ops/ starts, stops and keeps the data,
 * store/ reads and writes it; see docs/architecture.md, 'The /api (api/)').
 */
export { clientAddress } from "./http/lib/client-address";
export { prepareDataDir } from "./ops/data-dir";
export { stopGracefullyOnSignals } from "./ops/graceful-shutdown";
export { OperatorError } from "./ops/operator-error";
export { createApi, type Api, type ApiOptions } from "./ops/start-up";
export { postgresSettingsOf, redactedUrl } from "./store/postgres";
