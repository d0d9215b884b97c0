import { leadTimeSuite } from '../../tests/server/lead-time-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Lead time', leadTimeSuite);
