import { apiSuite } from '../../tests/server/api-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('API', apiSuite);
