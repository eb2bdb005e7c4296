// ESLint flat config: the page's modules run in the browser (window, worker, service worker);
// the tests and build scripts run in Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["build/", "node_modules/", ".venv/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
  },
  {
    files: ["scripts/**/*.mjs", "benchmarks/**/*.mjs", "tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    // New modules keep every function short (the older ones are being split as they change).
    files: ["web/js/drawing.js", "web/js/rules.js"],
    rules: { "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Split by concern (what follows a change of the grid; the work done ahead): kept so.
    files: ["web/js/background.js", "web/js/ahead.js"],
    rules: {
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
      complexity: ["error", 20],
    },
  },
  {
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
