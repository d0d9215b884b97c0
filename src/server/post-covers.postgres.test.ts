import { postCoversSuite } from '../../tests/server/post-covers-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Post covers', postCoversSuite);
