/**
 * The import rules of the architecture (README, "Where things live"), checked by
 * `npm run check:imports` (part of `npm run check`). Each rule names what it keeps apart and why.
 */
const TEST_FILE = '\\.test\\.tsx?$';
/** The content's schema, whose types (not its validators) src/shared/ and src/browser/ import. */
const CONTENT_TYPES = '^src/build/content/schema\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules that import each other cannot be read, tested or moved one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'src-not-scripts',
      severity: 'error',
      comment: 'scripts/ holds command-line entry points; the app, the server and the pipeline they share live under src/.',
      from: { path: '^src/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'app-not-tests',
      severity: 'error',
      comment: 'Test support lives under tests/; the app and its build config never load it (tests may).',
      from: { path: '^(src/|scripts/|vite\\.config\\.ts$)', pathNot: [TEST_FILE, '^scripts/bench-'] },
      to: { path: '^tests/' },
    },
    {
      name: 'components-not-features',
      severity: 'error',
      comment: 'Components, layouts, data and storage are shared by every feature, so they import none.',
      from: { path: '^src/(ui/components|ui/layouts|browser/data|browser/storage)/' },
      to: { path: '^src/ui/features/' },
    },
    {
      name: 'domain-without-ui',
      severity: 'error',
      comment: 'The domain layer is shared by the browser, the server and the tests: no React, no browser storage, no feature.',
      from: { path: '^src/shared/domain/' },
      to: {
        path: [
          '^src/(ui/features|ui/components|ui/layouts|browser/islands|browser/data|browser/storage|browser/runtime|server)/',
          '(^|/)node_modules/react(-dom)?/',
        ],
      },
    },
    {
      name: 'server-without-ui',
      severity: 'error',
      comment: 'The server imports the domain layer, never the browser features, components or storage; it renders pages only through the built server bundle.',
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '^src/(ui/features|ui/components|ui/layouts|browser/islands|browser/data|browser/runtime|browser/api|browser/storage)/' },
    },
    {
      name: 'server-without-storage',
      severity: 'error',
      comment:
        'Nothing the server loads, directly or through another module, touches browser storage (the names of its keys, which the head scripts need, are src/shared/storage-keys.ts).',
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '^src/browser/storage/', reachable: true },
    },
    {
      name: 'runtime-not-features',
      severity: 'error',
      comment: 'The runtime every page shares runs before and without any feature; a feature is loaded only as an island.',
      from: { path: '^src/browser/runtime/', pathNot: TEST_FILE },
      to: { path: '^src/ui/features/' },
    },
    {
      name: 'content-not-chrome',
      severity: 'error',
      comment: 'Content is read and validated in the build as data; the page chrome (layouts, components, head) renders it, never the reverse.',
      from: { path: '^src/build/content/', pathNot: TEST_FILE },
      to: { path: '^src/(ui/layouts|ui/components|ui/head|ui/features|browser/islands)/' },
    },
    {
      name: 'content-not-storage',
      severity: 'error',
      comment: "Content is the build's, the same for every visitor; what one browser keeps has no part in it.",
      from: { path: '^src/build/content/', pathNot: TEST_FILE },
      to: { path: '^src/browser/(storage|data)/' },
    },
    {
      name: 'storage-not-chrome',
      severity: 'error',
      comment: 'Browser storage is the bottom layer: it reads and writes values, and renders nothing.',
      from: { path: '^src/browser/(storage|data)/', pathNot: TEST_FILE },
      to: { path: '^src/(ui/layouts|ui/components|ui/head|browser/islands)/' },
    },
    {
      name: 'server-without-react',
      severity: 'error',
      comment: 'React reaches the server only inside the server bundle it loads by path, never through its own imports.',
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '(^|/)node_modules/react(-dom)?/', reachable: true },
    },
    {
      name: 'shared-runs-everywhere',
      severity: 'error',
      comment:
        "src/shared/ runs in the browser, on the server, in the build and in the tests alike, so it imports nothing of the other groups and no React. Only the content's types (src/build/content/schema.ts, imported with `import type`: a language's fields) are named; the rules' parser does not tell a type import from one that runs.",
      from: { path: '^src/shared/' },
      to: { path: ['^src/(browser|ui|build|server)/', '(^|/)node_modules/react(-dom)?/'], pathNot: CONTENT_TYPES },
    },
    {
      name: 'browser-not-server-or-build',
      severity: 'error',
      comment:
        "src/browser/ runs only in the visitor's browser: nothing of the server or the build (Node modules, the database, the content loader) may reach its bundle. Only the content's types (src/build/content/schema.ts, `import type`: the investor portal's copy) are named; tests may build what they check (the gate's hashes).",
      from: { path: '^src/browser/', pathNot: TEST_FILE },
      to: { path: '^src/(server|build)/', pathNot: CONTENT_TYPES },
    },
    {
      name: 'server-not-browser',
      severity: 'error',
      comment:
        "The server imports nothing that runs only in the browser (the A/B test's registry and assignment, which it checks beacons against, and the storage keys' names are in src/shared/).",
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '^src/browser/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-ssr|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
