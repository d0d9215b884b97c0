/**
 * The import rules of the architecture (README, "Where things live"), checked by
 * `npm run check:imports` (part of `npm run check`). Each rule names what it keeps apart and why.
 */
const TEST_FILE = '\\.test\\.tsx?$';

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
      name: 'shared-not-features',
      severity: 'error',
      comment: 'Components, layouts, data and storage are shared by every feature, so they import none.',
      from: { path: '^src/(components|layouts|data|storage)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'domain-without-ui',
      severity: 'error',
      comment: 'The domain layer is shared by the browser, the server and the tests: no React, no browser storage, no feature.',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(features|components|layouts|islands|data|storage|runtime|server)/', '(^|/)node_modules/react(-dom)?/'] },
    },
    {
      name: 'server-without-ui',
      severity: 'error',
      comment:
        'The server imports the domain layer, never the browser features, components or storage (only the names of its keys); it renders pages only through the built server bundle.',
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '^src/(features|components|layouts|islands|data|runtime|api|storage)/', pathNot: '^src/storage/keys\\.ts$' },
    },
    {
      name: 'server-without-storage',
      severity: 'error',
      comment:
        'Nothing the server loads, directly or through another module, touches browser storage: only the names of its keys (src/storage/keys.ts, constants without code) may be shared, for the scripts a page runs in its head.',
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '^src/storage/', pathNot: '^src/storage/keys\\.ts$', reachable: true },
    },
    {
      name: 'runtime-not-features',
      severity: 'error',
      comment: 'The runtime every page shares runs before and without any feature; a feature is loaded only as an island.',
      from: { path: '^src/runtime/', pathNot: TEST_FILE },
      to: { path: '^src/features/' },
    },
    {
      name: 'content-not-chrome',
      severity: 'error',
      comment: 'Content is read and validated in the build as data; the page chrome (layouts, components, head) renders it, never the reverse.',
      from: { path: '^src/content/', pathNot: TEST_FILE },
      to: { path: '^src/(layouts|components|head|features|islands)/' },
    },
    {
      name: 'content-not-storage',
      severity: 'error',
      comment: "Content is the build's, the same for every visitor; what one browser keeps has no part in it.",
      from: { path: '^src/content/', pathNot: TEST_FILE },
      to: { path: '^src/(storage|data)/' },
    },
    {
      name: 'storage-not-chrome',
      severity: 'error',
      comment: 'Browser storage is the bottom layer: it reads and writes values, and renders nothing.',
      from: { path: '^src/(storage|data)/', pathNot: TEST_FILE },
      to: { path: '^src/(layouts|components|head|islands)/' },
    },
    {
      name: 'server-without-react',
      severity: 'error',
      comment: 'React reaches the server only inside the server bundle it loads by path, never through its own imports.',
      from: { path: '^src/server/', pathNot: TEST_FILE },
      to: { path: '(^|/)node_modules/react(-dom)?/', reachable: true },
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
