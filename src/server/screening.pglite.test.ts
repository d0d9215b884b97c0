import { screeningSuite } from '../../tests/server/screening-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Lead screening', screeningSuite);
