import { deskSuite } from '../../tests/server/desk-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Sales desk colleagues', deskSuite);
