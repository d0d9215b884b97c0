/**
 * "All leads of this buyer (3)": the link from a lead's details to its buyer's page, with how many
 * leads the buyer has once the server has said (the link works before that, and if it cannot say).
 */
import { useEffect, useState } from 'react';
import { serverBuyer } from '@/browser/api/buyer-api';
import { adminBuyerPath } from '@/shared/domain/admin-links';

type Call = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

export function BuyerLink({ leadId, call }: { leadId: string; call: Call }) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    call(serverBuyer)(leadId).then(
      (buyer) => live && setCount(buyer.leads.length),
      // Only the count is missing: the buyer page says why when it is opened.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [call, leadId]);
  return (
    <p className="lead-details-buyer">
      <a href={adminBuyerPath(leadId)} data-buyer-count={count ?? undefined}>
        All leads of this buyer{count === null ? '' : ` (${count})`}
      </a>
    </p>
  );
}
