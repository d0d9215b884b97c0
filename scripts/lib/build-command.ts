/**
 * The build as a command line, for the scripts and tests that run it in a child process without
 * npm (whose start-up and own output they do without). package.json's `build` script is the same
 * command; build-command.test.ts keeps the two equal.
 *
 * --max-semi-space-size: the build makes a great many short-lived objects (every post's markdown
 * becomes syntax trees, every page a React tree), and Node's default young generation fills many
 * times a second. A larger one collects less often: at 1,000 posts the build took 17.9 s instead
 * of 21.0 (median of six runs each).
 */
export const BUILD_NODE_FLAGS = ['--max-semi-space-size=32'];
export const BUILD_SCRIPT = 'scripts/build.ts';

/** Arguments for `process.execPath`, run from the project's root: tsx's command line, then the flags and the script. */
export const BUILD_ARGV = ['node_modules/tsx/dist/cli.mjs', ...BUILD_NODE_FLAGS, BUILD_SCRIPT];

/** The build `npm start` makes, for the site's own server: no static-host sign-in gate in the bundle. */
export const FOR_SERVER_FLAG = '--for-server';
export const BUILD_FOR_SERVER_ARGV = [...BUILD_ARGV, FOR_SERVER_FLAG];
