import { useIntl } from 'react-intl';
import { COPY_SUCCESS_MS } from '@deck/shared/ui/copy-field/copy-field';
import { useCopy } from '@deck/shared/ui/copy-field/use-copy';
import { Button } from '@deck/shared/ui/button/button';
import { viewLinksMessages as m } from '../messages';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';

export interface CopyLinkButtonProps {
  url: string;
  /** The id of the element naming the link, read as the button's description. */
  describedBy?: string;
  onCopied: () => void;
}

/** 'Copy link', then 'Copied' for 3 s (spec §9); says so when the browser refused to copy. */
export function CopyLinkButton({ url, describedBy, onCopied }: CopyLinkButtonProps) {
  const intl = useIntl();
  const { copied, failed, copy } = useCopy(COPY_SUCCESS_MS);
  return (
    <>
      <Button
        $variant="secondary"
        aria-describedby={describedBy}
        onClick={async () => {
          if (await copy(url)) onCopied();
        }}
      >
        {intl.formatMessage(copied ? m.copied : m.copyLink)}
      </Button>
      <ErrorMessage message={failed && intl.formatMessage(m.copyFailed)} />
    </>
  );
}
