/**
 * The layering `npm test` holds the code to (npm run deps). No import cycle between
 * files anywhere, and none between folders in app/ and api/.
 *
 * app/: routes use components and lib; components use lib; lib is by feature (upstream,
 * paging, paths, news, events, gallery, public, admin and its own folders, uploads,
 * security, document): a folder uses lib's top-level files and other folders, never one
 * that uses it back.
 *
 * api/ is sorted by job and depends one way, ops → http → store (an arrow reads "may
 * import"; ops is on top because starting the /api builds the HTTP app, and the demo
 * seed and the admin user reuse http's image processing and password hashing):
 *   ops/    starts and stops the /api (start-up.ts builds the HTTP app on an opened,
 *           migrated store) and keeps the data: DATA_DIR and its lock, integrity,
 *           backup, restore, snapshots, pg_dump, the admin user, the demo content;
 *   http/   the Hono app (app.ts), its routes/ and what they share in lib/ (validation,
 *           errors, auth, lists, images, passwords, tokens): app.ts → routes → lib;
 *   store/  schema, migrations and queries; it knows neither http nor ops.
 * api/index.ts is the door server.ts uses; nothing inside api/ imports it.
 *
 * scripts/ imports nothing from tests/: what both need (a child process, the server on
 * a free port, a throwaway PostgreSQL) is in scripts/lib/.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A file must not import, through any chain, a file that imports it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      comment: "Folders in app/ and api/ depend one way (see the top of this file).",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|api)/" },
      to: { path: "^(app|api)/", circular: true },
    },
    // One-way imports: no file matching `from` imports one matching `to`.
    ...[
      [
        "api-store-is-the-bottom",
        "^api/store/",
        "^api/(http|ops)/",
        "api/store/ reads and writes the data; it imports neither api/http/ nor api/ops/.",
      ],
      [
        "api-mail-below-http",
        "^api/mail/",
        "^api/(http|ops)/",
        "api/mail/ writes and sends e-mail on a store it is given; routes and start-up use it, not the reverse.",
      ],
      [
        "api-http-below-ops",
        "^api/http/",
        "^api/ops/",
        "api/http/ answers requests on a store it is given; starting and stopping are api/ops/'s.",
      ],
      [
        "api-door-is-for-outside",
        "^api/.+/",
        "^api/index\\.ts$",
        "api/index.ts is for server.ts, scripts and tests; code inside api/ imports the module itself.",
      ],
      [
        "scripts-import-no-tests",
        "^scripts/",
        "^tests/",
        "What scripts and tests both need lives in scripts/lib/; tests may import it, not the reverse.",
      ],
    ].map(([name, from, to, comment]) => ({
      name,
      comment,
      severity: "error",
      from: { path: from },
      to: { path: to },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};
