import { Construction } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';

/** Sidebar targets whose screens the seeds do not show (seed 000 §2 route table): a titled placeholder. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-5xl">
      <Card>
        <EmptyState
          icon={<Construction aria-hidden="true" className="size-10" />}
          title={title}
          description={MSG_CUENTAS.placeholderBody}
        />
      </Card>
    </div>
  );
}
