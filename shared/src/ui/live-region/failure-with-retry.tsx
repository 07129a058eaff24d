import { Button } from '@deck/shared/ui/button/button';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';

/** A read that failed: what went wrong (announced), then a button that tries again. */
export function FailureWithRetry({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <>
      <ErrorMessage message={message} />
      <div>
        <Button $variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </>
  );
}
