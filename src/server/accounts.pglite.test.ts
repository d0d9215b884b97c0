import { accountsSuite } from '../../tests/server/accounts-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Accounts and sign-in', accountsSuite);
