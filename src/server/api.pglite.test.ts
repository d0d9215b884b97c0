import { apiSuite } from '../../tests/server/api-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('API', apiSuite);
