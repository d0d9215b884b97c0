import { buyersSuite } from '../../tests/server/buyers-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Buyer records and the partner pipeline', buyersSuite);
