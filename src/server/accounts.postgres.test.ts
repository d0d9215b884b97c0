import { accountsSuite } from '../../tests/server/accounts-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Accounts and sign-in', accountsSuite);
