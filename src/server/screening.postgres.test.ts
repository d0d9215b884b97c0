import { screeningSuite } from '../../tests/server/screening-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Lead screening', screeningSuite);
