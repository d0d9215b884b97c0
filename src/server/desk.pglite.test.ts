import { deskSuite } from '../../tests/server/desk-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Sales desk colleagues', deskSuite);
