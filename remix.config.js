/**
 * Remix 2, classic compiler. The server build is an ES module loaded by server.ts
 * (or by remix-serve when the app is deployed alone against another upstream).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  // Packages published only as ESM (or with CSS side effects) must be bundled.
  serverDependenciesToBundle: [/^react-toastify/, /^@reach\//, /^react-remove-scroll/, /^tslib$/],
  // Opt in to the React Router v7 behaviours that need no code change here. Single fetch
  // is decided against for now (README, "Why not single fetch yet"): its client code does
  // not fit the public pages' 90 KB JavaScript budget. Said explicitly, so no build nags.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
