/** /admin: the dashboard reads everything from this browser's storage, so it hydrates right after load. */
import { DataProviders } from '@/browser/data/providers';
import { AdminDashboard as Dashboard } from '@/ui/features/admin/AdminDashboard';

export const hydrate = 'load';

export default function AdminDashboard() {
  return (
    <DataProviders>
      <Dashboard />
    </DataProviders>
  );
}
