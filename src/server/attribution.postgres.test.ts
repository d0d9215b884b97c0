import { attributionSuite } from '../../tests/server/attribution-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Attribution and the Overview', attributionSuite);
