/**
 * The layering `npm test` holds the code to (npm run deps). No import cycle between
 * files anywhere. No cycle between folders in app/: routes use components and lib;
 * components use lib; lib's folders (public, admin, uploads, security, document) use
 * lib's own files and never the other way round. (api/lib and api/store still lean on
 * each other; sorting api/ by job, http / ops / store, removes that, and then this rule
 * covers api/ too.)
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
      name: "no-folder-cycles-in-app",
      comment: "Folders in app/ depend one way: routes → components → lib → lib's own files.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/" },
      to: { path: "^app/", circular: true },
    },
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
