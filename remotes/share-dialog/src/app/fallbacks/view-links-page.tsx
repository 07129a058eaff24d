import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { Heading } from '@deck/shared/ui/text/text';
import { dialogMessages as m } from '../messages';

/**
 * Stands in for features/view-links/components/view-links-page.tsx until that file lands (another
 * engineer writes it): the way back works, and the page says which screen was asked for.
 */
export function ViewLinksPage({ initialScreen, onBack }: { documentOid: string; initialScreen: 'list' | 'create'; onBack: () => void }) {
  const intl = useIntl();
  return (
    <div>
      <Button $variant="ghost" onClick={onBack}>
        ← {intl.formatMessage(m.backToSharing)}
      </Button>
      <Heading>{initialScreen === 'create' ? 'Create New Link' : 'View links'}</Heading>
    </div>
  );
}
