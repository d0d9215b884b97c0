import { audit } from './scripts/audit-size';
import { CLIENT_MANIFEST, DIST_DIR } from './src/build/pipeline/build-paths';
console.log(DIST_DIR, audit(DIST_DIR, CLIENT_MANIFEST, process.cwd()).admin?.totalBytes);
