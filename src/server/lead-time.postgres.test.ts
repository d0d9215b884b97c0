import { leadTimeSuite } from '../../tests/server/lead-time-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Lead time', leadTimeSuite);
