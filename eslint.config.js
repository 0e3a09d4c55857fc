// One lint for the whole project: TypeScript's recommended rules with types, React's
// hook rules, and the boundaries docs/architecture.md draws between app/, api/ and common/.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Each side talks to the other only over HTTP; what both use lives in common/. */
const boundary = (forbidden, why) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: forbidden, message: why }] }],
});

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", ".cache/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always"],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/config.server.ts"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/api/**", "**/api"],
              message: "The app reaches the /api over HTTP only: share code through common/.",
            },
            {
              group: ["**/common/config"],
              message: "Import env from ~/lib/config.server, which keeps it out of the browser.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/**/*.ts"],
    rules: boundary(["**/app/**", "~/**"], "The /api stands alone: share code through common/."),
  },
  {
    files: ["common/**/*.ts"],
    rules: boundary(["**/app/**", "**/api/**", "~/**"], "common/ is shared by app/ and api/ and depends on neither."),
  },
);
