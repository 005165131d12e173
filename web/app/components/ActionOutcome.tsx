import Alert from '@mui/joy/Alert';

/** What an action on the page answered: its notice (announced as a status) or its problem (as an alert). */
export function ActionOutcome({ notice, problem }: { notice?: string; problem?: string }) {
  return (
    <>
      {notice && (
        <Alert color="success" role="status">
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert color="danger" role="alert">
          {problem}
        </Alert>
      )}
    </>
  );
}
