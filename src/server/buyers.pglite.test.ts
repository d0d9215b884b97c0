import { buyersSuite } from '../../tests/server/buyers-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Buyer records and the partner pipeline', buyersSuite);
