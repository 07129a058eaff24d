import { ErrorText } from '@deck/shared/ui/text/text';
import { useAnnounce } from '@deck/shared/ui/live-region/use-announce';

export interface ErrorMessageProps {
  /** Nothing is shown or said while it is empty. */
  message: string | null | undefined | false;
  /** For the field it concerns (`aria-describedby`). */
  id?: string;
}

/** An error shown beside what it concerns and said once in the page's live region. */
export function ErrorMessage({ message, id }: ErrorMessageProps) {
  useAnnounce(message);
  return message ? <ErrorText id={id}>{message}</ErrorText> : null;
}
