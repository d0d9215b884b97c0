import { postCoversSuite } from '../../tests/server/post-covers-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Post covers', postCoversSuite);
