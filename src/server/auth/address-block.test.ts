import { describe } from 'vitest';
import { throttledAddress } from './address-block';
import { eachReturns } from '../../../tests/support/each-returns';

describe('throttledAddress', () => {
  eachReturns('keeps an IPv4 address, also one written as IPv6, and anything that is not an address: %s is %s', throttledAddress, [
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['unknown', 'unknown'],
  ]);

  eachReturns('counts an IPv6 address by its /64, however it is written: %s is %s', throttledAddress, [
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::a%eth0', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
  ]);
});
