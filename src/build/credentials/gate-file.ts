/**
 * Where a static build keeps the gate's pairs (credentials-plugin.ts): a chunk of their own under
 * a name without a hash. Each build salts the pairs anew; under a hashed name the new salt would
 * rename that chunk, every chunk that imports it and the entry script every page names, so every
 * file of two builds of the same site would differ. The host sends this one file `no-cache`
 * (host-headers.ts), so a changed password reaches returning visitors at once.
 */
export const GATE_CHUNK = 'gate';
export const GATE_FILE = 'gate/credentials.js';
