import { attributionSuite } from '../../tests/server/attribution-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Attribution and the Overview', attributionSuite);
